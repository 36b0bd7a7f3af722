"""NormScope: python main.py [options]; python main.py --help lists them (the same as the normscope command)."""

import sys

from app.launch import main

if __name__ == "__main__":
    sys.exit(main())

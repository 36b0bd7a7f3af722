"""NormScope: python main.py [options]; python main.py --help lists them."""

import sys

from app.cli import main

if __name__ == "__main__":
    sys.exit(main())

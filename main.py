"""NormScope: python main.py [options]; python main.py --help lists them."""

import os
import sys

# One BLAS thread: the stack simulation's skinny products run erratically on two here, and the
# second core stays free for the UI thread while the worker computes. Set before NumPy loads.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from app.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())

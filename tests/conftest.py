import os

# Before any QApplication exists: without a display Qt would abort the run.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# As main.py does for the app, before NumPy loads.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

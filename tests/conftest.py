import os

# Before any QApplication exists: without a display Qt would abort the run.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

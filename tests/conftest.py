import os

# Before any QApplication exists: without a display Qt would abort the run.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# As main.py does for the app, before NumPy loads.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", default=False,
                     help="also run the tests marked slow (long fuzz sizes, training claims)")


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long-running; skipped unless pytest is given --slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--slow"):
        return
    import pytest

    skip = pytest.mark.skip(reason="slow: run with ./dev test --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)

import os
import tempfile

import pytest
import shiboken6

# Bytecode caches follow the user's setting (PYTHONDONTWRITEBYTECODE, python -B): where writing is off,
# pytest still reads the caches a run without it wrote. ./dev test is the one place that writes them
# anyway (see its comment): without the rewritten test modules' caches, collection takes 6.9 s of CPU
# instead of 2.7 s.

# Before any QApplication exists: without a display Qt would abort the run.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# As main.py does for the app, before NumPy loads.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# The suite never writes into the user's home: settings, logs and caches of every QApplication the
# tests create (this process and its subprocesses) land in a throwaway folder.
_HOME = tempfile.TemporaryDirectory(prefix="normscope-tests-home-")
for _name, _sub in (("HOME", ""), ("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
                    ("XDG_CACHE_HOME", ".cache"), ("XDG_STATE_HOME", ".local/state")):
    os.environ[_name] = os.path.join(_HOME.name, _sub)
    os.makedirs(os.environ[_name], exist_ok=True)


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", default=False,
                     help="also run the tests marked slow (long fuzz sizes, training claims)")


def pytest_configure(config):
    from hypothesis import settings as hypothesis_settings

    from tests import fuzz_budget

    # Fewer hypothesis cases by default, every one under --slow (tests/fuzz_budget.py): the tests with a
    # count of their own ask cases(n), the others take this profile's.
    fuzz_budget.FULL = config.getoption("--slow")
    hypothesis_settings.register_profile("normscope", max_examples=fuzz_budget.cases(100))
    hypothesis_settings.load_profile("normscope")
    config.addinivalue_line("markers", "slow: long-running; skipped unless pytest is given --slow")
    config.addinivalue_line("markers", "window(size=None, shown=True): how the window fixture opens its MainWindow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with ./dev test --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item):
    """After each test, delete what it closed. pytest-qt closes the widgets given to ``qtbot.addWidget``
    and calls deleteLater, but nothing runs the deferred deletes until a later test happens to spin an
    event loop: the suite kept every MainWindow it opened (359 top-level widgets after 100 window tests),
    and each language, theme or font change then went to all of them (the window-heaviest four files took
    29.1 s of CPU with them alive, 24.4 s without)."""
    result = yield
    from PySide6.QtCore import QCoreApplication, QEvent

    if QCoreApplication.instance() is not None:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return result


@pytest.fixture(scope="session")
def qapp(qapp_args, qapp_cls):
    """pytest-qt's application, named as NormScope names its own (not "pytest-qt-qapp")."""
    app = qapp_cls.instance() or qapp_cls(qapp_args)
    app.setApplicationName("NormScope")
    app.setOrganizationName("NormScope")
    return app


@pytest.fixture
def settings(tmp_path):
    """A settings file of the test's own (never the user's), as the window fixture's MainWindow uses it."""
    from PySide6.QtCore import QSettings

    return QSettings(str(tmp_path / "normscope.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(request, qtbot, settings):
    """A MainWindow on the xian preset with the ``settings`` fixture, shown. A module or test marked
    ``pytest.mark.window(size=(w, h))`` gets it at that size (set before it is shown), one marked
    ``shown=False`` gets it built but not shown. What outlives the window (the language, presentation
    mode's font, the theme's palette: they are the application's) is put back after the test."""
    from app.window import language
    from app.window.main_window import MainWindow

    marker = request.node.get_closest_marker("window")
    options = {"size": None, "shown": True} | (marker.kwargs if marker else {})
    w = MainWindow("xian", settings)
    qtbot.addWidget(w)
    if options["size"] is not None:
        w.resize(*options["size"])
    if options["shown"]:
        w.show()
    yield w
    if language.current_language() != "en":
        w.set_language("en")
    w.presentation.set_enabled(False)
    if w.dark:
        w.set_theme("light")


@pytest.fixture
def settings_panel(qtbot):
    """The Settings panel (ControlsPanel) editing a Document on xian, shown, without a window: for tests of
    one control's wiring. Returns ``document`` and ``controls``."""
    from types import SimpleNamespace

    from app.window.document import Document
    from engine.setup.presets import load_preset
    from widgets.editors.controls_panel import ControlsPanel

    document = Document(load_preset("xian"))
    controls = ControlsPanel(document)
    document.setParent(controls)
    qtbot.addWidget(controls)
    controls.show()
    return SimpleNamespace(document=document, controls=controls)


@pytest.fixture
def token_grid(qtbot):
    """The token grid (MatrixView) editing a Document on xian, shown, without a window: for tests of what
    the grid takes and refuses. Returns ``document``, ``grid`` and ``messages`` (what the Document told the
    user, which the window's status bar shows)."""
    from types import SimpleNamespace

    from app.window.document import Document
    from engine.setup.presets import load_preset
    from widgets.editors.matrix_view import MatrixView

    document = Document(load_preset("xian"))
    grid = MatrixView(document, "matrix", "tokenGrid")
    document.setParent(grid)
    messages: list[str] = []
    document.statusMessage.connect(messages.append)
    qtbot.addWidget(grid)
    grid.show()
    return SimpleNamespace(document=document, grid=grid, messages=messages)


@pytest.fixture
def plots_tab(qtbot):
    """``plots_tab("apple")``: the Plots tab wired to a Document as the window wires it (through the result
    hub; a loaded scenario fits the views again), shown at 1000 × 560 without the rest of a MainWindow
    (about half its cost). Returns ``document``, ``page`` (the PlotsPage) and ``hub``."""
    from types import SimpleNamespace

    from app.window.document import Document
    from app.window.result_hub import ResultHub
    from engine.setup.presets import load_preset
    from widgets.plots.plots_page import PlotsPage

    def build(preset: str = "xian") -> SimpleNamespace:
        page = PlotsPage()
        qtbot.addWidget(page)
        document = Document(load_preset(preset), page)
        hub = ResultHub(page, lambda: document.result, [])
        for view in page.views():
            hub.add(view)
        document.resultChanged.connect(hub.show_result)
        document.scenarioLoaded.connect(page.fit_again)
        page.resize(1000, 560)
        page.show()
        return SimpleNamespace(document=document, page=page, hub=hub)

    return build


@pytest.fixture(scope="module")
def module_window(tmp_path_factory, qapp):
    """``module_window("apple", {"plots/stacks": "pre,post"})``: a MainWindow the module's tests share (each
    MainWindow costs 0.2-1 s), on that preset with those settings in a throwaway file, the bundled fonts
    registered as the app does, shown at 1400 × 860 with its stacks computed; closed after the module.
    For tests that only read it (figures exported from it); a test that changes it takes ``window``."""
    from PySide6.QtCore import QSettings

    from app.window.main_window import MainWindow
    from widgets.common.fonts import register_bundled_fonts

    register_bundled_fonts()
    opened = []

    def open_window(preset: str = "apple", values: dict | None = None):
        settings = QSettings(str(tmp_path_factory.mktemp("settings") / "normscope.ini"), QSettings.Format.IniFormat)
        for key, value in (values or {}).items():
            settings.setValue(key, value)
        window = MainWindow(preset, settings)
        opened.append(window)
        window.resize(1400, 860)
        window.show()
        window.document.wait_until_idle()
        qapp.processEvents()
        return window

    yield open_window
    for window in opened:
        window.close()
        shiboken6.delete(window)


@pytest.fixture
def made(qapp):
    """Widgets deleted at once after the test: pytest-qt's addWidget closes a pyqtgraph view (clearing its
    scene) and deletes it only later, and a language change in between would reach a plot without its items."""
    widgets = []
    yield widgets.append
    for widget in widgets:
        shiboken6.delete(widget)


@pytest.fixture
def answer_dialog():
    """``answer_dialog("Close anyway")``: the next modal dialog gets that button clicked, as a user
    would; returns the list that receives the dialog's text."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QAbstractButton, QApplication, QMessageBox

    def arm(button_text: str, tries: int = 500) -> list[str]:
        seen: list[str] = []

        def click(left: int = tries) -> None:
            box = QApplication.activeModalWidget()
            buttons = [] if box is None else [b for b in box.findChildren(QAbstractButton)
                                              if b.text().replace("&", "") == button_text]
            if not buttons:
                if left:
                    QTimer.singleShot(10, lambda: click(left - 1))
                return
            seen.append(box.text() if isinstance(box, QMessageBox) else box.windowTitle())
            buttons[0].click()

        QTimer.singleShot(0, click)
        return seen

    return arm

"""The teaching tabs and the Training tab of the main window, each built when first opened.

Block flow, LN vs BN groups, BatchNorm's problems, Scale invariance, Activations and Training are
added through the window's public tab and figure calls (``app.window.tab_host.TabHost``); their modules are
imported by the builders, so start-up imports none of them (a third of the start-up time otherwise).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QObject, QSettings

from app.window import settings_file

if TYPE_CHECKING:
    from app.window.tab_host import TabHost
    from app.window.training_session import TrainingSession
    from widgets.editors.matrix_view import MatrixView
    from widgets.teaching.activations_view import ActivationsView
    from widgets.teaching.batchnorm_lab import BatchNormLab
    from widgets.teaching.block_page import BlockPage
    from widgets.teaching.grouping_view import GroupingView
    from widgets.teaching.scale_demo import ScaleDemo
    from widgets.training.training_page import TrainingPage

#: Where the loss plot's smoothing (steps) is remembered.
SMOOTHING_KEY = "training/loss_smoothing"
#: The Training tab's figures, as ``TrainingPage.figures()`` names them.
TRAINING_FIGURES = ("training_loss", "training_layer_grad_norm", "training_update_ratio", "training_residual_rms",
                    "training_max_logit")


class TeachingTabs(QObject):
    """Adds the tabs to ``window``; the BatchNorm lab follows the token selected in ``token_grid``; the
    Training tab draws the runs of ``training`` and forwards its gestures there.

    Each page is a property that builds it if it was never opened (as opening its tab would).
    """

    def __init__(self, window: TabHost, token_grid: MatrixView, training: TrainingSession, settings: QSettings):
        super().__init__(window)
        self._token_grid = token_grid
        self._training_session = training
        self._settings = settings
        self._block = window.add_lazy_tab("blockTab", lambda: self.tr("Block flow"), self._build_block, True)
        self._grouping = window.add_lazy_tab("groupsTab", lambda: self.tr("LN vs BN groups"), self._build_grouping,
                                             True)
        self._batchnorm = window.add_lazy_tab("batchNormTab", lambda: self.tr("BatchNorm's problems"),
                                              self._build_batchnorm, True)
        self._scale = window.add_lazy_tab("scaleTab", lambda: self.tr("Scale invariance"), self._build_scale, True)
        # The functions don't depend on the scenario; the training runs have settings of their own.
        self._activations = window.add_lazy_tab("activationsTab", lambda: self.tr("Activations"),
                                                self._build_activations)
        self._training = window.add_lazy_tab("trainingTab", lambda: self.tr("Training"), self._build_training)
        window.add_undo_stack(self._training, training.undo_stack)  # removing a run, Clear
        window.add_figures(lambda: {"block_flow": self.tr("Block diagram"), "block_stage": self.tr("Block stage heatmap")},
                           lambda: {"block_flow": self.block_page.flow, "block_stage": self.block_page.heatmap},
                           self._block)
        window.add_figures(lambda: {"groups": self.tr("LN vs BN groups")}, lambda: {"groups": self.grouping_view},
                           self._grouping)
        window.add_figures(lambda: {"batch_size": self.tr("BatchNorm and batch size"),
                                    "running_stats": self.tr("Running statistics")},
                           lambda: {"batch_size": self.batchnorm_lab.batch_plot,
                                    "running_stats": self.batchnorm_lab.running_plot},
                           self._batchnorm)
        # Its plot too gets Export… / Copy image in the UI's language (it had pyqtgraph's English "Export...").
        window.add_figures(lambda: {"activations": self.tr("Activation function (Activations tab)")},
                           lambda: {"activations": self.activations_view.plot}, self._activations)
        window.add_figures(self._training_titles, lambda: self.training_page.figures(), self._training)
        token_grid.selectionModel().currentChanged.connect(self._on_current_cell)

    @property
    def block_page(self) -> BlockPage:
        return self._block.ensure_built()

    @property
    def grouping_view(self) -> GroupingView:
        return self._grouping.ensure_built()

    @property
    def batchnorm_lab(self) -> BatchNormLab:
        return self._batchnorm.ensure_built()

    @property
    def scale_demo(self) -> ScaleDemo:
        return self._scale.ensure_built()

    @property
    def activations_view(self) -> ActivationsView:
        return self._activations.ensure_built()

    @property
    def training_page(self) -> TrainingPage:
        return self._training.ensure_built()

    def _training_titles(self) -> dict[str, str]:
        titles = (self.tr("Training loss"), self.tr("Gradient norm by layer (Training tab)"),
                  self.tr("Update-to-weight ratio (Training tab)"), self.tr("Residual RMS by layer (Training tab)"),
                  self.tr("Largest attention logit (Training tab)"))
        return dict(zip(TRAINING_FIGURES, titles))

    def _on_current_cell(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._batchnorm.content is not None:  # else it picks the row up when built
            self._batchnorm.content.select_token(current.row())

    @staticmethod
    def _build_block() -> BlockPage:
        from widgets.teaching.block_page import BlockPage

        return BlockPage()

    @staticmethod
    def _build_grouping() -> GroupingView:
        from widgets.teaching.grouping_view import GroupingView

        return GroupingView()

    def _build_batchnorm(self) -> BatchNormLab:
        from widgets.teaching.batchnorm_lab import BatchNormLab

        lab = BatchNormLab()
        lab.select_token(max(self._token_grid.currentIndex().row(), 0))
        return lab

    @staticmethod
    def _build_scale() -> ScaleDemo:
        from widgets.teaching.scale_demo import ScaleDemo

        return ScaleDemo()

    @staticmethod
    def _build_activations() -> ActivationsView:
        from widgets.teaching.activations_view import ActivationsView

        return ActivationsView()

    def _build_training(self) -> TrainingPage:
        from widgets.training.training_page import TrainingPage

        page = TrainingPage(self._training_session)  # it shows the runs the session holds already
        raw = settings_file.text(self._settings, SMOOTHING_KEY, "")
        if raw.isascii() and raw.isdigit() and len(raw) < 8:  # else the default; out of range: clamped
            page.set_loss_smoothing(int(raw))
        page.smoothingChanged.connect(lambda steps: self._settings.setValue(SMOOTHING_KEY, str(steps)))
        return page

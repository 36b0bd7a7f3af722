"""The Plots tab: row statistics, depth and gradients side by side above the stage heatmaps and the
depth-laws caption; its views follow the data until the user zooms, and fit it again on new data."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QWidget

from widgets.plotkit.fitted_view import FittedViewBox
from widgets.plotkit.plot_style import graphics_views
from widgets.plots.depth_laws_caption import DepthLawsCaption
from widgets.plots.depth_plot import DepthPlot
from widgets.plots.grad_plot import GradPlot
from widgets.plots.row_stats_plot import RowStatsPlot
from widgets.plots.stage_heatmaps import StageHeatmaps

# The grid's column stretches (the three line plots) and row stretches (line plots, heatmaps): side by
# side in equal thirds, and in presentation mode the depth plot, the one a class is shown,
# half the top row and the top row most of the page, the largest of the five views.
ORDINARY_STRETCH = ((1, 1, 1), (3, 2))
PRESENTING_STRETCH = ((1, 2, 1), (5, 2))
#: In presentation mode, the stretches that give the view a lesson step is about the most room instead
#: (a step asking for 西安's μ showed the μ/σ plot as the smallest of the five).
PRESENTING_EMPHASIS = {"row_stats": ((2, 1, 1), (5, 2)), "depth": PRESENTING_STRETCH,
                       "grad": ((1, 1, 2), (5, 2)), "stages": ((1, 1, 1), (2, 3))}


class PlotsPage(QWidget):
    """The five views of the Plots tab in their grid (each shown the Result by whoever owns the page)."""

    # The user moved or zoomed one of the fitted views: edits now keep that view.
    viewMoved = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.row_stats_plot = RowStatsPlot()
        self.depth_plot = DepthPlot()
        self.grad_plot = GradPlot()
        self.stage_heatmaps = StageHeatmaps()
        self.depth_laws = DepthLawsCaption()
        grid = self._grid = QGridLayout(self)
        grid.setContentsMargins(4, 4, 4, 4)
        # Three line plots side by side above the four stage heatmaps, which need the width.
        for col, view in enumerate((self.row_stats_plot, self.depth_plot, self.grad_plot)):
            view.setMinimumSize(180, 200)  # three side by side still fit a 1024-pixel screen
            grid.addWidget(view, 0, col)
        grid.addWidget(self.stage_heatmaps, 1, 0, 1, 3)
        grid.addWidget(self.depth_laws, 2, 0, 1, 3)  # what the depth and gradient curves show, measured
        self.depth_laws.follow(self)
        self._presenting = False
        self._emphasis = "depth"  # the view presentation mode gives the most room
        self._stretch(ORDINARY_STRETCH)
        for view in self.fitted_views():
            view.sigUserMoved.connect(self.viewMoved)

    def present(self, on: bool) -> None:
        """Presentation mode on or off: the emphasized view's share of the page (the depth plot's, unless
        a lesson step is about another view), the caption's text size."""
        self._presenting = on
        self._stretch(PRESENTING_EMPHASIS[self._emphasis] if on else ORDINARY_STRETCH)
        self.depth_laws.follow_the_text_size()

    def emphasize(self, view: str) -> None:
        """Give ``view`` ("row_stats", "depth", "grad" or "stages") the most room in presentation mode."""
        if view in PRESENTING_EMPHASIS and view != self._emphasis:
            self._emphasis = view
            if self._presenting:
                self._stretch(PRESENTING_EMPHASIS[view])

    def emphasized(self) -> str:
        return self._emphasis

    def _stretch(self, stretch: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
        columns, rows = stretch
        for col, factor in enumerate(columns):
            self._grid.setColumnStretch(col, factor)
        for row, factor in enumerate(rows):
            self._grid.setRowStretch(row, factor)

    def views(self) -> list[QWidget]:
        """The five views, each drawing a Result (``show_result``)."""
        return [self.row_stats_plot, self.depth_plot, self.grad_plot, self.depth_laws, self.stage_heatmaps]

    def figure_titles(self) -> dict[str, str]:
        """The page's figures' titles in the UI language, by export name."""
        return {"row_stats": self.tr("μ/σ plot"), "depth": self.tr("Depth plot"), "grad": self.tr("Gradient plot"),
                "stages": self.tr("Stage heatmaps")}

    def figures(self) -> dict[str, QWidget]:
        """The page's figures by export name (the depth figure is the plot without its controls)."""
        return {"row_stats": self.row_stats_plot, "depth": self.depth_plot.plot, "grad": self.grad_plot,
                "stages": self.stage_heatmaps}

    def fitted_views(self) -> list[FittedViewBox]:
        """The views that follow the data until the user zooms."""
        return [item for view in graphics_views(self) for item in view.scene().items()
                if isinstance(item, FittedViewBox)]

    def fit_again(self) -> None:
        """New data: the plots drop the user's zoom and show their fits."""
        for view in self.fitted_views():
            view.refit()

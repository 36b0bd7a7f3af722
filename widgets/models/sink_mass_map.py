"""Attention sinks: a layer × head map of how much of each head's attention lands on token 0 (its
sink mass), beside the massive-activation strip; hover a cell for the head's three statistics."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF

from widgets.common.retranslation import Retranslating
from widgets.plotkit.colour_bar import ColourBar
from widgets.plotkit.grid_axis import QuickAxis
from widgets.plotkit.heatmap_frame import heatmap_frame
from widgets.plotkit.heatmap_image import HeatmapImage
from widgets.plotkit.plot_note import PlotNote
from widgets.plotkit.plot_style import cell_ticks

#: Sequential and colour-blind safe: dark where a head looks elsewhere, bright where it sinks on token 0.
COLORMAP = "viridis"
#: A sink mass is a share of the attention: the scale is always 0 … 1, so two runs compare by colour.
LEVELS = (0.0, 1.0)


class SinkMassMap(Retranslating, pg.GraphicsView):
    """``show_statistics(attention)``: the (L, heads, 3) sink_mass, max_logit, entropy of a run (only
    the first is drawn; the tooltip gives all three); ``clear()``: the empty state. Draws the arrays it
    is given and computes nothing."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("sinkMassMap")
        self.setAccessibleName("sinkMassMap")
        frame = heatmap_frame(self, invert_y=True)
        layout = frame.layout
        self.titleLabel, self.vb, self._axes = frame.title, frame.view, frame.axes  # noqa: N815 (the plot kit's name)
        colormap = pg.colormap.get(COLORMAP)
        self.image = HeatmapImage(axisOrder="row-major", blocky=True)  # sharp cells in SVG and PDF viewers too
        self.image.setColorMap(colormap)
        self.vb.addItem(self.image)
        self._colour_bar = ColourBar(colormap)
        self._colour_bar.add_to(layout, row=1, col=2)
        self._colour_bar.set_levels(*LEVELS)
        layout.setColumnSpacing(1, 8)
        layout.setColumnStretchFactor(1, 1)
        self.note = PlotNote(self.vb)
        self._statistics = np.zeros((0, 0, 3))
        self._ticked_for = None  # the (layers, heads, view size) the tick labels were thinned for
        self.vb.sigResized.connect(lambda _: self._label_cells())
        self.scene().sigMouseMoved.connect(self._on_hover)
        self.retranslate()
        self.clear()

    def getAxis(self, name: str) -> QuickAxis:  # noqa: N802 (PlotItem's name)
        return self._axes[name]

    def retranslate(self) -> None:
        self.titleLabel.set_text(self.tr("Attention sinks: share of each head's attention on token 0"))
        self._axes["bottom"].setLabel(self.tr("head"))
        self._axes["left"].setLabel(self.tr("layer"))
        self._colour_bar.axis.setLabel(self.tr("sink mass"))
        self._update_note()

    def _update_note(self) -> None:
        sink = self._statistics[..., 0]
        if not sink.size:
            text = self.tr("Load a model to see which heads put their attention on the first token.")
        elif not np.isfinite(sink).any():
            text = self.tr("One token: no later token can attend to token 0, so there is no sink mass.")
        elif not np.isfinite(sink).all():
            text = self.tr("{count} of {total} heads have a NaN or inf sink mass: drawn blank.").format(
                count=int(sink.size - np.isfinite(sink).sum()), total=sink.size)
        else:
            text = ""
        self.note.set_text(text)

    def clear(self) -> None:
        self._statistics = np.zeros((0, 0, 3))
        self.image.clear()
        self._axes["left"].setTicks([[]])
        self._axes["bottom"].setTicks([[]])
        self._colour_bar.set_visible(False)
        self.setToolTip("")
        self._update_note()

    def show_statistics(self, attention: np.ndarray) -> None:
        """Draw the sink mass of ``attention`` (L, heads, 3), layer 0 at the top."""
        attention = np.asarray(attention, dtype=np.float64)
        reshaped = attention.shape[:2] != self._statistics.shape[:2]
        self._statistics = attention
        layers, heads = attention.shape[:2]
        self.image.setImage(attention[..., 0], levels=LEVELS)
        self.image.setRect(QRectF(0, 0, heads, layers))
        self._colour_bar.set_visible(True)
        if reshaped:
            self._ticked_for = None
            self._label_cells()
            self.vb.fit((0.0, float(heads)), (0.0, float(layers)))
            self.vb.refit()
        self._update_note()

    def _label_cells(self) -> None:
        """Layer and head numbers thinned to the view's size, again when it changes (a figure's size)."""
        layers, heads = self._statistics.shape[:2]
        key = (layers, heads, round(self.vb.width()), round(self.vb.height()))
        if not layers or key == self._ticked_for:
            return
        self._ticked_for = key
        left, bottom = self._axes["left"], self._axes["bottom"]
        left.setTicks([cell_ticks([str(k) for k in range(layers)], left, max(self.vb.height(), 1.0))])
        bottom.setTicks([cell_ticks([str(h) for h in range(heads)], bottom, max(self.vb.width(), 1.0))])

    def shown_image(self) -> np.ndarray:
        """The picture drawn now (for tests)."""
        return self.image.image

    def cell_text(self, layer: int, head: int) -> str:
        """What hovering the cell of ``layer`` and ``head`` says."""
        sink, max_logit, entropy = self._statistics[layer, head]
        return self.tr("layer {layer}, head {head}: sink mass {sink}, largest logit {logit}, "
                       "entropy {entropy} nats").format(layer=layer, head=head, sink=f"{sink:.3g}",
                                                         logit=f"{max_logit:.4g}", entropy=f"{entropy:.3g}")

    def _on_hover(self, pos) -> None:
        if not self._statistics.size or not self.vb.sceneBoundingRect().contains(pos):
            return
        point = self.vb.mapSceneToView(pos)
        layer, head = int(np.floor(point.y())), int(np.floor(point.x()))
        if 0 <= layer < self._statistics.shape[0] and 0 <= head < self._statistics.shape[1]:
            self.setToolTip(self.cell_text(layer, head))


if __name__ == "__main__":
    import sys

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    view = SinkMassMap()
    rng = np.random.default_rng(0)
    view.show_statistics(np.stack([rng.uniform(0, 1, (30, 9)), rng.normal(8, 3, (30, 9)),
                                   rng.uniform(0, 2, (30, 9))], axis=-1))
    view.resize(420, 600)
    view.show()
    app.exec()

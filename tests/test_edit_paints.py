"""An edit paints each plot it changes once: its layout and its views' transforms are settled before the
paint, so nothing moved during a paint asks for a second one (the heatmaps with A pinned, whose B − A
colour scales and their axes' widths change with almost every edit, were painted 1.7 times an edit)."""

from collections import Counter

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QObject


class _PaintCounter(QObject):
    """Counts the Paint events reaching each of the plot viewports."""

    def __init__(self, viewports: dict):
        super().__init__()
        self._names = {id(widget): name for name, widget in viewports.items()}
        self.counts: Counter = Counter()

    def eventFilter(self, watched, event):  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint and id(watched) in self._names:
            self.counts[self._names[id(watched)]] += 1
        return False


def _settle(qapp) -> None:
    for _ in range(6):  # pyqtgraph defers its scene updates to queued events: the paints follow them
        qapp.processEvents()


@pytest.mark.parametrize("pinned", [False, True], ids=["plain", "A pinned"])
def test_each_plot_is_painted_once_per_edit(window, qapp, pinned):
    viewports = {"row stats": window.row_stats_plot.viewport(), "depth": window.depth_plot.plot.viewport(),
                 "gradients": window.grad_plot.viewport(), "heatmaps": window.stage_heatmaps.viewport()}
    if pinned:
        window.document.pin()
    model = window.token_grid.model()
    _settle(qapp)
    counter = _PaintCounter(viewports)
    qapp.installEventFilter(counter)
    try:
        rng = np.random.default_rng(1)
        edits = 12
        for _ in range(edits):
            # B − A small and changing: the colour bars' scales (and their "(x0.001)") move under edits
            model.setData(model.index(3, int(rng.integers(0, 4))), f"{rng.normal():.6g}")
            _settle(qapp)
    finally:
        qapp.removeEventFilter(counter)
    assert window.stage_heatmaps.stage_titles()[0].startswith("B − A") == pinned
    assert dict(counter.counts) == {name: edits for name in viewports}

"""The Block flow tab: the block's diagram beside the selected stage as a heatmap and a table.

The page keeps the stage views in step with the diagram itself: a new result, a click on a step,
Step ▶ / ◀ and a language change (the heatmap's title is the step's description) all redraw them.
Open it alone with ``python -m widgets.teaching.block_page [preset]``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QWidget

from engine.results.compute import Result
from widgets.plots.stage_heatmap import StageHeatmap
from widgets.teaching.block_flow import BlockFlow
from widgets.teaching.stage_table import StageTable


class BlockPage(QSplitter):
    """``flow`` on the left; on the right ``heatmap`` above ``table``, both showing the stage selected in ``flow``."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setObjectName("blockPage")
        self._result: Result | None = None
        self.flow = BlockFlow()
        self.heatmap = StageHeatmap()
        self.table = StageTable()
        self.flow.stageSelected.connect(lambda _: self._show_stage())
        # The diagram retranslates after this page (Qt tells parents first): the description is new then.
        self.flow.retranslated.connect(self._show_stage)
        self.flow.select_stage("input", emit=False)  # the walk starts at x: its matrix, not an empty plot
        stage_views = QSplitter(Qt.Orientation.Vertical)
        stage_views.addWidget(self.heatmap)
        stage_views.addWidget(self.table)
        self.addWidget(self.flow)
        self.addWidget(stage_views)
        self.setSizes([420, 600])

    def show_result(self, result: Result) -> None:
        """Follow ``result``'s block (placement, norm) and show its selected stage."""
        self._result = result
        self.flow.show_result(result)
        self._show_stage()

    def _show_stage(self) -> None:
        key = self.flow.selected_stage()
        self.table.show_stage(self._result, key)
        self.heatmap.show_stage(self._result, key, self.flow.stage_description(key) if key else "")


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(BlockPage, (1100, 600))

"""The sink-mass map and the loss table draw the arrays they are given, offscreen."""

import numpy as np
import pytest

from widgets.models.loss_table import LossTable
from widgets.models.sink_mass_map import SinkMassMap


def statistics(layers=4, heads=3):
    sink = np.linspace(0.0, 1.0, layers * heads).reshape(layers, heads)
    return np.stack([sink, sink * 10 + 1, 2 - sink], axis=-1)


def test_the_map_draws_sink_mass_one_row_per_layer_and_names_all_three_numbers(qtbot):
    view = SinkMassMap()
    qtbot.addWidget(view)
    view.resize(400, 500)
    view.show()
    view.show_statistics(statistics())
    image = view.shown_image()  # each cell a block of pixels (sharp in figures)
    assert image.shape[0] % 4 == 0 and image.shape[1] % 3 == 0
    assert image[-1, -1] == 1.0 and image[0, 0] == 0.0 and image[image.shape[0] // 4, 0] == pytest.approx(3 / 11)
    text = view.cell_text(3, 2)
    assert "layer 3, head 2" in text and "sink mass 1" in text and "largest logit 11" in text and "entropy 1 nats" in text
    assert view.note.text() == ""
    ticks = view.getAxis("left")._tickLevels[0]  # noqa: SLF001 (what the axis shows)
    assert [label for _, label in ticks] == ["0", "1", "2", "3"]


def test_the_map_hover_sets_the_cells_tooltip(qtbot):
    view = SinkMassMap()
    qtbot.addWidget(view)
    view.resize(400, 500)
    view.show()
    view.show_statistics(statistics())
    qtbot.wait(10)
    centre = view.vb.mapViewToScene(view.vb.mapToView(view.vb.boundingRect().center()))
    point = view.vb.mapSceneToView(centre)
    view._on_hover(centre)  # noqa: SLF001 (the scene's mouse-move handler)
    assert view.toolTip() == view.cell_text(int(point.y()), int(point.x()))


def test_the_empty_and_one_token_maps_say_why_nothing_is_drawn(qtbot):
    view = SinkMassMap()
    qtbot.addWidget(view)
    assert "Load a model" in view.note.text()
    one_token = statistics()
    one_token[..., 0] = np.nan
    view.show_statistics(one_token)
    assert "One token" in view.note.text()
    view.clear()
    assert "Load a model" in view.note.text()


def test_the_loss_table_shows_base_then_each_cost_and_says_overflow(qtbot):
    table = LossTable()
    qtbot.addWidget(table)
    table.show_costs((("base", 6.224, 0.0), ("freeze-norms final", 22.6034, 16.3794),
                      ("freeze-norms all", float("nan"), float("nan")), ("zero-dim 4:507", 5.0, -1.224)))
    cells = table.cells()
    assert cells[0] == ("base", "6.224", "0.000")
    assert cells[1] == ("freeze-norms final", "22.603", "+16.379")
    assert cells[2][1].startswith("NaN") and "overflow" in table.item(2, 1).toolTip()
    assert cells[3][2] == "−1.224"
    table.show_costs(())
    assert table.rowCount() == 0

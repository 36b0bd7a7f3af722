"""A title's own fit (``fitted_points``, asked by a row of heatmap titles on every result) is worked
out once while its text, width, size and the application's font stay the same, and again when one changes."""

from PySide6.QtWidgets import QGraphicsScene

from widgets.plotkit.plot_title import PlotTitle


def test_fitted_points_is_kept_until_an_input_changes(qapp, monkeypatch):
    scene = QGraphicsScene()
    title = PlotTitle("μ and σ per token · LayerNorm sets σ to 1")
    scene.addItem(title)
    title.resize(120, title.minimumHeight())
    calls = []
    fit = title._fit
    monkeypatch.setattr(title, "_fit", lambda *a: calls.append(a) or fit(*a))
    first = title.fitted_points()
    assert [title.fitted_points() for _ in range(5)] == [first] * 5
    assert len(calls) == 1
    title.resize(60, title.minimumHeight())  # a resize refits what is shown (one call), then asks again
    calls.clear()
    title.fitted_points()
    title.fitted_points()
    assert len(calls) == 1
    title.set_point_size(8.0)
    calls.clear()
    title.fitted_points()
    assert len(calls) == 1

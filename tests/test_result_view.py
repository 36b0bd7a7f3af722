"""The main tab's views satisfy the view protocol (widgets/common/result_view.py) the result hub and
the Compare menu drive them through, so their wiring can be tested against fakes."""

from widgets.common.result_view import ComparedView, ResultView
from widgets.compare.differences_view import DifferencesView
from widgets.plots.plots_page import PlotsPage


def test_every_plot_of_the_plots_tab_is_a_result_view_and_those_a_draws_in_are_compared_views(made):
    page = PlotsPage()
    differences = DifferencesView(lambda name, value: str(value))
    made(page)
    made(differences)
    assert all(isinstance(view, ResultView) for view in page.views())
    compared = [page.row_stats_plot, page.depth_plot, page.grad_plot, page.stage_heatmaps, differences]
    assert all(isinstance(view, ComparedView) for view in compared)
    assert not isinstance(page.depth_laws, ComparedView)  # the caption describes B alone

"""The Model tab's four figures drawn from a ModelAnalysis, by the tab and by the headless export alike, and
the names of the places in a model (the place menu and the norm-fit figure's title)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from engine.models.analysis import ModelAnalysis, Place
from widgets.models.figure_subtitle import model_subtitle, show_subtitle
from widgets.models.norm_scatter_view import NormScatterView
from widgets.models.outlier_strip_view import OutlierStripView
from widgets.models.real_depth_view import RealDepthView
from widgets.models.sink_mass_map import SinkMassMap

#: Norms of a block by the name a trace gives them (other names, a family's own, are shown as they are).
_NORM_NAMES = {"attn_norm": lambda: QCoreApplication.translate("ModelPage", "attention norm"),
               "ffn_norm": lambda: QCoreApplication.translate("ModelPage", "FFN norm"),
               "post_attn_norm": lambda: QCoreApplication.translate("ModelPage", "norm after attention"),
               "post_ffn_norm": lambda: QCoreApplication.translate("ModelPage", "norm after the FFN"),
               "q_norm": lambda: QCoreApplication.translate("ModelPage", "query norm (per head)"),
               "k_norm": lambda: QCoreApplication.translate("ModelPage", "key norm (per head)")}


def place_text(place: Place, layers: int) -> str:
    """``place`` in words, in the UI's language: "state 3: entering block 3", "block 3 · FFN norm", ..."""
    translate = QCoreApplication.translate
    if place[0] == "state":
        k = place[1]
        if k == layers:
            return translate("ModelPage", "state {k}: after the last block").format(k=k)
        return translate("ModelPage", "state {k}: entering block {k}").format(k=k)
    _, layer, name = place
    if name == "embedding_norm":
        return translate("ModelPage", "embedding norm")
    if name == "final_norm":
        return translate("ModelPage", "final norm")
    norm = _NORM_NAMES[name]() if name in _NORM_NAMES else name
    return translate("ModelPage", "block {k} · {norm}").format(k=layer, norm=norm)


def draw_analysis(depth: RealDepthView, outliers: OutlierStripView, scatter: NormScatterView, sinks: SinkMassMap,
                  analysis: ModelAnalysis | None) -> None:
    """Draw ``analysis`` (None: nothing loaded yet) on the four figures; the simulated stacks beside the real
    depth come separately (``depth.show_simulated``), as they take longer."""
    views = (depth, outliers, scatter, sinks)
    scatter.loaded = analysis is not None
    if analysis is None:
        show_subtitle(views, "")
        depth.clear()
        outliers.clear()
        scatter.show_fit(None, "")
        sinks.clear()
        return
    show_subtitle(views, model_subtitle(analysis.model_name, analysis.text))
    depth.show_profiles(analysis.base_depth, analysis.edited_depth, analysis.model_name)
    outliers.show_strip(analysis.strip, analysis.tokens.labels)
    if analysis.attention is None:
        sinks.clear()
    else:
        sinks.show_statistics(analysis.attention)
    place = analysis.place
    if place is None or place.fit is None:
        scatter.show_fit(None, "")
    else:
        scatter.show_fit(place.fit, place_text(place.place, len(analysis.base.states) - 1))

"""One Transformer block as a flow of boxes (seed 000, fig. 5-1): click a step, or walk through them.

Pre-Norm:  x → ① norm → ② attention → ⊕ (+x) → ③ norm → ④ FFN → ⊕ (+h)
Post-Norm: x → ② attention → ⊕ (+x) → ① norm → ④ FFN → ⊕ (+h) → ③ norm

Each box stands for one stage key of ``engine.core.block`` (the matrix after that step), so a selection
can be shown by any stage view, e.g. ``StageTable.show_stage(result, key)``.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPalette, QPen, QPolygonF
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QToolTip, QVBoxLayout, QWidget

from engine.core.block import BlockSpec
from engine.results.compute import Result
from engine.core.depth import deepnorm_constants, layer_spec
from widgets.plotkit.plot_style import BLUE, GREEN, GREY, ORANGE, RED, SKY
from widgets.common.retranslation import Retranslating

#: Stage keys in display order per placement, exactly as ``engine.core.block.block_with_grad`` orders them.
#: Mix-LN's first block is drawn as the block it is (Post-Norm once N ≥ 4, else Pre-Norm).
STAGE_ORDER = {
    "pre": ("input", "norm1", "attn", "add1", "norm2", "ffn", "add2"),
    "post": ("input", "attn", "add1", "norm1", "ffn", "add2", "norm2"),
    "peri": ("input", "norm1", "attn", "attn_norm", "add1", "norm2", "ffn", "ffn_norm", "add2"),
    "deepnorm": ("input", "attn", "add1", "norm1", "ffn", "add2", "norm2"),
}
#: Residual bypasses per placement: (stage whose output is carried around, the ⊕ stage it joins).
BYPASSES = {
    "pre": (("input", "add1"), ("add1", "add2")),
    "post": (("input", "add1"), ("norm1", "add2")),
    "peri": (("input", "add1"), ("add1", "add2")),
    "deepnorm": (("input", "add1"), ("norm1", "add2")),
}
#: Box fill per kind of step; the text in each box names the step too, so colour is a second cue.
FILLS = {"input": "#D9D9D9", "norm1": SKY, "norm2": SKY, "attn_norm": SKY, "ffn_norm": SKY, "attn": ORANGE,
         "ffn": GREEN}
NORM_NAMES = {"layer": "LayerNorm", "rms": "RMSNorm", "batch": "BatchNorm", "dyt": "DyT"}
SELECTED_COLOR = RED
#: A ⊕ node's slot, as a share of a box's, where the boxes are cramped (BlockFlow._geometry).
ADD_SLOT = 0.85
BYPASS_COLOR = BLUE


@dataclass(frozen=True)
class _Geometry:
    """Where everything is drawn, for the current widget size."""

    title: QRectF
    formula: QRectF
    nodes: dict[str, QRectF]
    bypass_x: float
    font_px: int
    output_end: float


class BlockFlow(Retranslating, QWidget):
    """The block's steps as boxes and residual adds (⊕), with the two bypasses drawn around them.

    Signals
    -------
    stageSelected(str)
        A stage key of ``engine.core.block`` (``"input"``, ``"norm1"``, ``"attn"``, ...), emitted when a
        box is clicked or the Step / back buttons move the selection.
    retranslated()
        The texts, ``stage_description`` among them, are in the new language (a view showing a
        description asks again).
    """

    stageSelected = Signal(str)
    retranslated = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("blockFlow")
        self.setAccessibleName("blockFlow")
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(260, 380)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._placement = "pre"  # the scenario's
        self._drawn = "pre"  # the layout of the block drawn: Mix-LN's first block is Post- or Pre-Norm
        self._layers = 10
        self._norm = "layer"
        self._selected: str | None = None
        self._hovered: str | None = None
        self._texts: dict[str, str] = {}

        self._caption = QLabel(self)
        self._caption.setObjectName("blockFlowCaption")
        self._caption.setWordWrap(True)
        self._caption.setMinimumHeight(self._caption.fontMetrics().lineSpacing() * 2 + 4)
        self._caption.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._back = QPushButton(self)
        self._back.setObjectName("blockFlowBack")
        self._step = QPushButton(self)
        self._step.setObjectName("blockFlowStep")
        self._back.clicked.connect(self.step_back)
        self._step.clicked.connect(self.step_forward)
        buttons = QHBoxLayout()
        buttons.addWidget(self._back)
        buttons.addWidget(self._step)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addStretch(1)  # the diagram is painted into the space above the caption
        layout.addWidget(self._caption)
        layout.addLayout(buttons)
        self.retranslate()

    # --- public API --------------------------------------------------------------------------

    def show_result(self, result: Result) -> None:
        """Follow the result's placement and norm; the selected stage stays selected."""
        s = result.scenario
        if (s.placement, s.norm, s.layers) == (self._placement, self._norm, self._layers):
            return
        self._placement, self._norm, self._layers = s.placement, s.norm, s.layers
        self._drawn = layer_spec(BlockSpec(placement=s.placement), s.placement, 0, s.layers, False).placement
        if self._selected not in STAGE_ORDER[self._drawn]:
            self._selected = None
        self._update_caption()
        self.update()

    def stage_order(self) -> list[str]:
        """Stage keys in display order for the current placement (the Step button's order)."""
        return list(STAGE_ORDER[self._drawn])

    @contextmanager
    def as_figure(self):
        """Drawn as an exported figure: the block, without the selection or hover highlight."""
        selected, hovered = self._selected, self._hovered
        self._selected = self._hovered = None
        try:
            yield
        finally:
            self._selected, self._hovered = selected, hovered

    def selected_stage(self) -> str | None:
        return self._selected

    def select_stage(self, key: str, emit: bool = True) -> None:
        """Select ``key`` (a stage key of the current placement) and, by default, emit stageSelected."""
        if key not in STAGE_ORDER[self._drawn]:
            raise KeyError(f"no stage {key!r} in a {self._drawn}-norm block")
        self._selected = key
        self._update_caption()
        self.update()
        if emit:
            self.stageSelected.emit(key)

    def step_forward(self) -> None:
        """Select the next stage (the first after the last, or when nothing is selected)."""
        order = self.stage_order()
        i = order.index(self._selected) + 1 if self._selected in order else 0
        self.select_stage(order[i % len(order)])

    def step_back(self) -> None:
        """Select the previous stage (the last before the first, or when nothing is selected)."""
        order = self.stage_order()
        i = order.index(self._selected) - 1 if self._selected in order else -1
        self.select_stage(order[i % len(order)])

    def box_rect(self, key: str) -> QRectF:
        """The clickable rectangle of a stage's box (or ⊕ node), in widget coordinates."""
        return QRectF(self._geometry().nodes[key])

    def stage_at(self, pos: QPointF) -> str | None:
        """The stage whose box is under ``pos`` (widget coordinates), or None."""
        for key, rect in self._geometry().nodes.items():
            if self._hit_rect(key, rect).contains(pos):
                return key
        return None

    def stage_description(self, key: str) -> str:
        """One line saying what the stage's matrix is, in the current language and placement."""
        return self._texts[f"{self._drawn}.{key}"]

    # --- translation -------------------------------------------------------------------------

    def retranslate(self) -> None:
        self._texts = {
            "title.pre": self.tr("Pre-Norm block"),
            "title.post": self.tr("Post-Norm block"),
            "formula.pre": self.tr("h = x + Attn(N₁(x)),   y = h + FFN(N₂(h))"),
            "formula.post": self.tr("h = N₁(x + Attn(x)),   y = N₂(h + FFN(h))"),
            "title.peri": self.tr("Peri-Norm block"),
            "formula.peri": self.tr("h = x + N₁′(Attn(N₁(x))),   y = h + N₂′(FFN(N₂(h)))"),
            "title.deepnorm": self.tr("DeepNorm block, α = {alpha:.3f}"),
            "formula.deepnorm": self.tr("h = N₁(α·x + Attn(x)),   y = N₂(α·h + FFN(h))"),
            "title.mixln.post": self.tr("Mix-LN: layers 1–{k} Post-Norm, then Pre-Norm"),
            "title.mixln.pre": self.tr("Mix-LN: every layer Pre-Norm (N < 4)"),
            "box.attn_norm": self.tr("②′ {norm}"),
            "box.ffn_norm": self.tr("④′ {norm}"),
            "bypass.deepnorm.input": self.tr("+α·x"),
            "bypass.deepnorm.norm1": self.tr("+α·h"),
            "peri.input": self.tr("x: the block's input tokens"),
            "peri.norm1": self.tr("① N₁(x): each token normalized before attention"),
            "peri.attn": self.tr("② Attn(N₁(x)): the multi-head self-attention output"),
            "peri.attn_norm": self.tr("②′ N₁′(Attn(N₁(x))): the attention output normalized too"),
            "peri.add1": self.tr("⊕ h = x + N₁′(Attn(N₁(x))): the first residual sum"),
            "peri.norm2": self.tr("③ N₂(h): normalized again before the FFN"),
            "peri.ffn": self.tr("④ FFN(N₂(h)): the feed-forward output"),
            "peri.ffn_norm": self.tr("④′ N₂′(FFN(N₂(h))): the FFN output normalized too"),
            "peri.add2": self.tr("⊕ y = h + N₂′(FFN(N₂(h))): the block's output"),
            "deepnorm.input": self.tr("x: the block's input tokens"),
            "deepnorm.attn": self.tr("② Attn(x): attention on the raw input"),
            "deepnorm.add1": self.tr("⊕ α·x + Attn(x): the residual weighted by α"),
            "deepnorm.norm1": self.tr("① h = N₁(α·x + Attn(x)): the sum normalized"),
            "deepnorm.ffn": self.tr("④ FFN(h): the feed-forward output"),
            "deepnorm.add2": self.tr("⊕ α·h + FFN(h): the second residual sum"),
            "deepnorm.norm2": self.tr("③ y = N₂(α·h + FFN(h)): the block's output"),
            "box.input": self.tr("x (input)"),
            "box.norm1": self.tr("① {norm}"),
            "box.attn": self.tr("② Multi-head attention"),
            "box.norm2": self.tr("③ {norm}"),
            "box.ffn": self.tr("④ FFN"),
            "no_norm": self.tr("norm off (identity)"),
            "add": self.tr("residual add"),
            "bypass.input": self.tr("+x"),
            "bypass.add1": self.tr("+h"),
            "bypass.norm1": self.tr("+h"),
            "output": self.tr("y → next block"),
            "pre.input": self.tr("x: the block's input tokens"),
            "pre.norm1": self.tr("① N₁(x): each token normalized before attention"),
            "pre.attn": self.tr("② Attn(N₁(x)): the multi-head self-attention output"),
            "pre.add1": self.tr("⊕ h = x + Attn(N₁(x)): the first residual sum"),
            "pre.norm2": self.tr("③ N₂(h): normalized again before the FFN"),
            "pre.ffn": self.tr("④ FFN(N₂(h)): the feed-forward output"),
            "pre.add2": self.tr("⊕ y = h + FFN(N₂(h)): the block's output"),
            "post.input": self.tr("x: the block's input tokens"),
            "post.attn": self.tr("② Attn(x): attention on the raw input"),
            "post.add1": self.tr("⊕ x + Attn(x): the first residual sum"),
            "post.norm1": self.tr("① h = N₁(x + Attn(x)): the sum normalized"),
            "post.ffn": self.tr("④ FFN(h): the feed-forward output"),
            "post.add2": self.tr("⊕ h + FFN(h): the second residual sum"),
            "post.norm2": self.tr("③ y = N₂(h + FFN(h)): the block's output"),
            "none": self.tr("Click a step, or press Step ▶ to walk through the block."),
            "selected": self.tr("Selected: {description}"),
        }
        self._back.setText(self.tr("◀"))
        self._back.setToolTip(self.tr("Previous step"))
        self._step.setText(self.tr("Step ▶"))
        self._step.setToolTip(self.tr("Next step (wraps around)"))
        self.setAccessibleDescription(self.tr("One Transformer block: click a step to show its output"))
        self._update_caption()
        self.update()
        self.retranslated.emit()

    def _update_caption(self) -> None:
        if self._selected is None:
            self._caption.setText(self._texts["none"])
        else:
            self._caption.setText(self._texts["selected"].format(description=self.stage_description(self._selected)))

    def _box_text(self, key: str) -> str:
        text = self._texts.get(f"box.{key}", "")
        if key in ("norm1", "norm2", "attn_norm", "ffn_norm"):
            norm = NORM_NAMES.get(self._norm, self._texts["no_norm"])
            text = text.format(norm=norm)
        return text

    # --- geometry ----------------------------------------------------------------------------

    def _geometry(self) -> _Geometry:
        margin = 8.0
        if not self.isVisible() and self.layout() is not None:
            self.layout().activate()  # box_rect() before the first show still sees the final layout
        bottom = self._caption.geometry().top() - 6
        area = QRectF(margin, margin, self.width() - 2 * margin, max(bottom - margin, 100.0))
        title_px = max(12, min(16, int(area.height() / 34)))
        title = QRectF(area.left(), area.top(), area.width(), title_px * 1.5)
        formula = QRectF(area.left(), title.bottom(), area.width(), title_px * 1.3)
        order = self.stage_order()
        top = formula.bottom() + 8
        room = area.bottom() - top
        slot = room / (len(order) + 0.6)  # the extra 0.6 holds the arrow out of the block
        # Where a box would fill over 0.6 of its slot, a ⊕ (a small circle) gets ADD_SLOT of a slot,
        # giving the boxes and the arrows between them room (a column-wide figure's boxes nearly touched).
        cramped = slot * 0.6 < 22.0
        weights = [ADD_SLOT if cramped and key.startswith("add") else 1.0 for key in order]
        slot = room / (sum(weights) + 0.6)
        # At least 22 px for the text, but never more than 0.7 of a slot: in a short figure (8.5 × 6.4 cm)
        # boxes that fill their slots hide the arrows between them and the bypasses' taps.
        box_h = max(min(22.0, slot * 0.7), min(46.0, slot * 0.6))
        side = max(48.0, min(84.0, area.width() * 0.17))  # room for the bypasses and ⊕ labels
        box_w = max(120.0, min(300.0, area.width() - 2 * side))
        cx = area.center().x()
        font_px = max(10, min(15, int(box_h * 0.38)))
        nodes = {}
        start = top
        for key, weight in zip(order, weights):
            cy, start = start + slot * weight / 2, start + slot * weight
            if key.startswith("add"):
                d = min(box_h, 30.0, slot * weight * 0.7)
                nodes[key] = QRectF(cx - d / 2, cy - d / 2, d, d)
            else:
                nodes[key] = QRectF(cx - box_w / 2, cy - box_h / 2, box_w, box_h)
        bypass_x = cx + box_w / 2 + min(28.0, side * 0.4)
        output_end = min(area.bottom(), nodes[order[-1]].bottom() + slot * 0.55)
        return _Geometry(title, formula, nodes, bypass_x, font_px, output_end)

    @staticmethod
    def _hit_rect(key: str, rect: QRectF) -> QRectF:
        # ⊕ nodes are small: give them a few pixels of slack.
        return rect.adjusted(-6, -6, 6, 6) if key.startswith("add") else rect

    # --- painting ----------------------------------------------------------------------------

    def paintEvent(self, event) -> None:
        g = self._geometry()
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self._paint_titles(p, g)
        self._paint_arrows(p, g)
        self._paint_bypasses(p, g)
        for key, rect in g.nodes.items():
            if key.startswith("add"):
                self._paint_add(p, g, key, rect)
            else:
                self._paint_box(p, g, key, rect)
        p.end()

    def _font(self, px: int, bold: bool = False) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(px)
        font.setBold(bold)
        return font

    def _ink(self, alpha: int = 255) -> QColor:
        """The palette's text colour: the lines and labels drawn on the window background stay
        readable under a dark theme too (the boxes have their own light fills)."""
        color = QColor(self.palette().color(QPalette.ColorRole.WindowText))
        color.setAlpha(alpha)
        return color

    def _paint_titles(self, p: QPainter, g: _Geometry) -> None:
        p.setPen(self._ink())
        p.setFont(self._font(int(g.title.height() / 1.5), bold=True))
        p.drawText(g.title, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter, self.title())
        p.setPen(self._ink(190))
        p.setFont(self._formula_font(g))
        p.drawText(g.formula, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter, self.formula())

    def title(self) -> str:
        """The diagram's title: the design, DeepNorm's α, which of Mix-LN's layers are which."""
        if self._placement == "mixln":
            return self._texts[f"title.mixln.{self._drawn}"].format(k=self._layers // 4)
        return self._texts[f"title.{self._placement}"].format(alpha=deepnorm_constants(self._layers)[0])

    def formula(self) -> str:
        """The block's two equations, as drawn under its title."""
        return self._texts[f"formula.{self._drawn}"]

    def _formula_font(self, g: _Geometry) -> QFont:
        """Sized to the formula's row; smaller in a narrow panel rather than cut off at both ends."""
        px = max(10, int(g.formula.height() / 1.45))
        width = QFontMetricsF(self._font(px)).horizontalAdvance(self.formula())
        if width > g.formula.width():
            px = max(7, int(px * g.formula.width() / width))
        return self._font(px)

    def _paint_arrows(self, p: QPainter, g: _Geometry) -> None:
        p.setPen(QPen(self._ink(), 1.6))
        p.setBrush(self._ink())
        order = self.stage_order()
        for a, b in zip(order, order[1:]):
            x, gap = g.nodes[a].center().x(), g.nodes[b].top() - g.nodes[a].bottom()
            # A short arrowhead in tight layouts leaves room for the bypass junction above it.
            _arrow(p, [QPointF(x, g.nodes[a].bottom()), QPointF(x, g.nodes[b].top())], max(4.0, min(7.0, gap * 0.3)))
        last = g.nodes[order[-1]]
        start, end = QPointF(last.center().x(), last.bottom()), QPointF(last.center().x(), g.output_end)
        if end.y() - start.y() > 8:
            _arrow(p, [start, end])
            p.setFont(self._font(max(10, g.font_px - 2)))
            p.setPen(self._ink(210))
            p.drawText(QRectF(end.x() + 8, end.y() - 16, 200, 16),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom, self._texts["output"])

    def _paint_bypasses(self, p: QPainter, g: _Geometry) -> None:
        color = QColor(SKY if self._ink().lightnessF() > 0.5 else BYPASS_COLOR)  # readable on a dark theme too
        p.setFont(self._font(max(10, g.font_px - 1), bold=True))
        for source, target in BYPASSES[self._drawn]:
            src, dst = g.nodes[source], g.nodes[target]
            gap_below = self._next_top(g, source) - src.bottom()
            branch = QPointF(src.center().x(), src.bottom() + gap_below * 0.35)
            join = QPointF(dst.right(), dst.center().y())
            points = [branch, QPointF(g.bypass_x, branch.y()), QPointF(g.bypass_x, join.y()), join]
            p.setPen(QPen(color, 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
            p.setBrush(color)
            _arrow(p, points)
            p.drawEllipse(branch, 3.5, 3.5)  # the junction: the signal is copied, not diverted
            p.setPen(color)
            mid = (branch.y() + join.y()) / 2
            p.drawText(QRectF(g.bypass_x + 5, mid - 12, 60, 24),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                       self._texts.get(f"bypass.{self._drawn}.{source}", self._texts[f"bypass.{source}"]))

    def _next_top(self, g: _Geometry, key: str) -> float:
        order = self.stage_order()
        i = order.index(key)
        return g.nodes[order[i + 1]].top() if i + 1 < len(order) else g.output_end

    def _paint_box(self, p: QPainter, g: _Geometry, key: str, rect: QRectF) -> None:
        selected, hovered = key == self._selected, key == self._hovered
        fill = _tint(FILLS[key], 0.92 if selected else 0.35)
        if selected:
            border = QPen(QColor(SELECTED_COLOR), 3.5)
        else:
            border = QPen(QColor("#303030") if hovered else QColor(GREY), 2.2 if hovered else 1.2)
        p.setPen(border)
        p.setBrush(fill)
        p.drawRoundedRect(rect, 7, 7)
        text = self._box_text(key)
        font = self._font(g.font_px, bold=selected)
        metrics = QFontMetricsF(font)
        while font.pixelSize() > 9 and metrics.horizontalAdvance(text) > rect.width() - 14:
            font.setPixelSize(font.pixelSize() - 1)
            metrics = QFontMetricsF(font)
        p.setFont(font)
        p.setPen(QColor("#111111"))
        p.drawText(rect.adjusted(6, 0, -6, 0), Qt.AlignmentFlag.AlignCenter,
                   metrics.elidedText(text, Qt.TextElideMode.ElideRight, rect.width() - 12))
        if selected:
            self._paint_marker(p, rect)

    def _paint_add(self, p: QPainter, g: _Geometry, key: str, rect: QRectF) -> None:
        selected, hovered = key == self._selected, key == self._hovered
        if selected:
            p.setPen(QPen(QColor(SELECTED_COLOR), 3.5))
            p.setBrush(QColor("#FBE3D6"))
        else:
            p.setPen(QPen(QColor("#303030"), 2.2 if hovered else 1.6))
            p.setBrush(QColor("white"))
        p.drawEllipse(rect)
        c, r = rect.center(), rect.width() * 0.28
        p.drawLine(QPointF(c.x() - r, c.y()), QPointF(c.x() + r, c.y()))
        p.drawLine(QPointF(c.x(), c.y() - r), QPointF(c.x(), c.y() + r))
        p.setFont(self._font(max(10, g.font_px - 1), bold=selected))
        p.setPen(QColor(SELECTED_COLOR) if selected else self._ink(210))
        label = QRectF(rect.left() - 170, rect.top() - 4, 170 - 8, rect.height() + 8)
        p.drawText(label, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, self._texts["add"])
        if selected:
            self._paint_marker(p, rect, offset=QFontMetricsF(p.font()).horizontalAdvance(self._texts["add"]) + 10)

    def _paint_marker(self, p: QPainter, rect: QRectF, offset: float = 0.0) -> None:
        """A ▶ left of the selection: a cue that doesn't depend on seeing the red border."""
        x, y, s = rect.left() - offset - 6, rect.center().y(), 8.0
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(SELECTED_COLOR))
        p.drawPolygon(QPolygonF([QPointF(x - s * 1.3, y - s), QPointF(x, y), QPointF(x - s * 1.3, y + s)]))

    # --- interaction -------------------------------------------------------------------------

    def mousePressEvent(self, event) -> None:
        key = self.stage_at(event.position())
        if key is not None and event.button() == Qt.MouseButton.LeftButton:
            self.setFocus(Qt.FocusReason.MouseFocusReason)
            self.select_stage(key)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        key = self.stage_at(event.position())
        if key != self._hovered:
            self._hovered = key
            if key is None:
                self.unsetCursor()
            else:
                self.setCursor(Qt.CursorShape.PointingHandCursor)
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:
        if self._hovered is not None:
            self._hovered = None
            self.unsetCursor()
            self.update()
        super().leaveEvent(event)

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Right, Qt.Key.Key_Space):
            self.step_forward()
        elif event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Left):
            self.step_back()
        else:
            super().keyPressEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            key = self.stage_at(QPointF(event.pos()))
            if key is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.stage_description(key), self)
            return True
        return super().event(event)


def _tint(color: str, strength: float) -> QColor:
    """``color`` mixed with white, opaque: the boxes stay light (and their dark text readable) on any theme."""
    c = QColor(color)
    return QColor(*(round(255 - (255 - v) * strength) for v in (c.red(), c.green(), c.blue())))


def _arrow(p: QPainter, points: list[QPointF], head: float = 7.0) -> None:
    """A polyline with a filled arrowhead at its last point, in the painter's pen and brush."""
    path = QPainterPath(points[0])
    for point in points[1:]:
        path.lineTo(point)
    brush = p.brush()
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)
    p.setBrush(brush)
    a, b = points[-2], points[-1]
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    left = QPointF(b.x() - head * ux + head * 0.55 * uy, b.y() - head * uy - head * 0.55 * ux)
    right = QPointF(b.x() - head * ux - head * 0.55 * uy, b.y() - head * uy + head * 0.55 * ux)
    pen = p.pen()
    p.setPen(Qt.PenStyle.NoPen)
    p.drawPolygon(QPolygonF([b, left, right]))
    p.setPen(pen)


if __name__ == "__main__":
    from PySide6.QtWidgets import QApplication, QSplitter

    from widgets.common.fonts import register_bundled_fonts
    from engine.results.compute import compute
    from engine.setup.presets import load_preset
    from widgets.teaching.stage_table import StageTable

    app = QApplication([])
    register_bundled_fonts()
    result = compute(load_preset("xian"))
    splitter = QSplitter()
    flow, table = BlockFlow(), StageTable()
    splitter.addWidget(flow)
    splitter.addWidget(table)
    flow.show_result(result)
    flow.stageSelected.connect(lambda key: table.show_stage(result, key))
    flow.select_stage("input")
    splitter.resize(900, 620)
    splitter.show()
    app.exec()

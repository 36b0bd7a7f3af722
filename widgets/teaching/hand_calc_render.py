"""A HandCalculation written out as rich text (HTML), plain text and LaTeX from one description.

Each step is computed at full precision and shown rounded; one line above the steps says so (a class
redoing 西安's x̂₂ from the digits shown gets 0.705 where the panel shows 0.704, the plots' value).

Each formula is built once from parts that know their three spellings (x₁, x<sub>1</sub>, x_{1}),
so the panel, the clipboard text and the LaTeX never disagree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication

from engine.results.hand_calculation import HandCalculation

_SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


@dataclass
class Formula:
    """A line of mathematics in three spellings."""

    html: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    latex: list[str] = field(default_factory=list)

    def add(self, html: str, text: str | None = None, latex: str | None = None) -> "Formula":
        self.html.append(html)
        self.text.append(html if text is None else text)
        self.latex.append(html if latex is None else latex)
        return self

    def num(self, value: float, precision: int, parenthesize_negative: bool = False) -> "Formula":
        if math.isnan(value):  # 0 / 0 (ε = 0 on a row with no spread), or an overflow's inf − inf
            return self.add("NaN", "NaN", r"\mathrm{NaN}")
        if math.isinf(value):
            sign = "−" if value < 0 else ""
            shown = f"({sign}∞)" if sign and parenthesize_negative else f"{sign}∞"
            return self.add(shown, shown, ("(-\\infty)" if parenthesize_negative else "-\\infty") if sign else r"\infty")
        plain = f"{value:.{precision}f}"
        if plain.startswith("-") and float(plain) == 0:
            plain = plain[1:]
        pretty = plain.replace("-", "−")
        if parenthesize_negative and plain.startswith("-"):
            return self.add(f"({pretty})", f"({pretty})", f"({plain})")
        return self.add(pretty, pretty, plain)

    def sym(self, html: str, text: str, latex: str) -> "Formula":
        return self.add(html, text, latex)

    def indexed(self, symbol: tuple[str, str, str], index: str) -> "Formula":
        """``symbol`` (html, text, latex) with a subscript."""
        html, text, latex = symbol
        return self.add(f"{html}<sub>{index}</sub>", text + index.translate(_SUBSCRIPTS)
                        if index.isdigit() else f"{text}_{index}", f"{latex}_{{{index}}}")


# Symbols: (html, text, latex)
MU = ("μ", "μ", r"\mu")
SIGMA2 = ("σ<sup>2</sup>", "σ²", r"\sigma^2")
EPS = ("ε", "ε", r"\varepsilon")
# DejaVu Sans, the usual default on Linux, draws x + U+0302 without its hat (or off the x); the
# bundled font (resources/fonts) places it.
XHAT = ("<span style=\"font-family: 'NormScope Sans SC'\">x̂</span>", "x̂", r"\hat{x}")
T = ("t", "t", "t")  # DyT's tanh(α·x)
GAMMA = ("γ", "γ", r"\gamma")
BETA = ("β", "β", r"\beta")
TIMES = (" × ", " × ", r" \times ")
SQRT_OPEN = ("√(", "√(", r"\sqrt{")
SQRT_CLOSE = (")", ")", "}")


def shown_indices(n: int, max_terms: int) -> list[int | None]:
    """Indices of the terms to write out; None marks the ellipsis of a long row."""
    if n <= max_terms:
        return list(range(n))
    head = max_terms - 2
    return list(range(head)) + [None, n - 2, n - 1]


def _vector(f: Formula, values, precision: int, max_terms: int) -> Formula:
    f.add("[", "[", r"\left[")
    for k, i in enumerate(shown_indices(len(values), max_terms)):
        if k:
            f.add(", ", ", ", ",\\ ")
        if i is None:
            f.add("…", "…", r"\dots")
        else:
            f.num(values[i], precision)
    return f.add("]", "]", r"\right]")


def _sum_of(f: Formula, values, precision: int, max_terms: int, squared: bool) -> Formula:
    for k, i in enumerate(shown_indices(len(values), max_terms)):
        if i is None:
            f.add(" + … ", " + … ", r" + \dots ")
            continue
        value = values[i]
        if squared:
            if k:
                f.add(" + ")
            f.add("(", "(", "(").num(value, precision).add(")<sup>2</sup>", ")²", ")^2")
        else:
            if k:
                f.add(" − " if value < 0 else " + ", " − " if value < 0 else " + ", " - " if value < 0 else " + ")
                f.num(abs(value), precision)
            else:
                f.num(value, precision)
    return f


@dataclass
class Step:
    title: str
    lines: list[Formula]


def steps(calc: HandCalculation, precision: int = 3, max_terms: int = 6) -> list[Step]:
    """The four steps of seed 000 §2.3 (or RMSNorm's, or DyT's three), written with the calculation's numbers."""
    n = len(calc.x)
    p = precision
    rms = calc.norm == "rms"
    if calc.norm == "batch":
        what = QCoreApplication.translate("HandCalculation", "column")
    else:
        what = QCoreApplication.translate("HandCalculation", "row")
    step1 = QCoreApplication.translate("HandCalculation", "Step 1 · take the {what} {name}")
    result = [Step(step1.format(what=what, name=calc.group),
                   [_vector(Formula().sym("x", "x", "x").add(" = "), calc.x, p, max_terms)])]

    if calc.norm == "dyt":
        return result + _dyt_steps(calc, p, max_terms)
    if rms:
        mean_square = Formula().add("mean(x<sup>2</sup>)", "mean(x²)", r"\overline{x^2}").add(" = (")
        _sum_of(mean_square, calc.x, p, max_terms, squared=True).add(f") / {n} = ").num(calc.variance, p)
        root = Formula().add("RMS = ", "RMS = ", r"\mathrm{RMS} = ").sym(*SQRT_OPEN)
        root.add("mean(x<sup>2</sup>)", "mean(x²)", r"\overline{x^2}").add(" + ").sym(*EPS).sym(*SQRT_CLOSE)
        root.add(" = ").num(calc.denominator, p)
        title = QCoreApplication.translate("HandCalculation", "Step 2 · mean square and RMS")
        result.append(Step(title, [mean_square, root]))
    else:
        mean = Formula().sym(*MU).add(" = (")
        _sum_of(mean, calc.x, p, max_terms, squared=False).add(f") / {n} = ").num(calc.mean, p)
        variance = Formula().sym(*SIGMA2).add(" = (")
        _sum_of(variance, calc.deviations, p, max_terms, squared=True).add(f") / {n} = ").num(calc.variance, p)
        sigma = Formula().sym("σ", "σ", r"\sigma").add(" = ").sym(*SQRT_OPEN).sym(*SIGMA2).add(" + ").sym(*EPS)
        sigma.sym(*SQRT_CLOSE).add(" = ").num(calc.denominator, p)
        title = QCoreApplication.translate("HandCalculation", "Step 2 · mean μ and standard deviation σ")
        result.append(Step(title, [mean, variance, sigma]))

    lines = []
    for i in shown_indices(n, max_terms):
        if i is None:
            lines.append(Formula().add("⋮", "⋮", r"\vdots"))
            continue
        f = Formula().indexed(XHAT, str(i + 1)).add(" = ")
        if rms:
            f.num(calc.x[i], p).add(" / ", " / ", r" / ")
        else:
            f.add("(", "(", "(").num(calc.x[i], p).add(" − ", " − ", " - ").num(calc.mean, p, True)
            f.add(") / ", ") / ", ") / ")
        if calc.denominator == 0:  # ε = 0 and no spread: the division by zero, written as such
            f.sym(*SQRT_OPEN).num(calc.variance, p).add(" + ").add(f"{calc.eps:g}").sym(*SQRT_CLOSE)
            numerator = calc.x[i] if rms else calc.deviations[i]
            f.add(" = ")
            f.add("0") if numerator == 0 else f.num(numerator, p)
            f.add(" / 0")
        else:
            f.num(calc.denominator, p)
        lines.append(f.add(" = ").num(calc.x_hat[i], p))
    if calc.denominator == 0:
        note = QCoreApplication.translate(
            "HandCalculation", "ε = 0 and nothing to divide by: 0 / 0 is not a number (NaN), as in PyTorch. "
                               "This is why ε exists.")
        lines.append(Formula().add(note, note, f"\\text{{{latex_text(note)[0]}}}"))
    lines.append(_vector(Formula().sym(*XHAT).add(" = "), calc.x_hat, p, max_terms))
    if rms:
        title = QCoreApplication.translate("HandCalculation", "Step 3 · divide by the RMS")
    else:
        title = QCoreApplication.translate("HandCalculation", "Step 3 · subtract μ, divide by σ")
    result.append(Step(title, lines))

    lines = _affine_lines(calc, p, max_terms, shift=not rms)
    if rms:
        title = QCoreApplication.translate("HandCalculation", "Step 4 · scale by γ")
    else:
        title = QCoreApplication.translate("HandCalculation", "Step 4 · scale by γ, shift by β")
    result.append(Step(title, lines))
    return result


def _dyt_steps(calc: HandCalculation, p: int, max_terms: int) -> list[Step]:
    """DyT after step 1: tanh(α·x) of each element, then γ ⊙ t + β; no μ, no σ."""
    note = QCoreApplication.translate("HandCalculation", "DyT takes no statistics of the row: no μ, no σ.")
    lines = [Formula().add(note, note, f"\\text{{{note}}}")]
    for i in shown_indices(len(calc.x), max_terms):
        if i is None:
            lines.append(Formula().add("⋮", "⋮", r"\vdots"))
            continue
        f = Formula().indexed(T, str(i + 1)).add(" = tanh(", " = tanh(", r" = \tanh(").add(f"{calc.alpha:g}")  # α as set
        f.sym(*TIMES).num(calc.x[i], p, True).add(") = ", ") = ", r") = ").num(calc.x_hat[i], p)
        lines.append(f)
    lines.append(_vector(Formula().sym(*T).add(" = "), calc.x_hat, p, max_terms))
    title = QCoreApplication.translate("HandCalculation", "Step 2 · t = tanh(α·x), element by element")
    result = [Step(title, lines)]
    title = QCoreApplication.translate("HandCalculation", "Step 3 · scale by γ, shift by β")
    return result + [Step(title, _affine_lines(calc, p, max_terms, shift=True))]


def _affine_lines(calc: HandCalculation, p: int, max_terms: int, shift: bool) -> list[Formula]:
    """yᵢ = γᵢ × x̂ᵢ (+ βᵢ) = …, then the vector y (x̂ is DyT's t)."""
    lines = []
    for i in shown_indices(len(calc.x), max_terms):
        if i is None:
            lines.append(Formula().add("⋮", "⋮", r"\vdots"))
            continue
        f = Formula().indexed(("y", "y", "y"), str(i + 1)).add(" = ").num(calc.gamma[i], p).sym(*TIMES)
        f.num(calc.x_hat[i], p, True)
        if shift:
            f.add(" + ").num(calc.beta[i], p, True)
        lines.append(f.add(" = ").num(calc.y[i], p))
    lines.append(_vector(Formula().sym("y", "y", "y").add(" = "), calc.y, p, max_terms))
    return lines


def precision_note(precision: int) -> str:
    """The one line that says how the shown digits relate to the steps: each step is computed from the
    unrounded numbers of the one before (so the panel agrees with the plots), and only shown rounded."""
    return QCoreApplication.translate(
        "HandCalculation", "Each step uses the unrounded numbers of the step before; they are shown rounded to "
                           "{n} decimals, so redoing a step from the digits shown can change its last digit.").format(
        n=precision)


def to_html(calc: HandCalculation, precision: int = 3, max_terms: int = 6) -> str:
    parts = [f"<p><i>{precision_note(precision)}</i></p>"]
    for step in steps(calc, precision, max_terms):
        parts.append(f"<h3>{step.title}</h3>")
        parts.extend(f"<p style='margin-left:12px'>{''.join(line.html)}</p>" for line in step.lines)
    return "\n".join(parts)


def to_text(calc: HandCalculation, precision: int = 3, max_terms: int = 6) -> str:
    blocks = [precision_note(precision)]
    for step in steps(calc, precision, max_terms):
        blocks.append("\n".join([step.title] + ["  " + "".join(line.text) for line in step.lines]))
    return "\n\n".join(blocks) + "\n"


#: Characters of the step titles that pdflatex can't take as text, in math or as a macro.
_LATEX_TEXT = {"μ": r"$\mu$", "σ": r"$\sigma$", "γ": r"$\gamma$", "β": r"$\beta$", "ε": r"$\varepsilon$",
               "·": r"$\cdot$", "×": r"$\times$", "−": "-", "…": r"\dots{}", "\\": r"\textbackslash{}",
               "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{", "}": r"\}",
               "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def _is_cjk(char: str) -> bool:
    return "\u2e80" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" or "\uff00" <= char <= "\uffef"


def latex_text(text: str) -> tuple[str, bool]:
    """``text`` as the argument of ``\\text{}`` for pdflatex, and whether it holds CJK.

    Greek letters and symbols become math, TeX's special characters are escaped, and runs of Chinese
    (a token such as 西安, or a Chinese UI's titles) go into the CJKutf8 package's environment.
    """
    out, run, cjk = [], [], False
    for char in text + "\0":
        if char != "\0" and _is_cjk(char):
            run.append(char)
            continue
        if run:
            out.append(r"\begin{CJK*}{UTF8}{gbsn}" + "".join(run) + r"\end{CJK*}")
            run, cjk = [], True
        if char != "\0":
            out.append(_LATEX_TEXT.get(char, char))
    return "".join(out), cjk


def to_latex(calc: HandCalculation, precision: int = 3, max_terms: int = 6) -> str:
    """An ``align*`` that pdflatex compiles; its first line names the packages it needs."""
    note, cjk = latex_text(precision_note(precision))  # a paragraph above the steps: it wraps there
    lines = []
    for step in steps(calc, precision, max_terms):
        title, has_cjk = latex_text(step.title)
        cjk = cjk or has_cjk
        lines.append(f"&\\text{{{title}}} \\\\")
        lines.extend("&" + "".join(line.latex) + r" \\" for line in step.lines)
    needs = r"% pdflatex: needs \usepackage{amsmath}"
    if cjk:
        needs += r" and \usepackage{CJKutf8} (Chinese in the gbsn font; Debian: latex-cjk-chinese)"
    return "\n".join([needs + ".", note, "", r"\begin{align*}", *lines, r"\end{align*}"]) + "\n"

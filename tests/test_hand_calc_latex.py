"""Copy LaTeX of the hand calculation: text that pdflatex compiles, naming the packages it needs."""

import re
import shutil
import subprocess

import pytest

from engine.results.hand_calculation import hand_calculation
from engine.setup.presets import load_preset
from widgets.teaching.hand_calc_render import latex_text, to_latex


def outside_math_and_cjk(latex: str) -> str:
    """The text pdflatex reads as plain text: without $…$ math and CJK environments."""
    latex = re.sub(r"\\begin\{CJK\*\}\{UTF8\}\{gbsn\}.*?\\end\{CJK\*\}", "", latex)
    return re.sub(r"\$[^$]*\$", "", latex)


def test_greek_and_the_middle_dot_become_macros_and_the_packages_are_named():
    latex = to_latex(hand_calculation(load_preset("xian"), 1))
    first, body = latex.split("\n", 1)
    assert first.startswith("%") and r"\usepackage{amsmath}" in first and r"\usepackage{CJKutf8}" in first
    assert r"\text{Step 2 $\cdot$ mean $\mu$ and standard deviation $\sigma$}" in body
    assert not re.search(r"[μσγβε·×−…]", body)
    assert r"\begin{CJK*}{UTF8}{gbsn}西安\end{CJK*}" in body


def test_chinese_titles_and_tex_specials_are_wrapped_or_escaped():
    text, cjk = latex_text("第 1 步 · 取行 100% a_b & 西安，")
    assert cjk and not re.search(r"[\u2e80-\u9fff\uff00-\uffef]", outside_math_and_cjk(text))
    assert r"100\%" in text and r"a\_b" in text and r"\&" in text


def test_without_chinese_no_cjk_package_is_asked_for():
    scenario = load_preset("xian").replace(labels=("a", "b", "c", "d", "e", "f"))
    assert "CJKutf8" not in to_latex(hand_calculation(scenario, 1))


def compile_latex(tmp_path, snippet: str, packages: str) -> subprocess.CompletedProcess:
    source = tmp_path / "calc.tex"
    source.write_text(f"\\documentclass{{article}}\n{packages}\n\\begin{{document}}\n{snippet}\\end{{document}}\n",
                      encoding="utf-8")
    return subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", source.name],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="needs pdflatex (Debian: texlive-latex-base)")
def test_the_latex_compiles_with_pdflatex(tmp_path):
    scenario = load_preset("apple").replace(labels=("I", "eat", "apple", "swapped", "constant"))
    for norm in ("layer", "rms"):
        run = compile_latex(tmp_path, to_latex(hand_calculation(scenario.replace(norm=norm), 0)),
                            r"\usepackage{amsmath}")
        assert run.returncode == 0, run.stdout[-2000:]


@pytest.mark.skipif(shutil.which("kpsewhich") is None or not subprocess.run(
    ["kpsewhich", "CJKutf8.sty"], capture_output=True, text=True).stdout.strip(),
    reason="needs pdflatex with CJKutf8 (Debian: latex-cjk-chinese)")
def test_the_latex_with_chinese_labels_compiles_with_cjkutf8(tmp_path):
    run = compile_latex(tmp_path, to_latex(hand_calculation(load_preset("xian"), 1)),
                        r"\usepackage{amsmath}\usepackage{CJKutf8}")
    assert run.returncode == 0, run.stdout[-2000:]

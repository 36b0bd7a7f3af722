"""Store transformers' token ids for Gemma 3's tokenizer (from its GGUF) and for the tiny Gemma-style
vocabulary of tests/gemma_vocabulary.py, in gemma_tokenizer_reference.json.

Run from the repository root with the reference environment (torch-free is fine: only the tokenizer is
built) and, for the real model, Gemma 3's packages on the path (their parts are joined as NormScope joins
them; Gemma's terms apply to them, so only the ids are stored here):

    PYTHONPATH=.:/work/gemma_pkgs /work/refenv/bin/python tests/reference/make_gemma_tokenizer_reference.py

transformers 5.24 builds the tokenizer with ``AutoTokenizer.from_pretrained(folder, gguf_file=name)``.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import transformers
from transformers import AutoTokenizer

from engine.models.installed import is_installed, resolve_model
from tests.gemma_vocabulary import TEXTS as TINY_TEXTS, write_gemma_style_gguf

OUT = Path(__file__).with_name("gemma_tokenizer_reference.json")

#: Varied texts: English, Chinese (the seeds' sentences), digits, spaces, emoji, code, other scripts, mixed.
TEXTS = [
    "The quick brown fox jumps over the lazy dog.",
    "Hello, world!",
    "今天西安的天气怎么样",
    "我吃苹果",
    "12345",
    "3.14159 and 2026-12-02, 1,000,000",
    "  two leading spaces",
    "trailing spaces   ",
    "tabs\tand\nnewlines\n\n\nend",
    "😀👍🏽🇨🇳 emoji",
    "def f(x):\n    return x ** 2\n",
    "C++: std::vector<int> v{1, 2, 3};",
    "<bos>already a bos",
    "<start_of_turn>user\nhi<end_of_turn>\n<start_of_turn>model\n",
    "Ünïcödé àccents, façade, naïve",
    "Привет, мир",
    "こんにちは世界",
    "안녕하세요",
    "مرحبا بالعالم",
    "mixed 中文 and English 123 together",
    "https://example.com/a?b=c&d=e#top",
    "LayerNorm(x) = γ · (x − μ) / √(σ² + ε) + β",
    "\u0378 an unassigned code point",
    "zero\u200bwidth space",
    "🧬🦀 rare emoji",
    "Pneumonoultramicroscopicsilicovolcanoconiosis",
    "<table><tr><td>1</td></tr></table>",
    "a",
    "    indented code",
    "Ta stała się rzeczywistością. Ελληνικά. हिन्दी",
]


def _ids(folder: Path, name: str, texts: list[str]) -> list[list]:
    tokenizer = AutoTokenizer.from_pretrained(str(folder), gguf_file=name)
    return [[text, tokenizer(text)["input_ids"]] for text in texts]


def _one_text_a_line(reference: dict) -> str:
    """The JSON with each [text, ids] pair on a line of its own (readable in a diff)."""
    lines = [f' "transformers": {json.dumps(reference["transformers"])}']
    for key in ("tiny", "gemma3"):
        if key in reference:
            pairs = ",\n".join(f"  {json.dumps(pair, ensure_ascii=False)}" for pair in reference[key])
            lines.append(f' "{key}": [\n{pairs}\n ]')
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main() -> None:
    reference = {"transformers": transformers.__version__}
    with tempfile.TemporaryDirectory() as folder:
        write_gemma_style_gguf(Path(folder) / "tiny.gguf")
        reference["tiny"] = _ids(Path(folder), "tiny.gguf", TINY_TEXTS)
    if is_installed("gemma3"):
        path = resolve_model("gemma3")
        reference["gemma3"] = _ids(path.parent, path.name, TEXTS)
    else:
        print("Gemma 3's packages are not on the path: only the tiny vocabulary's ids are stored")
    OUT.write_text(_one_text_a_line(reference), encoding="utf-8")
    print(f"wrote {OUT} ({', '.join(k for k in reference if k != 'transformers')})")


if __name__ == "__main__":
    main()

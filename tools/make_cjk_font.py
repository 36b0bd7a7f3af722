"""Regenerate resources/fonts/NormScopeSansSC-Regular.otf, the bundled CJK fallback font.

The machine fonts may lack CJK glyphs (a DejaVu-only box shows Chinese token labels as empty
boxes), so the app ships a subset of Noto Sans SC 2.004 (SIL OFL 1.1), renamed to
"NormScope Sans SC" as the OFL asks of modified versions, and registers it at start-up
(widgets/common/fonts.py).

Needs fonttools and pylopdf-fonts-zh-cn (which ships NotoSansSC-Regular.otf). Neither is a
runtime dependency of the app, so install them in a scratch venv outside the repo:

    python3 -m venv /tmp/fontvenv
    /tmp/fontvenv/bin/pip install fonttools pylopdf-fonts-zh-cn
    /tmp/fontvenv/bin/python tools/make_cjk_font.py

It writes resources/fonts/NormScopeSansSC-Regular.otf and resources/fonts/OFL.txt (the
upstream copyright notice followed by the licence text shipped with the package).
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

import pylopdf_fonts_zh_cn
from fontTools import subset
from fontTools.ttLib import TTFont

SOURCE_PACKAGE = "pylopdf-fonts-zh-cn"
FAMILY = "NormScope Sans SC"
STYLE = "Regular"
PS_NAME = "NormScopeSansSC-Regular"
OLD_PS_NAME = "NotoSansSC-Regular"
OUT_DIR = Path(__file__).resolve().parents[1] / "resources" / "fonts"

# Upstream (notofonts/noto-cjk) copyright line; the package's LICENSE file carries only the
# licence text, and the OFL wants the notice shipped with every copy.
COPYRIGHT = (
    "Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'.\n"
    "Noto is a trademark of Google Inc.\n"
    "Modified (subset and renamed to \"NormScope Sans SC\") by the NormScope project with\n"
    "tools/make_cjk_font.py.\n"
)

UNICODE_BLOCKS = [
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1 Supplement
    (0x0370, 0x03FF),  # Greek and Coptic
    (0x2000, 0x206F),  # General Punctuation
    (0x2190, 0x21FF),  # Arrows
    (0x2200, 0x22FF),  # Mathematical Operators
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
]

# Name records we keep: copyright, names, version, trademark, credits, URLs, licence.
KEPT_NAME_IDS = list(range(15))


def gb2312_codepoints() -> set[int]:
    """Every character of GB2312 (all 6763 hanzi plus its symbol rows)."""
    chars: set[int] = set()
    for lead in range(0xA1, 0xF8):
        for trail in range(0xA1, 0xFF):
            try:
                text = bytes((lead, trail)).decode("gb2312")
            except UnicodeDecodeError:
                continue
            chars.add(ord(text))
    return chars


def wanted_codepoints() -> set[int]:
    chars = gb2312_codepoints()
    for first, last in UNICODE_BLOCKS:
        chars.update(range(first, last + 1))
    return chars


def subset_font(font: TTFont, codepoints: set[int]) -> None:
    options = subset.Options()
    options.name_IDs = KEPT_NAME_IDS
    options.name_languages = [0x0409]  # drops the zh-CN records that spell "Noto Sans SC"
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints)
    subsetter.subset(font)


def rename(font: TTFont) -> None:
    """Replace the original family name everywhere a user or an app would see it."""
    name = font["name"]
    version = font["head"].fontRevision
    new_names = {
        1: FAMILY,
        2: STYLE,
        3: f"{version:.3f};NormScope;{PS_NAME}",
        4: FAMILY,
        6: PS_NAME,
        16: FAMILY,
        17: STYLE,
    }
    for name_id, text in new_names.items():
        name.removeNames(nameID=name_id)
        name.setName(text, name_id, 3, 1, 0x0409)

    cff = font["CFF "].cff
    cff.fontNames = [PS_NAME]
    top = cff.topDictIndex[0]
    top.FamilyName = FAMILY
    top.FullName = f"{FAMILY} {STYLE}"
    for fd in getattr(top, "FDArray", []):
        fd.FontName = fd.FontName.replace(OLD_PS_NAME, PS_NAME)


def main() -> None:
    source = Path(pylopdf_fonts_zh_cn.sans_path())
    dist = metadata.distribution(SOURCE_PACKAGE)
    licence = dist.read_text("licenses/LICENSE")
    if not licence:
        raise SystemExit(f"no licence file found in {SOURCE_PACKAGE} {dist.version}")

    font = TTFont(source, recalcTimestamp=False)  # keep head.modified: reproducible output
    subset_font(font, wanted_codepoints())
    rename(font)

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    out = OUT_DIR / f"{PS_NAME}.otf"
    font.save(out)
    (OUT_DIR / "OFL.txt").write_text(COPYRIGHT + "\n" + licence, encoding="utf-8")

    glyphs = font["maxp"].numGlyphs
    mapped = len(font.getBestCmap())
    print(f"{source.name} from {SOURCE_PACKAGE} {dist.version}")
    print(f"wrote {out} ({out.stat().st_size} bytes, {glyphs} glyphs, {mapped} code points)")


if __name__ == "__main__":
    main()

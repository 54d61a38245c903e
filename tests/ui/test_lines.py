"""Lines drawn straight to strips: what fits, what is cut, and when Textual draws instead."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from ddz_tui.ui.widgets.lines import line_strip, text_strips

BASE = Style(color="white", bgcolor="green")
BOLD = Style(bold=True)


def test_a_short_line_is_padded_in_the_blank_style() -> None:
    strip = line_strip([(" You ", BOLD), (" a pair of 5s", BASE)], 24, BASE)
    assert strip.text == " You  a pair of 5s" + " " * 6
    assert strip.cell_length == 24
    assert list(strip)[-1].style == BASE


def test_a_long_line_is_cut_with_an_ellipsis_in_the_cut_piece_style() -> None:
    strip = line_strip([(" ▶ You ", BOLD), (" an airplane 10–K with 4 singles", BASE)], 20, BASE)
    assert strip.text == " ▶ You  an airplane…"
    assert strip.cell_length == 20
    assert list(strip)[-1].style == BASE


def test_wide_characters_are_cut_on_whole_cells() -> None:
    strip = line_strip([("地主 农民 地主", BASE)], 6, BASE)
    assert strip.cell_length == 6
    assert strip.text.endswith("…")


def test_text_lines_keep_their_styles_over_the_base() -> None:
    text = Text(end="")
    text.append("地主 Landlord", "bold")
    text.append("\n 3♠ ")
    text.append("4♥", Style(color="red"))
    rows = text_strips(text, 16, BASE)
    assert rows is not None
    assert [row.text for row in rows] == ["地主 Landlord" + " " * 3, " 3♠ 4♥" + " " * 10]
    first = next(iter(rows[0]))
    assert first.style == BASE + Style.parse("bold")
    assert any(segment.text == "4♥" and segment.style.color.name == "red" for segment in rows[1])


def test_a_line_too_wide_or_overlapping_styles_are_left_to_textual() -> None:
    assert text_strips(Text("a line wider than ten cells"), 10, BASE) is None
    overlapping = Text("overlap")
    overlapping.stylize("bold", 0, 4)
    overlapping.stylize("italic", 2, 6)
    assert text_strips(overlapping, 20, BASE) is None

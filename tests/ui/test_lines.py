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


def test_a_lane_of_one_row_chips_is_cut_from_its_spans_as_rich_draws_it(monkeypatch) -> None:
    """The lanes' one-row chips (wrapped, wilds marked, ASCII, discreet) come out as
    Rich renders them, cell for cell and style for style, without Rich."""
    from rich.console import Console
    from rich.segment import Segment

    from ddz_tui.cards import DECK
    from ddz_tui.ui.widgets.cards import text_rows
    from ddz_tui.ui.widgets.chips import Ink, mini_chips

    colours = ("black", "red", "grey50", "blue", "red", "cyan")
    ink = Ink(*(Style(color=colour, bgcolor="white") for colour in colours))
    console = Console(width=80)

    def cells(rows: list[list[Segment]]) -> list[list[tuple[str, Style | None]]]:
        return [[(char, seg.style) for seg in row for char in seg.text] for row in rows]

    def by_rich(text: Text) -> list[list[Segment]]:
        segments = Segment.apply_style(text.render(console, end=""), BASE)
        return [list(row) for row in Segment.split_lines(segments)]

    cases = ((5, 30, False, False), (20, 24, True, False), (17, 20, False, True))
    for count, width, ascii, plain in cases:
        marks = ["7" if i % 4 == 1 else "" for i in range(count)]
        text = mini_chips(DECK[:count], ink, ascii, width, plain=plain, marks=marks)
        expected = by_rich(text)
        assert len(expected) > 1 or count == 5, "the long rows wrap"
        with monkeypatch.context() as patched:
            patched.setattr(Text, "render", None)  # Rich is not asked
            assert cells(text_rows(text, BASE, console)) == cells(expected)

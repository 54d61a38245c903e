"""Chip rows drawn from each chip's kept rows are the rows a canvas gives, cell for cell
and segment for segment (the hand's and the lanes' look rests on it)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.segment import Segment
from rich.style import Style

from ddz_tui.cards import DECK
from ddz_tui.ui.widgets.chips import (
    CHIP_HEIGHT,
    CHIP_WIDTH,
    MAX_STEP,
    Canvas,
    Ink,
    Placed,
    chip_rows,
    draw_back,
    draw_chip,
)

INKS = (
    Ink(
        *(
            Style(color=c, bgcolor="white")
            for c in ("black", "red", "grey50", "blue", "yellow", "magenta")
        )
    ),
    Ink(Style(), Style(), Style(), Style(), Style(reverse=True), Style(reverse=True)),
)
BLANK = Style(bgcolor="green")


def on_canvas(
    chips: list[Placed], ink: Ink, ascii: bool, width: int, height: int
) -> list[list[Segment]]:
    canvas = Canvas(width, height, BLANK)
    for x, y, card, lit, wild in chips:
        if card is None:
            draw_back(canvas, x, y, ink, ascii)
        else:
            draw_chip(canvas, x, y, card, ink, ascii, lit, wild)
    return canvas.segments()


@st.composite
def rows_of_chips(draw: st.DrawFn) -> tuple[list[Placed], int, int]:
    count = draw(st.integers(0, 20))
    step = draw(st.integers(1, MAX_STEP))
    start = draw(st.integers(0, 6))
    height = draw(st.integers(CHIP_HEIGHT, CHIP_HEIGHT + 1))
    spare = draw(st.integers(-3, 6))  # past the last chip; below 0 cuts it
    width = max(1, start + (count - 1) * step + CHIP_WIDTH + spare) if count else start + spare % 7
    cards = draw(st.lists(st.sampled_from([*DECK, None]), min_size=count, max_size=count))
    chips: list[Placed] = []
    lit_at = draw(st.integers(-1, max(count - 1, 0)))
    for index, card in enumerate(cards):
        y = draw(st.integers(0, height - CHIP_HEIGHT))
        wild = draw(st.sampled_from(["", "", "7", "10"])) if card is not None else ""
        chips.append((start + index * step, y, card, index == lit_at, wild))
    return chips, width, height


@settings(max_examples=400)
@given(rows_of_chips(), st.sampled_from(INKS), st.booleans())
def test_chip_rows_are_the_canvas_rows(
    placed: tuple[list[Placed], int, int], ink: Ink, ascii: bool
) -> None:
    chips, width, height = placed
    assert chip_rows(chips, ink, ascii, width, height, BLANK) == on_canvas(
        chips, ink, ascii, width, height
    )


def test_a_hand_with_a_raised_joker_and_a_lit_wild() -> None:
    """The shape every key at the table draws: full chips side by side, one raised."""
    ink = INKS[0]
    big, small, seven = DECK[-1], DECK[-2], next(c for c in DECK if c.rank == "7")
    chips: list[Placed] = [
        (2, 1, seven, True, "7"),
        (6, 0, small, False, ""),
        (10, 1, big, False, ""),
    ]
    rows = chip_rows(chips, ink, False, 20, 5, BLANK)
    assert rows == on_canvas(chips, ink, False, 20, 5)
    assert "".join(s.text for s in rows[0]) == "      ╭──╮          "
    assert (
        "".join(s.text for s in rows[2]) == "  │7 ││王││大│      "
    )  # the raised joker's second row

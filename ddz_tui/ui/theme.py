"""The game's own themes and the colours every theme gives the cards.

Cards keep an ivory face with black and red ink in every theme, as real cards do;
themes colour the table around them. `felt` is the card-room green the game opens
with, `night` a darker one and `paper` a light one; the settings offer these three
only, the themes the game is drawn and tested in (Textual's own left labels unreadable,
such as a disabled button's in ansi-light).
"""

from __future__ import annotations

from textual.theme import Theme

CARD_COLOURS = {
    "card-face": "#f4efe1",
    "card-ink": "#1b1b1b",
    "card-red": "#c0262d",
    "card-edge": "#8c8577",
    "card-back": "#2f5d9e",
    "card-back-ink": "#a9c2e8",
    "card-lit": "#ffd25e",
}
"""Theme variables the stylesheet uses for cards; a theme may override them."""

THEMES = (
    Theme(
        name="ddz-felt",
        primary="#e3b341",
        secondary="#3f8f6b",
        accent="#f2c14e",
        foreground="#eeeae0",
        background="#0d3325",
        surface="#114532",
        panel="#18573f",
        success="#8ad49b",
        warning="#f0b35a",
        error="#ff7b72",
        dark=True,
    ),
    Theme(
        name="ddz-night",
        primary="#8fb4ff",
        secondary="#5b6b8c",
        accent="#ffcf5c",
        foreground="#dfe3ec",
        background="#12151c",
        surface="#1a1f29",
        panel="#242b38",
        success="#8ad49b",
        warning="#f0b35a",
        error="#ff7b72",
        dark=True,
    ),
    Theme(
        name="ddz-paper",
        primary="#8a5a00",
        secondary="#2f6f4f",
        accent="#a4462a",
        foreground="#26231d",
        background="#ece6d6",
        surface="#e2dac6",
        panel="#d3c8ad",
        success="#2e7d32",
        warning="#9a5b00",
        error="#b3261e",
        dark=False,
    ),
)


def theme_names() -> list[str]:
    """Every theme the settings offer: the game's own."""
    return [theme.name for theme in THEMES]

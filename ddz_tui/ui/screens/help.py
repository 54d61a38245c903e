"""Help: every kind of play with an example, the keys, and the rules in short."""

from __future__ import annotations

from typing import ClassVar

from rich.console import OverflowMethod
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Markdown, TabbedContent, TabPane

from ddz_tui.engine.view import cards_for
from ddz_tui.i18n import as_shown, t
from ddz_tui.rules import classify, play_order
from ddz_tui.ui.screens.base import AppScreen
from ddz_tui.ui.widgets.cards import CardWidget
from ddz_tui.ui.widgets.chips import strip_of
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.plain import Plain
from ddz_tui.ui.widgets.sound_note import SoundNote

EXAMPLES = (
    "7",
    "77",
    "777",
    "7779",
    "77799",
    "34567",
    "334455",
    "333444",
    "33344459",
    "3334445599",
    "777735",
    "77773355",
    "7777",
    "BR",
)
"""One play of each kind family, weakest kinds first."""

KEYS = (
    ("← →  Home End", "ui.help.key.move"),
    ("Space", "ui.help.key.select"),
    ("3–9  J Q K A 2", "ui.help.key.rank"),
    ("0  T  10", "ui.help.key.ten"),
    ("B  R", "ui.help.key.jokers"),
    ("Enter", "ui.help.key.play"),
    ("P", "ui.help.key.pass"),
    ("H", "ui.help.key.hint"),
    ("Esc", "ui.help.key.clear"),
    ("0 1 2 3", "ui.help.key.bid"),
    ("Y", "ui.help.key.yes"),
    ("N", "ui.help.key.no"),
    ("S", "ui.help.key.super_double"),
    ("C", "ui.help.key.counter"),
    ("L", "ui.help.key.last_trick"),
    ("G", "ui.help.key.hand_order"),
    ("D", "ui.help.key.card_style"),
    ("U", "ui.help.key.takeover"),
    ("V", "ui.help.key.look"),
    ("E", "ui.help.key.chat"),
    ("M", "ui.help.key.sound"),
    ("Enter", "ui.help.key.ready"),
    ("F", "ui.help.key.fill"),
    ("L", "ui.help.key.ladder"),
    ("W", "ui.help.key.watch"),
    ("← →  Home End", "ui.help.key.steps"),
    ("Space  - +", "ui.help.key.autoplay"),
    ("C", "ui.help.key.coach"),
    ("N  P", "ui.help.key.marks"),
    ("F1  ?", "ui.help.key.help"),
    ("N U J O T S Q", "ui.help.key.title"),
    ("Ctrl+Q", "ui.help.key.quit"),
    ("F9", "ui.help.key.boss"),
    ("ui.help.mouse", "ui.help.key.mouse"),
)

WRAP_WHOLE: OverflowMethod = "fold"
"""How a column of sentences wraps: at spaces, and Chinese between any two characters.
Rich's default, an ellipsis, cut a line's last word: a line of Chinese characters (two
cells each) kept the space it ended with one cell past the column (Rich trims that
space by counting characters, not cells), and then lost its last letters to "…"; a
Chinese sentence, one word without spaces, was cut where it met the edge. Folded,
only that trailing space is cut, and a Chinese sentence goes on on the next line."""


class PlayKinds(CardWidget):
    """The kinds of play as a table, each with an example drawn as cards."""

    def render(self) -> Table:
        table = Table(box=None, padding=(0, 2, 0, 0), show_header=False, expand=True)
        table.add_column(style="bold", no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(style="dim", ratio=1, overflow=WRAP_WHOLE)
        ink = self.ink()
        for example in EXAMPLES:
            combo = classify(example)
            assert combo is not None
            strip = strip_of(play_order(cards_for(example)), ink, self.ascii, self.plain)
            table.add_row(combo.kind.title(), strip, t(f"ui.help.note.{combo.kind.family}"))
        return table


SCROLL_KEYS = (
    ("up", "scroll_up"),
    ("down", "scroll_down"),
    ("pageup", "page_up"),
    ("pagedown", "page_down"),
    ("home", "scroll_home"),
    ("end", "scroll_end"),
)
"""Keys that scroll the open tab wherever the focus is (on the tabs, at first)."""


class HelpScreen(AppScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,Q,f1", "back", "keys.back"),
        *(Binding(key, f"scroll('{how}')", show=False) for key, how in SCROLL_KEYS),
    ]

    def compose(self) -> ComposeResult:
        yield Plain(t("ui.help.title"), classes="screen-title")
        with TabbedContent():
            with TabPane(t("ui.help.tab.plays"), id="plays"), VerticalScroll():
                yield Plain(t("ui.help.plays_intro"), classes="intro")
                yield PlayKinds()
            with TabPane(t("ui.help.tab.keys"), id="keys"), VerticalScroll():
                keys = Table(box=None, padding=(0, 2, 0, 0), show_header=False)
                keys.add_column(style="bold", no_wrap=True)
                keys.add_column(overflow=WRAP_WHOLE)
                for key, what in KEYS:
                    keys.add_row(t(key) if key.startswith("ui.") else as_shown(key), t(what))
                yield Plain(keys)
                yield SoundNote()
            with TabPane(t("ui.help.tab.rules"), id="rules"), VerticalScroll():
                yield Markdown(t("ui.help.rules"))
                yield Markdown(t("ui.help.house"))
        yield KeyFooter()

    def action_scroll(self, how: str) -> None:
        """Scroll the open tab, so the keys work at once, while the tabs keep the focus
        for ← → (a focused text handles these keys itself first)."""
        pane = self.query_one(TabbedContent).active_pane
        if pane is not None:
            scroll = pane.query_one(VerticalScroll)
            getattr(scroll, f"action_{how}")()

    def action_back(self) -> None:
        self.dismiss()

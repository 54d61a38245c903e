"""Choosing a game against bots: how strong each bot is, and the house rules: how
the landlord is chosen, doubling (加倍), showing cards (明牌)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Select

from ddz_tui.bots import Level
from ddz_tui.engine import Rules
from ddz_tui.i18n import t
from ddz_tui.ui.screens.base import AppModal
from ddz_tui.ui.settings import Settings
from ddz_tui.ui.widgets.form import (
    FORM_HEIGHTS,
    FORM_KEYS,
    choice,
    chosen_rules,
    form_row,
    level_options,
    remember,
    remember_rules,
    rules_rows,
)
from ddz_tui.ui.widgets.keys import KeyFooter


@dataclass(frozen=True)
class LocalGame:
    """A game against two bots, as the player chose it."""

    left: Level
    right: Level
    rules: Rules


class NewGameScreen(AppModal):
    """Dismissed with a LocalGame, or None to go back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # before the focused field's own Enter, which would open a drop-down again
        Binding("enter", "deal", "keys.deal", priority=True),
        Binding("escape", "back", "keys.back"),
        *FORM_KEYS,
    ]
    # Textual declares it `ClassVar[...] | None`, which mypy reads as an instance variable
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = FORM_HEIGHTS  # type: ignore[misc]

    def compose(self) -> ComposeResult:
        settings: Settings = self.ddz.settings
        with Vertical(classes="dialog", id="new-game") as dialog:
            dialog.border_title = t("ui.new_game.title")
            yield form_row(
                t("ui.new_game.left"), choice(level_options(), settings.left_bot, "left")
            )
            yield form_row(
                t("ui.new_game.right"), choice(level_options(), settings.right_bot, "right")
            )
            yield from rules_rows(settings.rules)
            with Horizontal(classes="buttons"):
                yield Button(t("ui.button.deal"), id="deal", variant="primary")
                yield Button(t("ui.button.back"), id="back")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#deal", Button).focus()

    def action_deal(self) -> None:
        """Enter deals from anywhere in the dialog, but for an open drop-down, which
        takes its Enter first (choosing), and the Back button, which goes back."""
        choosing = any(select.expanded for select in self.query(Select))
        if choosing or self.focused is self.query_one("#back"):
            raise SkipAction
        self._deal()

    @on(Button.Pressed, "#deal")
    def _deal(self) -> None:
        """Deal the game as chosen, and keep the choice as the next game's default."""
        game = LocalGame(
            left=Level(self.query_one("#left", Select).value),
            right=Level(self.query_one("#right", Select).value),
            rules=chosen_rules(self),
        )
        remember(self, left_bot=game.left, right_bot=game.right)
        remember_rules(self, game.rules)
        self.dismiss(game)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.dismiss(None)

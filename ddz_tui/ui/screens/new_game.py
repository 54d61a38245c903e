"""Choosing a game against bots: how strong each bot is, how the landlord is chosen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Select

from ddz_tui.bots import Level
from ddz_tui.engine import LandlordMode
from ddz_tui.i18n import t
from ddz_tui.ui.screens.base import AppModal
from ddz_tui.ui.settings import Settings
from ddz_tui.ui.widgets.form import choice, form_row, level_options, mode_options


@dataclass(frozen=True)
class LocalGame:
    """A game against two bots, as the player chose it."""

    left: Level
    right: Level
    landlord_mode: LandlordMode


class NewGameScreen(AppModal):
    """Dismissed with a LocalGame, or None to go back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "keys.back")]

    def compose(self) -> ComposeResult:
        settings: Settings = self.app.settings  # type: ignore[attr-defined]
        with Vertical(classes="dialog", id="new-game") as dialog:
            dialog.border_title = t("ui.new_game.title")
            yield form_row(
                t("ui.new_game.left"), choice(level_options(), settings.left_bot, "left")
            )
            yield form_row(
                t("ui.new_game.right"), choice(level_options(), settings.right_bot, "right")
            )
            yield form_row(
                t("ui.new_game.mode"), choice(mode_options(), settings.landlord_mode, "mode")
            )
            with Horizontal(classes="buttons"):
                yield Button(t("ui.button.deal"), id="deal", variant="primary")
                yield Button(t("ui.button.back"), id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#deal", Button).focus()

    @on(Button.Pressed, "#deal")
    def _deal(self) -> None:
        self.dismiss(
            LocalGame(
                left=self.query_one("#left", Select).value,  # type: ignore[arg-type]
                right=self.query_one("#right", Select).value,  # type: ignore[arg-type]
                landlord_mode=self.query_one("#mode", Select).value,  # type: ignore[arg-type]
            )
        )

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.dismiss(None)

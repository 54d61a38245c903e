"""The end of a game: who won, what it was worth and why, the session so far."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer

from ddz_tui.engine import Multiplier, Side, scores
from ddz_tui.i18n import t
from ddz_tui.table import TableState
from ddz_tui.ui.names import role_name
from ddz_tui.ui.reading import won
from ddz_tui.ui.screens.base import AppModal
from ddz_tui.ui.widgets.plain import Plain


def multiplier_parts(multiplier: Multiplier) -> list[str]:
    """The multiplier as the player reads it: the bid, then each doubling."""
    parts = [t("ui.result.bid", n=multiplier.base)]
    if multiplier.bombs:
        parts.append(t("ui.result.bombs", n=multiplier.bombs, x=2**multiplier.bombs))
    if multiplier.rocket:
        parts.append(t("ui.result.rocket"))
    if multiplier.spring:
        parts.append(t("ui.result.spring"))
    if multiplier.anti_spring:
        parts.append(t("ui.result.anti_spring"))
    return parts


class ResultScreen(AppModal):
    """Dismissed with True for the next game, False to leave the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n,N", "next", "keys.next_game"),
        Binding("escape", "leave", "keys.to_title"),
    ]
    LEAVE_LABEL = "ui.button.to_title"

    def __init__(self, state: TableState, seat_title: Callable[[TableState, int], str]) -> None:
        super().__init__()
        self.state = state
        self.seat_title = seat_title

    def compose(self) -> ComposeResult:
        state = self.state
        view = state.view
        assert view is not None and view.landlord is not None and view.winner is not None
        landlord_won = view.winner is Side.LANDLORD
        i_won = won(view)
        multiplier = view.multiplier
        changes = scores(view.landlord, view.winner, multiplier)
        with Vertical(id="result", classes="dialog -won" if i_won else "dialog -lost"):
            yield Plain(t("ui.result.you_won") if i_won else t("ui.result.you_lost"), id="verdict")
            yield Plain(
                t("ui.result.landlord_won") if landlord_won else t("ui.result.peasants_won"),
                id="side",
            )
            worth = " × ".join(multiplier_parts(multiplier))
            yield Plain(t("ui.result.worth", parts=worth, total=multiplier.total), id="worth")
            table = Table(box=None, padding=(0, 1), expand=True)
            table.add_column("", no_wrap=True)
            table.add_column("", no_wrap=True)
            table.add_column(t("ui.result.this_game"), justify="right", no_wrap=True)
            table.add_column(t("ui.result.session"), justify="right", no_wrap=True)
            for seat in (state.seat, (state.seat + 1) % 3, (state.seat + 2) % 3):
                role = view.role_of(seat)
                table.add_row(
                    Text(self.seat_title(state, seat)),
                    role_name(role) if role else "",
                    f"{changes[seat]:+d}",
                    f"{state.totals[seat]:+d}",
                    style="bold" if seat == state.seat else "",
                )
            yield Plain(table, id="scores")
            with Horizontal(classes="buttons"):
                yield Button(t("ui.button.next_game"), id="next", variant="primary")
                yield Button(t(self.LEAVE_LABEL), id="leave")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#next", Button).focus()

    @on(Button.Pressed, "#next")
    def action_next(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#leave")
    def action_leave(self) -> None:
        self.dismiss(False)


class SharedResultScreen(ResultScreen):
    """At a table shared with other players: the next game is dealt once everyone is
    ready, and leaving goes back to the lobby."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "keys.to_lobby")]
    LEAVE_LABEL = "ui.button.to_lobby"

"""The end of a game: who won, what it was worth and why, the session so far."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button

from ddz_tui.engine import LandlordMode, Multiplier, Part, PartKind, Side, scores
from ddz_tui.i18n import as_shown, t
from ddz_tui.table.seats import TableState
from ddz_tui.ui.names import role_name
from ddz_tui.ui.screens.base import AppModal
from ddz_tui.ui.show.reading import won
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.plain import Plain

PUT_ASIDE = "aside"
"""What the result dismisses with when put aside to look at the table."""


COUNTED = (PartKind.GRABS, PartKind.BOMBS, PartKind.SOFT_BOMBS, PartKind.WILD_BOMBS)
"""The parts said with their count, in the singular for one: `1 bomb`, `2 bombs`."""


def part_label(part: Part, bid: bool, laizi: bool = False) -> str:
    """One factor of a stake as the player reads it: `bid 2`, `2 grabs ×4`.
    bid: the landlord was chosen by bidding (else the base is 1, and says so); laizi:
    under 癞子 a bomb of four natural cards is a hard bomb, beside soft and wild ones."""
    if part.kind is PartKind.BID:
        return t("ui.part.bid" if bid else "ui.part.base", n=part.count)
    one = "_one" if part.kind in COUNTED and part.count == 1 else ""
    name = "hard_bombs" if laizi and part.kind is PartKind.BOMBS else part.kind.value
    return t(f"ui.part.{name}{one}", n=part.count, x=part.factor)


def multiplier_parts(multiplier: Multiplier, bid: bool = True, laizi: bool = False) -> list[str]:
    """The shared stake as the player reads it: the bid, then each doubling."""
    return [part_label(part, bid, laizi) for part in multiplier.parts()]


def own_parts(
    multiplier: Multiplier,
    seat: int,
    landlord: int,
    bid: bool,
    name: str,
    order: Sequence[int] = (0, 1, 2),
) -> str:
    """`name`'s stake. A peasant's is a product: the shared stake × its own doubling
    × the landlord's (`×2 × doubled ×2 = ×4`), or the cap where it is less (封顶). The
    landlord's is a sum, both peasants' stakes in the `order` the result lists them
    (`×4 + ×2 = ×6`), never a factor."""
    stake = multiplier.stake(seat, landlord)
    if seat == landlord:
        stakes = as_shown(" + ").join(
            as_shown(f"×{multiplier.stake(other, landlord)}") for other in order if other != seat
        )
        return t("ui.result.landlord_stake", name=name, stakes=stakes, x=stake)
    shared = len(multiplier.parts())
    own = [part_label(part, bid) for part in multiplier.parts(seat, landlord)[shared:]]
    capped = multiplier.capped(seat, landlord)
    if not own and not capped:
        return t("ui.result.shared_stake", name=name, x=stake)
    parts = as_shown(" × ").join([as_shown(f"×{multiplier.total}"), *own])
    if capped:  # 封顶: the product is more than the stake, and says why
        parts += as_shown(", ") + t("ui.result.capped", x=multiplier.cap)
    return t("ui.result.stake", name=name, parts=parts, x=stake)


class ResultScreen(AppModal):
    """Dismissed with True for the next game, False to leave the table, PUT_ASIDE
    to look at the table (which brings it back with the same key)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n,N", "next", "keys.next_game"),
        Binding("v,V", "put_aside", "keys.look_at_table"),
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
        bid = view.rules.landlord is LandlordMode.BID
        classes = "dialog -won" if i_won else "dialog -lost"
        verdict = t("ui.result.you_won") if i_won else t("ui.result.you_lost")
        if state.watching:  # a spectator neither won nor lost
            classes, verdict = "dialog", t("ui.result.watched")
        with Vertical(id="result", classes=classes):
            yield Plain(verdict, id="verdict")
            yield Plain(
                t("ui.result.landlord_won") if landlord_won else t("ui.result.peasants_won"),
                id="side",
            )
            worth = as_shown(" × ").join(multiplier_parts(multiplier, bid, view.rules.laizi))
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
            yield Plain(self._factors(multiplier, bid), id="factors")
            with Horizontal(classes="buttons"):
                again = "ui.button.watch_on" if state.watching else "ui.button.next_game"
                yield Button(t(again), id="next", variant="primary")
                yield Button(t(self.LEAVE_LABEL), id="leave")
        yield KeyFooter()

    def _factors(self, multiplier: Multiplier, bid: bool) -> Text:
        """Each player's own stake: the shared one times their doubling and the
        landlord's (a peasant), or both peasants' stakes (the landlord)."""
        state, view = self.state, self.state.view
        assert view is not None and view.landlord is not None
        seats = (state.seat, (state.seat + 1) % 3, (state.seat + 2) % 3)
        lines = [
            Text(
                own_parts(multiplier, seat, view.landlord, bid, self.seat_title(state, seat), seats)
            )
            for seat in seats
        ]
        return Text("\n", end="").join(lines)

    def on_mount(self) -> None:
        self.query_one("#next", Button).focus()

    @on(Button.Pressed, "#next")
    def action_next(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#leave")
    def action_leave(self) -> None:
        self.dismiss(False)

    def action_put_aside(self) -> None:
        self.dismiss(PUT_ASIDE)


class SharedResultScreen(ResultScreen):
    """At a table shared with other players: the next game is dealt once everyone is
    ready, and leaving goes back to the lobby."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "keys.to_lobby")]
    LEAVE_LABEL = "ui.button.to_lobby"


class WatchedResultScreen(SharedResultScreen):
    """A spectator's: nobody's win or loss, and Enter watches on (the next deal)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,n,N", "next", "keys.watch_on")]

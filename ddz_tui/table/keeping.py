"""Keeping a table's games in the history: the table's seats as record values, and
every game a `TableHost` finishes recorded as it ends."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ddz_tui.engine import Phase
from ddz_tui.records.history import History
from ddz_tui.records.store import Origin, SeatRecord
from ddz_tui.table.host import TableHost
from ddz_tui.table.seats import SeatInfo, SeatKind, TableState


def seat_records(seats: Sequence[SeatInfo]) -> tuple[SeatRecord, ...]:
    """Who sat where, as the history keeps it: a bot with its level; a person with none
    (their seat's level only names the bot that stands in for them); a seat the game
    named itself, by its label."""
    return tuple(
        SeatRecord(info.name, info.level if info.kind is SeatKind.BOT else None, info.label)
        for info in seats
    )


def keep_games(
    host: TableHost,
    history: History,
    my_seat: int | None,
    origin: Origin,
    people_only: bool = False,
) -> Callable[[], None]:
    """Record every game `host` finishes from now on; returns a function that stops it.
    `my_seat`: the local player's seat (None for a server, which plays no seat);
    `people_only`: only games a person sat through to the end (a server's table whose
    players all got up is bots playing for no one, which nobody would look back at, and
    a player could have them fill the server's history)."""
    kept = host.games

    def on_change(state: TableState) -> None:
        nonlocal kept
        game = host.game
        if state.games > kept and game is not None and game.phase is Phase.OVER:
            kept = state.games
            if people_only and not host.has_people:
                return
            history.record(game.events, seat_records(host.seats), my_seat, origin)

    return host.subscribe(0 if my_seat is None else my_seat, on_change)

"""Keeping a table's games in the history: the table's seats as record values, and
every game a `TableHost` finishes recorded as it ends."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ddz_tui.engine import Event, Multiplier, Phase, Side, scores
from ddz_tui.engine.events import Left
from ddz_tui.records.history import History
from ddz_tui.records.ladder import Identity
from ddz_tui.records.store import Origin, SeatRecord
from ddz_tui.table.host import TableHost
from ddz_tui.table.seats import SeatInfo, SeatKind, TableState


def seat_records(
    seats: Sequence[SeatInfo], ranked: Callable[[int], bool] | None = None
) -> tuple[SeatRecord, ...]:
    """Who sat where, as the history keeps it: a bot with its level; a person with none
    (their seat's level only names the bot that stands in for them); a seat the game
    named itself, by its label. With `ranked` (a server's: whether a seat's person plays
    under a name bound to their key), each seat's `Identity` for the ladder too."""

    def identity(seat: int, info: SeatInfo) -> Identity | None:
        if ranked is None:
            return None
        if info.kind is SeatKind.BOT:
            return Identity.BOT
        return Identity.RANKED if ranked(seat) else Identity.GUEST

    return tuple(
        SeatRecord(
            info.name,
            info.level if info.kind is SeatKind.BOT else None,
            info.label,
            identity(seat, info),
        )
        for seat, info in enumerate(seats)
    )


def each_game(
    host: TableHost,
    on_game: Callable[[Sequence[Event], tuple[SeatRecord, ...]], object],
    my_seat: int | None = None,
    people_only: bool = False,
    ranked: Callable[[int], bool] | None = None,
) -> Callable[[], None]:
    """Call `on_game` with every game `host` finishes from now on (its events and its
    seats as records); returns a function that stops it. The arguments as
    `keep_games`'s: whatever else counts a server's games (the service's ladder) counts
    the very games its history keeps."""
    kept = host.games

    def on_change(state: TableState) -> None:
        nonlocal kept
        game = host.game
        if state.games > kept and game is not None and game.phase is Phase.OVER:
            kept = state.games
            if people_only and not host.has_people:
                return
            on_game(game.events, seat_records(host.seats, ranked))

    return host.subscribe(0 if my_seat is None else my_seat, on_change)


def keep_games(
    host: TableHost,
    history: History,
    my_seat: int | None,
    origin: Origin,
    people_only: bool = False,
    ranked: Callable[[int], bool] | None = None,
) -> Callable[[], None]:
    """Record every game `host` finishes from now on; returns a function that stops it.
    `my_seat`: the local player's seat (None for a server, which plays no seat);
    `people_only`: only games a person sat through to the end (a server's table whose
    players all got up is bots playing for no one, which nobody would look back at, and
    a player could have them fill the server's history); `ranked`: a server's, for the
    seats' identities (`seat_records`)."""

    def record(events: Sequence[Event], seats: tuple[SeatRecord, ...]) -> None:
        history.record(events, seats, my_seat, origin)

    return each_game(host, record, my_seat, people_only, ranked)


def left_game(
    seat: int, landlord: int | None, multiplier: Multiplier, bids: Sequence[tuple[int, int]]
) -> Left:
    """How a game `seat` left mid-way is scored (逃跑, as a Dou Dizhu app counts it): as
    though the leaver's side had lost at the stake reached (`multiplier`, with its
    doublings so far), the other side winning, so the scores still sum to zero. Before a
    landlord is chosen the leaver is scored as a landlord who lost at the highest bid so
    far (at least 1): walking away from a bad hand in the bidding is not free either."""
    if landlord is None:
        high = max((bid for _, bid in bids), default=0)
        landlord, multiplier = seat, replace(multiplier, base=max(multiplier.base, high))
    side = Side.PEASANTS if seat == landlord else Side.LANDLORD
    return Left(seat, landlord, side, multiplier.total, scores(landlord, side, multiplier))


def left_now(host: TableHost, seat: int) -> Left | None:
    """What `seat` getting up now would cost (`left_game`); None when no game is on."""
    game = host.game
    if game is None or not host.playing:
        return None
    return left_game(seat, game.landlord, game.multiplier, game.view(seat).bids)


def keep_local_games(host: TableHost, history: History, seat: int) -> Callable[[], None]:
    """`keep_games` for a game against bots at `seat`, and the function to call when
    its player gets up mid-game: the game is kept as they left it, lost (`left_game`),
    and nothing after it (a bot finishing the game under 托管 as the table closes)."""
    stop = keep_games(host, history, seat, Origin.LOCAL)
    gone = False

    def leave() -> None:
        nonlocal gone
        stop()
        left = left_now(host, seat)
        if gone or left is None or host.game is None:
            return  # over already, and kept
        gone = True
        events = (*host.game.events, left)
        history.record(events, seat_records(host.seats), seat, Origin.LOCAL)

    return leave

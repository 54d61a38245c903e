"""Table states, lobby summaries and finished games' records on the wire, both ways.

A table state is serialised from the seat's `PlayerView` constructor fields only
(its hand, the landlord, the bottom once shown, the bids, the public plays as card
ids) and the seats' public facts, so a message can hold no card the seat may not
see; the client rebuilds the same `PlayerView` from it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ddz_tui.cards import DECK, Card, ranks_of
from ddz_tui.engine import Event, Game, LandlordMode, Phase, PlayerView, Rules
from ddz_tui.engine.events import event_to_dict
from ddz_tui.engine.seats import per_seat
from ddz_tui.i18n import Lang, Phrase, t
from ddz_tui.net.checks import Unfit
from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.net.protocol import MAX_TABLE_ROWS, TABLE_ROW, PushType, dumps
from ddz_tui.rules import BY_CARDS
from ddz_tui.table.seats import SeatInfo, SeatKind, TableState
from ddz_tui.text import printable
from ddz_tui.wild import Reading, readings


@dataclass(frozen=True)
class TableSummary:
    """A table as the lobby lists it."""

    id: int
    title: str
    rules: Rules
    seats: tuple[SeatInfo, SeatInfo, SeatInfo]
    playing: bool
    games: int
    watchers: int = 0  # how many watch it now
    spectators: bool = True  # whether it lets anyone watch
    private: bool = False  # it has a code, which the lobby never says

    @property
    def mode(self) -> LandlordMode:
        return self.rules.landlord

    @property
    def free_seats(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.is_empty)


def encode_seat(info: SeatInfo) -> dict[str, Any]:
    return {
        "name": info.name,
        "kind": info.kind.value,
        "level": info.level,
        "ready": info.ready,
        "connected": info.connected,
        "takeover": info.takeover,
    }


def encode_game(view: PlayerView) -> dict[str, Any]:
    """The seat's view, from its constructor fields only (nothing derived, no other hand)."""
    if len(view.history_cards) != len(view.history):
        raise ValueError("a view to send needs the cards of every play")
    return {
        "hand": [card.id for card in view.hand],
        "landlord": view.landlord,
        "bottom": [card.id for card in view.bottom],
        "bids": [[seat, bid] for seat, bid in view.bids],
        "first_bidder": view.first_bidder,
        "rules": view.rules.to_dict(),
        "calls": [[seat, took] for seat, took in view.calls],
        "shows": [[seat, [card.id for card in cards]] for seat, cards in view.shows],
        "doubles": [[seat, doubled] for seat, doubled in view.doubles],
        "super_doubles": list(view.super_doubles),
        "start_shows": [[seat, [card.id for card in cards]] for seat, cards in view.start_shows],
        "wild": view.wild,  # 癞子: null until drawn, whatever the rules
        "wilds": [
            [index, reading.wilds]
            for index, reading in enumerate(view.readings)
            if reading is not None and reading.wild_count
        ],
        "plays": [
            [seat, [card.id for card in cards]]
            for (seat, _), cards in zip(view.history, view.history_cards, strict=True)
        ],
    }


def encode_notice(notice: Phrase | str | None, lang: Lang | None = None) -> dict[str, Any] | None:
    """A notice in the reader's language (None: this process's), with its key when it
    has one."""
    if notice is None:
        return None
    if isinstance(notice, Phrase):
        return {"key": notice.key, "text": notice.render(lang)}
    return {"key": None, "text": notice}


def encode_state(table: int, state: TableState, lang: Lang | None = None) -> str:
    """The `state` message for one seat, its notice in that seat's player's language."""
    return dumps(
        {
            "type": PushType.STATE.value,
            "table": table,
            "seat": state.seat,
            "seats": [encode_seat(info) for info in state.seats],
            "game": None if state.view is None else encode_game(state.view),
            "thinking": state.thinking,
            "totals": list(state.totals),
            "games": state.games,
            "turn_seconds": None if state.turn_seconds is None else round(state.turn_seconds, 1),
            "notice": encode_notice(state.notice, lang),
            "redeals": state.redeals,
            "watching": state.watching,
        }
    )


@dataclass(frozen=True)
class FinishedGame:
    """A game over at the player's table, with its whole record (every hand, now public)."""

    table: int
    seat: int  # the player's seat
    games: int  # the game's number at the table, 1 for the first
    seats: tuple[SeatInfo, SeatInfo, SeatInfo]
    events: tuple[Event, ...]

    def final_view(self) -> PlayerView:
        """The player's view at the end, replayed from the record; ValueError if the
        record is not a whole game this engine would play."""
        game = Game.replay(self.events)
        if game.phase is not Phase.OVER:
            raise ValueError(t("net.error.record_unfinished"))
        return game.view(self.seat)


def encode_record(
    table: int, seat: int, games: int, seats: Sequence[SeatInfo], events: Sequence[Event]
) -> str:
    """The `record` message: sent to a seat only once its game is over."""
    return dumps(
        {
            "type": PushType.RECORD.value,
            "table": table,
            "seat": seat,
            "games": games,
            "seats": [encode_seat(info) for info in seats],
            "events": [event_to_dict(event) for event in events],
        }
    )


def decode_record(args: Mapping[str, Any]) -> FinishedGame:
    """A record as sent (its events checked one by one; `final_view` checks the whole)."""
    return FinishedGame(
        table=args["table"],
        seat=args["seat"],
        games=args["games"],
        seats=per_seat(decode_seat(s) for s in args["seats"]),
        events=tuple(args["events"]),
    )


def encode_summary(summary: TableSummary) -> dict[str, Any]:
    return {
        "id": summary.id,
        "title": summary.title,
        "rules": summary.rules.to_dict(),
        "seats": [encode_seat(info) for info in summary.seats],
        "playing": summary.playing,
        "games": summary.games,
        "watchers": summary.watchers,
        "spectators": summary.spectators,
        "private": summary.private,
    }


def encode_lobby(tables: Iterable[TableSummary], request_id: int | None = None) -> str:
    return lobby_text([encode_summary(s) for s in tables], request_id)


def lobby_text(rows: Iterable[dict[str, Any]], request_id: int | None = None) -> str:
    """The whole lobby: every table's row (`encode_summary`)."""
    body: dict[str, Any] = {"type": PushType.LOBBY.value}
    if request_id is not None:
        body["id"] = request_id
    body["tables"] = list(rows)
    return dumps(body)


def encode_lobby_changes(rows: Iterable[dict[str, Any]], removed: Iterable[int]) -> str:
    """What changed in the lobby since the last lobby message: rows new or changed, and
    the tables gone."""
    return dumps(
        {"type": PushType.LOBBY_CHANGES.value, "tables": list(rows), "removed": list(removed)}
    )


def decode_seat(fields: Mapping[str, Any]) -> SeatInfo:
    return SeatInfo(
        name=fields["name"],
        kind=SeatKind(fields["kind"]),
        level=fields["level"],
        takeover=fields["takeover"],
        connected=fields["connected"],
        ready=fields["ready"],
    )


@functools.lru_cache(maxsize=4096)
def _played(ids: tuple[int, ...]) -> tuple[tuple[Card, ...], str]:
    """A play's cards and canonical ranks (ids arrive sorted, so the ranks are in
    order). Cached: every state repeats the plays before it."""
    cards = tuple(DECK[i] for i in ids)
    return cards, ranks_of(cards)


def _read(
    plays: list[tuple[int, tuple[tuple[Card, ...], str]]],
    wild: str | None,
    said: tuple[tuple[int, str], ...],
) -> tuple[Reading | None, ...]:
    """Each play's reading under 癞子 (None for a pass), from what its wilds stood for
    (`said`: [index, wilds] for each play holding wilds, in order); ProtocolError when
    a play is no combination, a play holding wilds does not say what they stood for, or
    what it says is not a reading of its cards. In a game without a wild rank drawn,
    every play must be a play of the classic game, and no wilds are said."""
    if wild is None:
        if said:
            raise ProtocolError(ErrorReason.BAD_FIELD, Phrase("net.error.bad_wilds"))
        if any(ranks and ranks not in BY_CARDS for _, (_, ranks) in plays):
            raise ProtocolError(ErrorReason.BAD_FIELD, Phrase("net.error.bad_play"))
        return ()
    stood = dict(said)
    if len(stood) != len(said) or [index for index, _ in said] != sorted(stood):
        raise ProtocolError(ErrorReason.BAD_FIELD, Phrase("net.error.bad_wilds"))
    out: list[Reading | None] = []
    for index, (_, (_, ranks)) in enumerate(plays):
        text = stood.pop(index, "")
        if not ranks:
            if text:
                raise ProtocolError(ErrorReason.BAD_FIELD, Phrase("net.error.bad_wilds"))
            out.append(None)
            continue
        match = next((r for r in readings(ranks, wild) if r.wilds == text), None)
        if match is None:
            raise ProtocolError(ErrorReason.BAD_FIELD, Phrase("net.error.bad_wilds"))
        out.append(match)
    if stood:  # wilds said of a play that is not there
        raise ProtocolError(ErrorReason.BAD_FIELD, Phrase("net.error.bad_wilds"))
    return tuple(out)


def decode_view(seat: int, game: Mapping[str, Any]) -> PlayerView:
    """The seat's `PlayerView`, rebuilt from its public constructor fields;
    ProtocolError when they do not make a game (calls under bidding rules, say)."""
    plays = [(s, _played(ids)) for s, ids in game["plays"]]
    read = _read(plays, game["wild"], game["wilds"])
    try:
        return PlayerView(
            seat=seat,
            hand=tuple(DECK[i] for i in game["hand"]),
            landlord=game["landlord"],
            bottom=tuple(DECK[i] for i in game["bottom"]),
            history=tuple((s, ranks) for s, (_, ranks) in plays),
            bids=tuple(game["bids"]),
            first_bidder=game["first_bidder"],
            history_cards=tuple(cards for _, (cards, _) in plays),
            rules=game["rules"],
            calls=game["calls"],
            shows=tuple((s, tuple(DECK[i] for i in ids)) for s, ids in game["shows"]),
            doubles=game["doubles"],
            super_doubles=game["super_doubles"],
            start_shows=tuple((s, tuple(DECK[i] for i in ids)) for s, ids in game["start_shows"]),
            wild=game["wild"],
            readings=read,
        )
    except ValueError as bad:
        raise ProtocolError(
            ErrorReason.BAD_FIELD, Phrase("net.expect.rules", error=printable(str(bad), 80))
        ) from None


def decode_state(args: Mapping[str, Any]) -> TableState:
    """A state as sent; ProtocolError for one that is no game, or a spectator's that
    holds a hand while the game is on (a spectator sees hands only as they are laid open
    at the end)."""
    seat = args["seat"]
    notice = args["notice"]
    view = None if args["game"] is None else decode_view(seat, args["game"])
    if args["watching"] and view is not None and view.hand and view.phase is not Phase.OVER:
        raise ProtocolError(ErrorReason.BAD_FIELD, Phrase("net.error.spectator_hand"))
    return TableState(
        seat=seat,
        seats=per_seat(decode_seat(s) for s in args["seats"]),
        view=view,
        thinking=args["thinking"],
        totals=tuple(args["totals"]),
        games=args["games"],
        turn_seconds=args["turn_seconds"],
        notice=None if notice is None else notice["text"],
        redeals=args["redeals"],
        watching=args["watching"],
    )


def decode_lobby(args: Mapping[str, Any]) -> tuple[TableSummary, ...]:
    return tuple(decode_summary(table) for table in args["tables"])


def decode_summary(table: Mapping[str, Any]) -> TableSummary:
    return TableSummary(
        id=table["id"],
        title=table["title"],
        rules=table["rules"],
        seats=per_seat(decode_seat(s) for s in table["seats"]),
        playing=table["playing"],
        games=table["games"],
        watchers=table["watchers"],
        spectators=table["spectators"],
        private=table["private"],
    )


def check_row(row: object) -> dict[str, Any]:
    """A lobby row from another server (read from Redis), checked as a client checks
    one and written again as this server writes its own; ValueError when it is not one."""
    try:
        checked = TABLE_ROW(row)
    except (Unfit, ProtocolError) as bad:
        raise ValueError(bad.phrase.render(Lang.EN)) from None
    return encode_summary(decode_summary(checked))


def apply_lobby_changes(
    tables: tuple[TableSummary, ...], args: Mapping[str, Any]
) -> tuple[TableSummary, ...]:
    """The lobby `tables` with a `lobby_changes` message's rows and removals applied,
    in the order of the tables' ids. ValueError past MAX_TABLE_ROWS: a whole lobby
    holds no more, and a server's changes must not grow one without end."""
    by_id = {table.id: table for table in tables}
    for table_id in args["removed"]:
        by_id.pop(table_id, None)
    for row in args["tables"]:
        by_id[row["id"]] = decode_summary(row)
    if len(by_id) > MAX_TABLE_ROWS:
        raise ValueError(f"a lobby of more than {MAX_TABLE_ROWS} tables")
    return tuple(by_id[table_id] for table_id in sorted(by_id))

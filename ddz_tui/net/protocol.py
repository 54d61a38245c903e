"""The wire protocol: JSON text messages over WebSocket, version 1 (docs/protocol.md).

Every message is a JSON object with a `type`. Both ends check every message they
receive against the schema of its type — exact keys, types and ranges — and turn a
bad one into a `ProtocolError` with a reason and a readable message, never a crash.

A table state is serialised from the seat's `PlayerView` constructor fields only
(its hand, the landlord, the bottom once shown, the bids, the public plays as card
ids) and the seats' public facts, so a message can hold no card the seat may not
see; the client rebuilds the same `PlayerView` from it.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ddz_tui.cards import DECK, Card, ranks_of
from ddz_tui.engine import LandlordMode, PlayerView
from ddz_tui.i18n import Lang, t
from ddz_tui.rules import BY_CARDS
from ddz_tui.table import Notice, SeatInfo, SeatKind, TableState

PROTOCOL_VERSION = 1
MAX_CLIENT_MESSAGE = 4096  # bytes; the longest valid request is far shorter
MAX_SERVER_MESSAGE = 1 << 20  # a lobby of many tables
NAME_MAX = 16
TITLE_MAX = 32
TOKEN_MAX = 64
LEVEL_MAX = 32
MAX_PLAY = 20  # the longest play is 20 cards (the landlord's whole hand)
_ID_MAX = 2**31 - 1


class ErrorReason(str, Enum):
    """Why the server refused a message (table actions use the engine's `Reason`)."""

    BAD_JSON = "bad_json"
    BAD_MESSAGE = "bad_message"
    UNKNOWN_TYPE = "unknown_type"
    BAD_FIELD = "bad_field"
    HELLO_FIRST = "hello_first"
    VERSION = "version"
    BAD_NAME = "bad_name"
    NAME_TAKEN = "name_taken"
    RATE_LIMITED = "rate_limited"
    NO_SUCH_TABLE = "no_such_table"
    SEAT_TAKEN = "seat_taken"
    NOT_SEATED = "not_seated"
    ALREADY_SEATED = "already_seated"
    GAME_ON = "game_on"
    TOO_MANY_TABLES = "too_many_tables"
    BAD_LEVEL = "bad_level"
    NOT_CONNECTED = "not_connected"  # said by the client itself, never sent
    INTERNAL = "internal"


class CloseCode(int, Enum):
    """WebSocket close codes the server uses besides the standard ones."""

    POLICY = 1008  # flooding, no hello in time, a client too slow to read
    TOO_BIG = 1009  # a message over MAX_CLIENT_MESSAGE (closed by websockets itself)
    REPLACED = 4000  # the same player connected again with the session token
    VERSION = 4001  # the client speaks another protocol version
    REFUSED = 4002  # the hello was refused: a bad or taken name


class ProtocolError(Exception):
    """A message that breaks the protocol; `reason` for code, `message` for people,
    and the id of the request it answers when that could be read."""

    def __init__(self, reason: ErrorReason, message: str, request_id: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.request_id = request_id


class RequestType(str, Enum):
    HELLO = "hello"
    LIST = "list"
    CREATE = "create"
    JOIN = "join"
    LEAVE = "leave"
    READY = "ready"
    FILL = "fill"
    BID = "bid"
    PLAY = "play"
    PASS = "pass"


class PushType(str, Enum):
    WELCOME = "welcome"
    LOBBY = "lobby"
    STATE = "state"
    OK = "ok"
    ERROR = "error"


# --- field checks -----------------------------------------------------------------

Check = Callable[[Any], Any]


class _Bad(Exception):
    """A field value that does not fit; carries what was expected, for the message."""


def integer(lo: int, hi: int) -> Check:
    def check(value: Any) -> int:
        if type(value) is not int or not lo <= value <= hi:
            raise _Bad(t("net.expect.integer", lo=lo, hi=hi))
        return value

    return check


def text(max_len: int) -> Check:
    def check(value: Any) -> str:
        if not isinstance(value, str) or len(value) > max_len:
            raise _Bad(t("net.expect.text", n=max_len))
        return value

    return check


def number(value: Any) -> float:
    if type(value) not in (int, float) or not 0 <= value < 1e12:
        raise _Bad(t("net.expect.number"))
    return float(value)


def boolean(value: Any) -> bool:
    if type(value) is not bool:
        raise _Bad(t("net.expect.boolean"))
    return value


def choice(values: Iterable[str]) -> Check:
    allowed = tuple(values)

    def check(value: Any) -> str:
        if value not in allowed or not isinstance(value, str):
            raise _Bad(t("net.expect.choice", values=", ".join(allowed)))
        return value

    return check


def optional(inner: Check) -> Check:
    def check(value: Any) -> Any:
        return None if value is None else inner(value)

    return check


def list_of(inner: Check, max_len: int, min_len: int = 0) -> Check:
    def check(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list) or not min_len <= len(value) <= max_len:
            raise _Bad(t("net.expect.list", lo=min_len, hi=max_len))
        return tuple(inner(item) for item in value)

    return check


def card_ids(max_len: int, min_len: int = 0) -> Check:
    """Distinct card ids 0..53, as a sorted tuple. (Written out rather than composed:
    every state message holds every play so far, so this runs a lot.)"""

    def check(value: Any) -> tuple[int, ...]:
        if type(value) is not list or not min_len <= len(value) <= max_len:
            raise _Bad(t("net.expect.list", lo=min_len, hi=max_len))
        for item in value:
            if type(item) is not int or not 0 <= item < len(DECK):
                raise _Bad(t("net.expect.card_ids", hi=len(DECK) - 1))
        if len(set(value)) != len(value):
            raise _Bad(t("net.expect.distinct_cards"))
        return tuple(sorted(value))

    return check


_play_ids = card_ids(MAX_PLAY)


@functools.lru_cache(maxsize=4096)
def _checked_play(ids: tuple[Any, ...]) -> tuple[int, ...]:
    return _play_ids(list(ids))  # cached: every state repeats the plays before it


def plays(max_len: int) -> Check:
    """The public plays: a list of [seat, card ids] (card ids [] for a pass)."""

    def check(value: Any) -> tuple[tuple[int, tuple[int, ...]], ...]:
        if type(value) is not list or len(value) > max_len:
            raise _Bad(t("net.expect.list", lo=0, hi=max_len))
        out = []
        for item in value:
            if type(item) is not list or len(item) != 2 or type(item[0]) is not int:
                raise _Bad(t("net.expect.play"))
            seat, ids = item
            if seat not in (0, 1, 2) or type(ids) is not list:
                raise _Bad(t("net.expect.play"))
            if not all(type(i) is int for i in ids):  # also keeps True from passing as 1
                raise _Bad(t("net.expect.card_ids", hi=len(DECK) - 1))
            out.append((seat, _checked_play(tuple(ids))))
        return tuple(out)

    return check


def pair(first: Check, second: Check) -> Check:
    def check(value: Any) -> tuple[Any, Any]:
        if not isinstance(value, list) or len(value) != 2:
            raise _Bad(t("net.expect.pair"))
        return first(value[0]), second(value[1])

    return check


@dataclass(frozen=True)
class Field:
    check: Check
    required: bool = True
    default: Any = None


Schema = Mapping[str, Field]


def fields_of(obj: Any, schema: Schema, where: str) -> dict[str, Any]:
    """Check an object against a schema: no missing or unknown keys, every value fits."""
    if not isinstance(obj, dict):
        raise ProtocolError(ErrorReason.BAD_MESSAGE, t("net.error.not_object", where=where))
    unknown = sorted(set(obj) - set(schema))
    if unknown:
        raise ProtocolError(
            ErrorReason.BAD_FIELD, t("net.error.unknown_field", field=unknown[0], where=where)
        )
    out: dict[str, Any] = {}
    for key, spec in schema.items():
        if key not in obj:
            if spec.required:
                raise ProtocolError(
                    ErrorReason.BAD_FIELD, t("net.error.missing_field", field=key, where=where)
                )
            out[key] = spec.default
            continue
        try:
            out[key] = spec.check(obj[key])
        except _Bad as bad:
            raise ProtocolError(
                ErrorReason.BAD_FIELD,
                t("net.error.bad_field", field=key, where=where, expected=bad),
            ) from None
    return out


def nested(schema: Schema, where: str) -> Check:
    """A check for an object field, by its own schema."""

    def check(value: Any) -> dict[str, Any]:
        try:
            return fields_of(value, schema, where)
        except ProtocolError as error:
            raise _Bad(error.message) from None

    return check


# --- messages ---------------------------------------------------------------------

_REQUEST_ID = Field(optional(integer(0, _ID_MAX)), required=False)
_MODES = [mode.value for mode in LandlordMode]

REQUESTS: dict[RequestType, Schema] = {
    RequestType.HELLO: {
        "v": Field(integer(0, _ID_MAX)),
        "name": Field(text(256)),  # checked again by check_name, for a specific message
        "token": Field(optional(text(TOKEN_MAX)), required=False),
        "lang": Field(optional(choice(lang.value for lang in Lang)), required=False),
    },
    RequestType.LIST: {},
    RequestType.CREATE: {
        "title": Field(optional(text(TITLE_MAX)), required=False),
        "mode": Field(choice(_MODES), required=False, default=LandlordMode.BID.value),
    },
    RequestType.JOIN: {
        "table": Field(integer(1, _ID_MAX)),
        "seat": Field(optional(integer(0, 2)), required=False),
    },
    RequestType.LEAVE: {},
    RequestType.READY: {"ready": Field(boolean, required=False, default=True)},
    RequestType.FILL: {"level": Field(text(LEVEL_MAX))},
    RequestType.BID: {"bid": Field(integer(0, 3))},
    RequestType.PLAY: {"cards": Field(card_ids(MAX_PLAY, min_len=1))},
    RequestType.PASS: {},
}


@dataclass(frozen=True)
class Message:
    """A checked message: its type, its request id (if any) and its other fields."""

    type: Any  # RequestType or PushType
    id: int | None
    args: dict[str, Any]


def _load(data: str | bytes) -> dict[str, Any]:
    if not isinstance(data, str):
        raise ProtocolError(ErrorReason.BAD_MESSAGE, t("net.error.binary"))
    try:
        obj = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError(ErrorReason.BAD_JSON, t("net.error.bad_json")) from None
    if not isinstance(obj, dict):
        raise ProtocolError(ErrorReason.BAD_MESSAGE, t("net.error.not_object", where="message"))
    return obj


def _no_constant(name: str) -> None:
    raise ValueError(name)  # NaN and Infinity are not JSON


def _parse(data: str | bytes, kinds: type[Enum], schemas: Mapping[Any, Schema]) -> Message:
    obj = _load(data)
    raw_id = obj.pop("id", None)
    known_id = raw_id if type(raw_id) is int and 0 <= raw_id <= _ID_MAX else None
    try:
        name = obj.pop("type", None)
        try:
            kind = kinds(name)
        except ValueError:
            shown = name if isinstance(name, str) and len(name) <= 32 else "?"
            raise ProtocolError(
                ErrorReason.UNKNOWN_TYPE, t("net.error.unknown_type", type=shown)
            ) from None
        where = kind.value
        request_id = fields_of({"id": raw_id}, {"id": _REQUEST_ID}, where)["id"]
        return Message(kind, request_id, fields_of(obj, schemas[kind], where))
    except ProtocolError as error:
        error.request_id = known_id
        raise


def request_id_of(data: str | bytes) -> int | None:
    """The id of a request that will not be handled (rate limit), so its refusal
    answers it; None when there is no readable id."""
    try:
        obj = _load(data)
    except ProtocolError:
        return None
    value = obj.get("id")
    return value if type(value) is int and 0 <= value <= _ID_MAX else None


def hello_version(data: str | bytes) -> int | None:
    """The protocol version a hello claims, read before its fields are checked: a
    client of another version may send other fields, and must hear 'version'."""
    try:
        obj = _load(data)
    except ProtocolError:
        return None
    version = obj.get("v")
    return version if obj.get("type") == "hello" and type(version) is int else None


def parse_request(data: str | bytes) -> Message:
    """A client's message, checked; ProtocolError says what is wrong with it."""
    return _parse(data, RequestType, REQUESTS)


def check_name(name: str) -> str:
    """A player's name as others will see it; ProtocolError says why it will not do."""
    name = name.strip()
    if not name:
        raise ProtocolError(ErrorReason.BAD_NAME, t("net.name.empty"))
    if len(name) > NAME_MAX:
        raise ProtocolError(ErrorReason.BAD_NAME, t("net.name.too_long", n=NAME_MAX))
    if not name.isprintable():
        raise ProtocolError(ErrorReason.BAD_NAME, t("net.name.unprintable"))
    return name


def dumps(message: Mapping[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def request(kind: RequestType, request_id: int | None = None, **args: Any) -> str:
    body: dict[str, Any] = {"type": kind.value}
    if request_id is not None:
        body["id"] = request_id
    body.update(args)
    return dumps(body)


# --- what the server sends --------------------------------------------------------


@dataclass(frozen=True)
class TableSummary:
    """A table as the lobby lists it."""

    id: int
    title: str
    mode: LandlordMode
    seats: tuple[SeatInfo, SeatInfo, SeatInfo]
    playing: bool
    games: int

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
        "plays": [
            [seat, [card.id for card in cards]]
            for (seat, _), cards in zip(view.history, view.history_cards, strict=True)
        ],
    }


def encode_notice(notice: str | None) -> dict[str, Any] | None:
    """A notice in the active language, with its key when it has one."""
    if notice is None:
        return None
    if isinstance(notice, Notice):
        return {"key": notice.key, "text": t(notice.key, **notice.fields)}
    return {"key": None, "text": str(notice)}


def encode_state(table: int, state: TableState) -> str:
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
            "notice": encode_notice(state.notice),
        }
    )


def encode_summary(summary: TableSummary) -> dict[str, Any]:
    return {
        "id": summary.id,
        "title": summary.title,
        "mode": summary.mode.value,
        "seats": [encode_seat(info) for info in summary.seats],
        "playing": summary.playing,
        "games": summary.games,
    }


def encode_lobby(tables: Iterable[TableSummary], request_id: int | None = None) -> str:
    body: dict[str, Any] = {"type": PushType.LOBBY.value}
    if request_id is not None:
        body["id"] = request_id
    body["tables"] = [encode_summary(s) for s in tables]
    return dumps(body)


def encode_error(request_id: int | None, reason: str, message: str) -> str:
    return dumps(
        {"type": PushType.ERROR.value, "id": request_id, "reason": reason, "message": message}
    )


def encode_ok(request_id: int | None, **args: Any) -> str:
    return dumps({"type": PushType.OK.value, "id": request_id, **args})


# --- reading what the server sends (the client) -----------------------------------

_SEAT: Schema = {
    "name": Field(text(NAME_MAX * 4)),
    "kind": Field(choice(kind.value for kind in SeatKind)),
    "level": Field(optional(text(LEVEL_MAX))),
    "ready": Field(boolean),
    "connected": Field(boolean),
    "takeover": Field(boolean),
}
_SEATS = list_of(nested(_SEAT, "seat"), 3, 3)
_SEAT_NO = integer(0, 2)
_GAME: Schema = {
    "hand": Field(card_ids(20)),
    "landlord": Field(optional(_SEAT_NO)),
    "bottom": Field(card_ids(3)),
    "bids": Field(list_of(pair(_SEAT_NO, integer(0, 3)), 3)),
    "first_bidder": Field(optional(_SEAT_NO)),
    "plays": Field(plays(200)),
}
_NOTICE: Schema = {"key": Field(optional(text(80))), "text": Field(text(400))}
_TOTAL = integer(-(2**40), 2**40)
_LIMITS: Schema = {
    "max_message": Field(integer(1, _ID_MAX)),
    "rate": Field(number),
    "burst": Field(integer(1, _ID_MAX)),
}

PUSHES: dict[PushType, Schema] = {
    PushType.WELCOME: {
        "v": Field(integer(0, _ID_MAX)),
        "name": Field(text(NAME_MAX * 4)),
        "token": Field(text(TOKEN_MAX)),
        "server": Field(text(80)),
        "table": Field(optional(integer(1, _ID_MAX))),
        "seat": Field(optional(_SEAT_NO)),
        "turn_seconds": Field(optional(number)),
        "limits": Field(nested(_LIMITS, "limits")),
    },
    PushType.LOBBY: {
        "tables": Field(
            list_of(
                nested(
                    {
                        "id": Field(integer(1, _ID_MAX)),
                        "title": Field(text(TITLE_MAX * 4)),
                        "mode": Field(choice(_MODES)),
                        "seats": Field(_SEATS),
                        "playing": Field(boolean),
                        "games": Field(integer(0, _ID_MAX)),
                    },
                    "table",
                ),
                10_000,
            )
        )
    },
    PushType.STATE: {
        "table": Field(integer(1, _ID_MAX)),
        "seat": Field(_SEAT_NO),
        "seats": Field(_SEATS),
        "game": Field(optional(nested(_GAME, "game"))),
        "thinking": Field(optional(_SEAT_NO)),
        "totals": Field(list_of(_TOTAL, 3, 3)),
        "games": Field(integer(0, _ID_MAX)),
        "turn_seconds": Field(optional(number)),
        "notice": Field(optional(nested(_NOTICE, "notice"))),
    },
    PushType.OK: {
        "table": Field(optional(integer(1, _ID_MAX)), required=False),
        "seat": Field(optional(_SEAT_NO), required=False),
    },
    PushType.ERROR: {"reason": Field(text(40)), "message": Field(text(1000))},
}


def parse_push(data: str | bytes) -> Message:
    """A server's message, checked; ProtocolError says what is wrong with it."""
    return _parse(data, PushType, PUSHES)


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
    order); ProtocolError if it is not a valid combination. Cached: every state
    repeats the plays before it."""
    cards = tuple(DECK[i] for i in ids)
    ranks = ranks_of(cards)
    if ranks and ranks not in BY_CARDS:
        raise ProtocolError(ErrorReason.BAD_FIELD, t("net.error.bad_play"))
    return cards, ranks


def decode_view(seat: int, game: Mapping[str, Any]) -> PlayerView:
    """The seat's `PlayerView`, rebuilt from its public constructor fields."""
    plays = [(s, _played(ids)) for s, ids in game["plays"]]
    return PlayerView(
        seat=seat,
        hand=tuple(DECK[i] for i in game["hand"]),
        landlord=game["landlord"],
        bottom=tuple(DECK[i] for i in game["bottom"]),
        history=tuple((s, ranks) for s, (_, ranks) in plays),
        bids=tuple(game["bids"]),
        first_bidder=game["first_bidder"],
        history_cards=tuple(cards for _, (cards, _) in plays),
    )


def decode_state(args: Mapping[str, Any]) -> TableState:
    seat = args["seat"]
    notice = args["notice"]
    return TableState(
        seat=seat,
        seats=tuple(decode_seat(s) for s in args["seats"]),  # type: ignore[arg-type]
        view=None if args["game"] is None else decode_view(seat, args["game"]),
        thinking=args["thinking"],
        totals=tuple(args["totals"]),  # type: ignore[arg-type]
        games=args["games"],
        turn_seconds=args["turn_seconds"],
        notice=None if notice is None else notice["text"],
    )


def decode_lobby(args: Mapping[str, Any]) -> tuple[TableSummary, ...]:
    return tuple(
        TableSummary(
            id=table["id"],
            title=table["title"],
            mode=LandlordMode(table["mode"]),
            seats=tuple(decode_seat(s) for s in table["seats"]),  # type: ignore[arg-type]
            playing=table["playing"],
            games=table["games"],
        )
        for table in args["tables"]
    )

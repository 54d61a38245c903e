"""The wire protocol: JSON text messages over WebSocket, version 10 (docs/protocol.md).

Every message is a JSON object with a `type`. Both ends check every message they
receive against the schema of its type — exact keys, types and ranges — and turn a
bad one into a `ProtocolError` with a reason and a readable message, never a crash.
Table states and lobby lists are encoded in `ddz_tui.net.states`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ddz_tui.engine import LandlordMode, Rules
from ddz_tui.engine.game import REDEALS_BEFORE_LOT
from ddz_tui.i18n import Lang, Phrase
from ddz_tui.net.checks import (
    Field,
    Schema,
    Unfit,
    boolean,
    card_ids,
    choice,
    events,
    fields_of,
    game_action,
    house_rules,
    integer,
    list_of,
    nested,
    number,
    optional,
    pair,
    plays,
    printable_text,
    text,
    wilds,
)
from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.records import names
from ddz_tui.records.ladder import LADDER_ROWS, Identity, Period
from ddz_tui.records.names import NAME_MAX
from ddz_tui.table.chat import CHAT_MAX, ChatLine, QuickPhrase
from ddz_tui.table.seats import SeatKind
from ddz_tui.text import printable
from ddz_tui.wild import WILD_RANKS

PROTOCOL_VERSION = 10
"""2: the `record` after a game; 3: house rules; 4: `lobby_changes`; 5: one `act`
message for every action of a seat (a bid, an answer, a play, a pass); 6: `cap` (封顶)
in house rules; 7: 超级加倍: `super_double` in house rules, an answer's `level`, a
state's `super_doubles`; 不洗牌: `no_shuffle` in house rules, a record's `deck`; 8:
明牌开始: `show_start` in house rules (and its factor), the `show_start` answer, a
state's `start_shows`, a record's `shown_start` events; 癞子: `laizi` in house rules
(and its bomb factors), a play's `wilds` in `act`, a state's `wild` and `wilds`, a
record's `wild_drawn` events and its plays' `wilds`; 9: the ladder (`leaderboard` and
its reply), a hello's `ticket` from the SSH door; chat (the `chat` request and push, a
`create`'s `chat`, the `chat_off` and `chat_limited` errors); spectators (the `watch`
request, `create`'s `spectators`, a lobby row's `watchers` and `spectators`, a state's
`watching`, the `watch_over` push, the `no_spectators`, `too_many_watchers` and
`watching` errors); private tables (`create`'s and `join`'s and `watch`'s `code`, a
lobby row's `private`, the `wrong_code` and `code_limited` errors); 10: many servers as
one service: the `moved` reply (go to that server and ask again), a welcome's `peers`,
a `create`'s `placed`."""
MAX_CLIENT_MESSAGE = 4096  # bytes; the longest valid request is far shorter
MAX_SERVER_MESSAGE = 1 << 20  # a lobby of many tables
TITLE_MAX = 32
TOKEN_MAX = 64
LEVEL_MAX = 32
CODE_MIN, CODE_MAX = 4, 8  # a private table's code: letters and digits (ASCII)
MAX_WATCHERS = 50  # spectators a table may have (the server may allow fewer)
URL_MAX = 200  # a server's address in `moved` and a welcome's `peers`
MAX_PEERS = 16  # the other servers of the service a welcome names
_ID_MAX = 2**31 - 1


class RequestType(str, Enum):
    HELLO = "hello"
    LIST = "list"
    CREATE = "create"
    JOIN = "join"
    LEAVE = "leave"
    READY = "ready"
    FILL = "fill"
    ACT = "act"
    TAKEOVER = "takeover"
    LEADERBOARD = "leaderboard"
    CHAT = "chat"
    WATCH = "watch"


class PushType(str, Enum):
    WELCOME = "welcome"
    LOBBY = "lobby"
    LOBBY_CHANGES = "lobby_changes"
    STATE = "state"
    OK = "ok"
    ERROR = "error"
    RECORD = "record"
    LEADERBOARD = "leaderboard"
    CHAT = "chat"
    WATCH_OVER = "watch_over"
    MOVED = "moved"


# --- messages ---------------------------------------------------------------------

_REQUEST_ID = Field(optional(integer(0, _ID_MAX)), required=False)
_PHRASES = [phrase.value for phrase in QuickPhrase]
_MODES = [mode.value for mode in LandlordMode]

REQUESTS: dict[RequestType, Schema] = {
    RequestType.HELLO: {
        "v": Field(integer(0, _ID_MAX)),
        "name": Field(text(256)),  # checked again by check_name, for a specific message
        "token": Field(optional(text(TOKEN_MAX)), required=False),
        "lang": Field(optional(choice(lang.value for lang in Lang)), required=False),
        # the SSH door's word that the name is bound to the player's key (server.vouch)
        "ticket": Field(optional(text(TOKEN_MAX)), required=False),
    },
    RequestType.LIST: {},
    RequestType.CREATE: {
        "title": Field(optional(text(TITLE_MAX)), required=False),
        "mode": Field(optional(choice(_MODES)), required=False),
        "rules": Field(optional(house_rules), required=False),
        "chat": Field(boolean, required=False, default=True),  # False: no chat at the table
        "spectators": Field(boolean, required=False, default=True),  # False: nobody watches
        # a private table's code (`check_code`): only who know it sit (and watch) there
        "code": Field(optional(text(CODE_MAX)), required=False),
        # a server sent the player here (`moved`): open it here, send them on no more
        "placed": Field(boolean, required=False, default=False),
    },
    RequestType.JOIN: {
        "table": Field(integer(1, _ID_MAX)),
        "seat": Field(optional(integer(0, 2)), required=False),
        "code": Field(optional(text(CODE_MAX)), required=False),
    },
    RequestType.WATCH: {
        "table": Field(integer(1, _ID_MAX)),
        "code": Field(optional(text(CODE_MAX)), required=False),
    },
    RequestType.LEAVE: {},
    RequestType.READY: {"ready": Field(boolean, required=False, default=True)},
    RequestType.FILL: {"level": Field(text(LEVEL_MAX))},
    RequestType.ACT: {"action": Field(game_action)},
    RequestType.TAKEOVER: {"on": Field(boolean)},
    RequestType.LEADERBOARD: {"period": Field(choice(period.value for period in Period))},
    # a quick phrase (by id) or the player's own words: exactly one of them
    RequestType.CHAT: {
        "phrase": Field(optional(choice(_PHRASES)), required=False),
        "text": Field(optional(text(CHAT_MAX)), required=False),
    },
}


@dataclass(frozen=True)
class Message:
    """A checked message: its type, its request id (if any) and its other fields."""

    type: Any  # RequestType or PushType
    id: int | None
    args: dict[str, Any]


def _load(data: str | bytes) -> dict[str, Any]:
    if not isinstance(data, str):
        raise ProtocolError(ErrorReason.BAD_MESSAGE, Phrase("net.error.binary"))
    try:
        obj = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError(ErrorReason.BAD_JSON, Phrase("net.error.bad_json")) from None
    if not isinstance(obj, dict):
        raise ProtocolError(
            ErrorReason.BAD_MESSAGE, Phrase("net.error.not_object", where="message")
        )
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
            shown = printable(name) if isinstance(name, str) and len(name) <= 32 else "?"
            raise ProtocolError(
                ErrorReason.UNKNOWN_TYPE, Phrase("net.error.unknown_type", type=shown)
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


def table_rules(mode: str | None, rules: Rules | None) -> Rules:
    """The house rules a `create` asks for: `rules`, else the plain game with `mode`
    (叫分 by default); ProtocolError when it names both and they disagree."""
    if rules is None:
        return Rules(LandlordMode(mode or LandlordMode.BID))
    if mode is not None and mode != rules.landlord.value:
        raise ProtocolError(ErrorReason.BAD_FIELD, Phrase("net.error.mode_and_rules"))
    return rules


def check_code(code: str) -> str:
    """A private table's code as the server keeps and compares it (upper case):
    CODE_MIN to CODE_MAX ASCII letters and digits; ProtocolError (bad_field) else."""
    if not (CODE_MIN <= len(code) <= CODE_MAX and code.isascii() and code.isalnum()):
        raise ProtocolError(
            ErrorReason.BAD_FIELD, Phrase("net.error.code", low=CODE_MIN, high=CODE_MAX)
        )
    return code.upper()


def check_name(name: str) -> str:
    """A player's name as others will see it (`records.names.check_name`, the one check
    of a name); ProtocolError says why it will not do."""
    try:
        return names.check_name(name)
    except names.BadName as exc:
        raise ProtocolError(ErrorReason.BAD_NAME, exc.phrase) from None


def dumps(message: Mapping[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def request(kind: RequestType, request_id: int | None = None, **args: Any) -> str:
    body: dict[str, Any] = {"type": kind.value}
    if request_id is not None:
        body["id"] = request_id
    body.update(args)
    return dumps(body)


def encode_error(request_id: int | None, reason: str, message: str) -> str:
    return dumps(
        {"type": PushType.ERROR.value, "id": request_id, "reason": reason, "message": message}
    )


def encode_ok(request_id: int | None, **args: Any) -> str:
    return dumps({"type": PushType.OK.value, "id": request_id, **args})


def encode_moved(request_id: int | None, url: str, table: int | None) -> str:
    """The reply to a hello, create, join or watch that another server of the service
    must answer: the client goes to `url` (a ws:// or wss:// URL, at most URL_MAX
    characters) with its name and token and asks again there; `table`, the table
    asked for (or the player's), else None."""
    return dumps({"type": PushType.MOVED.value, "id": request_id, "url": url, "table": table})


def encode_chat(table: int | None, line: ChatLine) -> str:
    """A line said at `table` (None: in the lobby), the same for every reader: a phrase
    goes as its id, which each client puts into its player's words."""
    phrase = None if line.phrase is None else line.phrase.value
    return dumps(
        {
            "type": PushType.CHAT.value,
            "table": table,
            "seat": line.seat,
            "name": line.name,
            "phrase": phrase,
            "text": line.text,
        }
    )


def decode_chat(args: Mapping[str, Any]) -> ChatLine:
    """A `chat` push's line (its texts already made printable as the message was read);
    ValueError for one that says both a phrase and words, or neither."""
    phrase, text = args["phrase"], args["text"]
    if (phrase is None) == (text is None):
        raise ValueError("a chat line is a phrase or words, not both nor neither")
    if text is not None:
        text = text[:CHAT_MAX]
    said = None if phrase is None else QuickPhrase(phrase)
    return ChatLine(args["name"], args["seat"], said, text)


# --- reading what the server sends (the client) -----------------------------------
# Every text a server sends is made printable as it is read: it is shown in a
# terminal, and a server (or anyone on the path of a ws:// connection) may put
# escape sequences in it. The server refuses such text instead (`check_name`).

_SEAT: Schema = {
    "name": Field(printable_text(NAME_MAX * 4)),
    "kind": Field(choice(kind.value for kind in SeatKind)),
    "level": Field(optional(printable_text(LEVEL_MAX))),
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
    "rules": Field(house_rules),
    "calls": Field(list_of(pair(_SEAT_NO, boolean), 5)),
    "shows": Field(list_of(pair(_SEAT_NO, card_ids(20)), 1)),
    "doubles": Field(list_of(pair(_SEAT_NO, boolean), 3)),
    "super_doubles": Field(list_of(_SEAT_NO, 3)),  # the view checks they are doubles
    "start_shows": Field(list_of(pair(_SEAT_NO, card_ids(20)), 3)),  # 明牌开始, as `shows`
    "wild": Field(optional(choice(WILD_RANKS))),  # 癞子: the wild rank once drawn, else null
    # 癞子: [index in plays, what its wilds stood for] for each play holding wilds
    "wilds": Field(list_of(pair(integer(0, 199), wilds), 200)),
}
MAX_EVENTS = 2000  # a game's record: far more than any game makes, redeals included
_NOTICE: Schema = {"key": Field(optional(printable_text(80))), "text": Field(printable_text(400))}
_TOTAL = integer(-(2**40), 2**40)


def _address(value: Any) -> str:
    """A server's address the client may dial: refused, not cleaned, when it holds a
    character that is not printable (what was cleaned would lead somewhere else). The
    client reads it as a ws:// URL before it follows it (`client.lobby`)."""
    if not isinstance(value, str) or len(value) > URL_MAX or not value.isprintable():
        raise Unfit(Phrase("net.expect.address", n=URL_MAX))
    return value


_LIMITS: Schema = {
    "max_message": Field(integer(1, _ID_MAX)),
    "rate": Field(number),
    "burst": Field(integer(1, _ID_MAX)),
}

MAX_TABLE_ROWS = 10_000  # rows a lobby message may carry
# a table's row in the lobby (also how a server checks another's row, read from Redis)
TABLE_ROW = nested(
    {
        "id": Field(integer(1, _ID_MAX)),
        "title": Field(printable_text(TITLE_MAX * 4)),
        "rules": Field(house_rules),
        "seats": Field(_SEATS),
        "playing": Field(boolean),
        "games": Field(integer(0, _ID_MAX)),
        "watchers": Field(integer(0, MAX_WATCHERS)),  # how many watch it now
        "spectators": Field(boolean),  # whether it lets anyone watch
        "private": Field(boolean),  # it has a code (never said)
    },
    "table",
)
_TABLE_ROWS = list_of(TABLE_ROW, MAX_TABLE_ROWS)

_STANDING: Schema = {  # a row of the ladder: a person's name, or a bot's level
    "rank": Field(integer(1, _ID_MAX)),
    "name": Field(printable_text(max(NAME_MAX * 4, LEVEL_MAX))),
    "who": Field(choice(identity.value for identity in Identity)),
    "points": Field(_TOTAL),
    "games": Field(integer(1, _ID_MAX)),
    "wins": Field(integer(0, _ID_MAX)),
}


PUSHES: dict[PushType, Schema] = {
    PushType.WELCOME: {
        "v": Field(integer(0, _ID_MAX)),
        "name": Field(printable_text(NAME_MAX * 4)),
        "token": Field(printable_text(TOKEN_MAX)),
        "server": Field(printable_text(80)),
        "table": Field(optional(integer(1, _ID_MAX))),
        "seat": Field(optional(_SEAT_NO)),
        "turn_seconds": Field(optional(number)),
        "limits": Field(nested(_LIMITS, "limits")),
        # the other servers of the service, where the client may go back when this one is gone
        "peers": Field(list_of(_address, MAX_PEERS), required=False, default=()),
    },
    PushType.LOBBY: {"tables": Field(_TABLE_ROWS)},
    PushType.LOBBY_CHANGES: {
        "tables": Field(_TABLE_ROWS),
        "removed": Field(list_of(integer(1, _ID_MAX), MAX_TABLE_ROWS)),
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
        # deals dealt again in a row (nobody bid): a live table draws the landlord by lot
        # after this many, so a server never has more to say
        "redeals": Field(integer(0, REDEALS_BEFORE_LOT)),
        # a spectator's state: no hand while the game is on (`states.decode_state`)
        "watching": Field(boolean),
    },
    PushType.OK: {
        "table": Field(optional(integer(1, _ID_MAX)), required=False),
        "seat": Field(optional(_SEAT_NO), required=False),
        "title": Field(optional(printable_text(TITLE_MAX * 4)), required=False),
    },
    PushType.ERROR: {"reason": Field(printable_text(40)), "message": Field(printable_text(1000))},
    PushType.RECORD: {
        "table": Field(integer(1, _ID_MAX)),
        "seat": Field(_SEAT_NO),
        "games": Field(integer(1, _ID_MAX)),
        "seats": Field(_SEATS),
        "events": Field(events(MAX_EVENTS)),
    },
    PushType.LEADERBOARD: {
        "period": Field(choice(period.value for period in Period)),
        "rows": Field(list_of(nested(_STANDING, "row"), LADDER_ROWS)),
        "you": Field(optional(nested(_STANDING, "you"))),
    },
    PushType.CHAT: {  # a line said at the player's table (`table`, `seat`) or in the lobby
        "table": Field(optional(integer(1, _ID_MAX))),
        "seat": Field(optional(_SEAT_NO)),
        "name": Field(printable_text(NAME_MAX * 4)),
        "phrase": Field(optional(choice(_PHRASES))),
        # the server sends at most CHAT_MAX characters; a few more are read, cut to it
        "text": Field(optional(printable_text(CHAT_MAX * 4))),
    },
    PushType.WATCH_OVER: {"table": Field(integer(1, _ID_MAX))},  # the watched table closed
    # the reply to a hello, create, join or watch: ask again at that server (`encode_moved`)
    PushType.MOVED: {"url": Field(_address), "table": Field(optional(integer(1, _ID_MAX)))},
}


def parse_push(data: str | bytes) -> Message:
    """A server's message, checked; ProtocolError says what is wrong with it."""
    return _parse(data, PushType, PUSHES)

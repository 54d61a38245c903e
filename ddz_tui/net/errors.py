"""Why a message is refused, and how a connection is closed: the protocol's errors."""

from __future__ import annotations

from enum import Enum

from ddz_tui.i18n import Phrase, PhrasedError


class ErrorReason(str, Enum):
    """Why the server refused a message (table actions use the engine's `IllegalReason`)."""

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
    NO_LADDER = "no_ladder"  # the server keeps no history, or cannot read it now
    CHAT_OFF = "chat_off"  # the player's table has chat turned off (table.chat.ChatRefusal)
    CHAT_LIMITED = "chat_limited"  # past the player's chat rate: 1 a second, 30 a minute
    NO_SPECTATORS = "no_spectators"  # `watch` at a table that allows no spectators
    TOO_MANY_WATCHERS = "too_many_watchers"  # the table's (or the server's) watchers are full
    WRONG_CODE = "wrong_code"  # `join` or `watch` at a private table without its code
    CODE_LIMITED = "code_limited"  # too many wrong codes: no guess is heard for a while
    WATCHING = "watching"  # a spectator's `chat`: spectators read a table's chat, never write
    # the servers' shared Redis is out of reach: no new table or new name just now
    CLUSTER_DOWN = "cluster_down"
    NOT_CONNECTED = "not_connected"  # said by the client itself, never sent
    INTERNAL = "internal"


class CloseCode(int, Enum):
    """WebSocket close codes the server uses besides the standard ones."""

    GOING_AWAY = 1001  # the server is shutting down (sent by websockets itself)
    POLICY = 1008  # flooding, no hello in time, a client too slow to read
    TOO_BIG = 1009  # a message over MAX_CLIENT_MESSAGE (closed by websockets itself)
    REPLACED = 4000  # the same player connected again with the session token
    VERSION = 4001  # the client speaks another protocol version
    REFUSED = 4002  # the hello was refused: a bad or taken name
    MOVED = 4003  # the hello was answered by `moved`: the player is on another server


class ProtocolError(PhrasedError):
    """A message that breaks the protocol; `reason` for code, `phrase` for people (a
    server says it in each player's language), and the id of the request it answers
    when that could be read."""

    def __init__(self, reason: ErrorReason, phrase: Phrase, request_id: int | None = None) -> None:
        super().__init__(phrase)
        self.reason = reason
        self.request_id = request_id

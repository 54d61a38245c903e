"""The link between the SSH door and a game session it hands to a session host.

Each session is one stream socket (a socketpair: the door holds one end, the host of
the session the other, in the door's process or in a worker process it started) that
carries frames: a kind byte, a 4-byte big-endian length, and that many bytes. The
door sends `START` first (who plays, in what terminal), then the player's keys
(`INPUT`), window sizes (`RESIZE`) and, when the connection or the door goes away,
`HANGUP`; the session sends its screen (`OUTPUT`) and, last, `EXIT` with its status
and a line to show the player once the game's screen is gone. Whichever end closes
the socket ends the session.
"""

from __future__ import annotations

import asyncio
import json
import struct
from dataclasses import asdict, dataclass
from enum import Enum

from ddz_tui.net.errors import ProtocolError
from ddz_tui.net.protocol import check_name

HEADER = struct.Struct(">cI")


class LinkError(Exception):
    """What came over a link is not what either end sends: the link is broken."""


MAX_FRAME = 256 * 1024  # bytes in one frame; a longer one is a broken link
MAX_SIZE = 1000  # columns or rows a window may claim


class Frame(Enum):
    """What a frame carries."""

    START = b"S"  # door → session: a SessionStart, as JSON
    INPUT = b"I"  # door → session: bytes the player typed
    RESIZE = b"R"  # door → session: columns and rows, two 16-bit numbers
    HANGUP = b"H"  # door → session: end now; the payload says why (a HangUp)
    OUTPUT = b"O"  # session → door: bytes of the screen
    EXIT = b"X"  # session → door: {"status": N, "farewell": "..."}, as JSON


class HangUp(Enum):
    """Why the door ends a session."""

    GONE = "gone"  # the connection closed, or the player's input ended
    TAKEN_OVER = "taken_over"  # the player connected again with their key
    SHUTDOWN = "shutdown"  # the door is stopping


@dataclass(frozen=True)
class SessionStart:
    """Who plays a session, where, and in what terminal."""

    name: str
    url: str  # the game server the session joins
    folder: str  # the player's own folder: settings, history, and tokens unless a guest
    guest: bool  # no key: the seat's token is kept only for this session
    term: str = "xterm-256color"
    columns: int = 80
    rows: int = 24
    lang: str = ""  # the client's locale (LANG, LC_ALL or LC_MESSAGES), if it sent one
    idle_seconds: float = 600.0  # in the lobby this long without a key, the session ends
    # the game server's ticket for a name bound to the player's key (`GameServer.vouch`),
    # when the door runs in the server's process: the session's hello says it, to play ranked
    ticket: str | None = None

    def encode(self) -> bytes:
        return json.dumps(asdict(self)).encode()

    @classmethod
    def decode(cls, raw: bytes) -> SessionStart:
        """A start as the door sent it; LinkError if it is not one."""
        try:
            data = json.loads(raw.decode())
            start = cls(**data)
        except (UnicodeDecodeError, ValueError, TypeError) as error:
            raise LinkError(f"not a session start: {error}") from None
        text = (start.url, start.folder, start.term, start.lang)
        numbers = (start.columns, start.rows)
        try:
            name = check_name(start.name)
        except ProtocolError:
            name = ""
        if (
            name != start.name
            or not all(isinstance(value, str) for value in text)
            or not all(isinstance(n, int) and 0 <= n <= MAX_SIZE for n in numbers)
            or not isinstance(start.guest, bool)
            or not isinstance(start.idle_seconds, (int, float))
            or not (start.ticket is None or isinstance(start.ticket, str))
        ):
            raise LinkError("not a session start")
        return start


def frame(kind: Frame, payload: bytes = b"") -> bytes:
    return HEADER.pack(kind.value, len(payload)) + payload


def resize_frame(columns: int, rows: int) -> bytes:
    return frame(Frame.RESIZE, struct.pack(">HH", min(columns, MAX_SIZE), min(rows, MAX_SIZE)))


def read_size(payload: bytes) -> tuple[int, int]:
    if len(payload) != 4:
        raise LinkError("a window size is two numbers")
    columns, rows = struct.unpack(">HH", payload)
    return min(columns, MAX_SIZE), min(rows, MAX_SIZE)


def exit_frame(status: int, farewell: str = "") -> bytes:
    return frame(Frame.EXIT, json.dumps({"status": status, "farewell": farewell}).encode())


def read_exit(payload: bytes) -> tuple[int, str]:
    """The status and farewell of an EXIT frame; LinkError if it is not one."""
    try:
        data = json.loads(payload.decode())
        status, farewell = data["status"], data["farewell"]
    except (UnicodeDecodeError, ValueError, TypeError, KeyError):
        raise LinkError("not an exit") from None
    if not isinstance(status, int) or not isinstance(farewell, str):
        raise LinkError("not an exit")
    return status, farewell


async def read_frame(reader: asyncio.StreamReader) -> tuple[Frame, bytes] | None:
    """The next frame, or None when the other end closed the link between frames.
    LinkError for anything that is not a frame (an unknown kind, one too long,
    a link cut inside a frame)."""
    try:
        head = await reader.readexactly(HEADER.size)
    except asyncio.IncompleteReadError as error:
        if error.partial:
            raise LinkError("the link was cut inside a frame") from None
        return None
    kind, length = HEADER.unpack(head)
    if length > MAX_FRAME:
        raise LinkError(f"a frame of {length} bytes")
    try:
        which = Frame(kind)
        payload = await reader.readexactly(length)
    except ValueError:
        raise LinkError(f"an unknown frame {kind!r}") from None
    except asyncio.IncompleteReadError:
        raise LinkError("the link was cut inside a frame") from None
    return which, payload

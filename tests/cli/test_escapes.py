"""A malicious server cannot write escape sequences to the player's terminal
(issue 11, item 5): a real `ddz join` in a pseudo-terminal plays against a fake
server whose every text carries OSC 52, OSC 0, DCS, CSI 2J, C1 controls and bidi
overrides, and the raw bytes the app writes are scanned for any sequence that is
not the app's own. The history it keeps is checked too.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import pty
import re
import sqlite3
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from websockets.asyncio.server import ServerConnection, serve

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.cli import main
from ddz_tui.engine import Game, Rules
from ddz_tui.net.protocol import PROTOCOL_VERSION, dumps, encode_error, encode_ok
from ddz_tui.net.states import TableSummary, encode_lobby, encode_record, encode_state
from ddz_tui.records.store import Store
from ddz_tui.table.seats import SeatInfo, SeatKind, TableState
from tests.cli.test_play import STARTUP_LIMIT
from tests.support.terminal import read_until

ROWS, COLUMNS = 50, 200


def attack(tag: str) -> str:
    """Text that shows `tag`, then tries every way into the terminal; each sequence
    carries the tag, so the scan can tell the injected ones from the app's own."""
    return (
        f"{tag}"
        f"\x1b]52;c;{tag}\x07"  # OSC 52: the clipboard
        f"\x1b]0;{tag}\x1b\\"  # OSC 0: the window title
        f"\x1b[2J{tag}"  # CSI: clear the screen
        f"\x1bP{tag}\x1b\\"  # DCS
        f"\x9b2J{tag}\x9d0;{tag}\x9c"  # C1 CSI and OSC
        f"\u202e{tag}\u2066"  # a bidi override and an isolate
    )


def seat_name(tag: str) -> str:
    """The same in fewer characters, for the fields the client keeps short (64)."""
    return f"{tag}\x1b]0;{tag}\x07\x1b[2J{tag}\x9b2J\u202e{tag}"


@dataclass
class FakeServer:
    """Speaks protocol 2 well enough to seat `ddz join`, with hostile text everywhere
    (with `hostile=False`, plain text: what the app writes for a harmless server)."""

    hostile: bool = True
    port: int = 0
    joins: int = 0
    requests: list[str] = field(default_factory=list)

    def text(self, tag: str, short: bool = False) -> str:
        if not self.hostile:
            return tag
        return seat_name(tag) if short else attack(tag)

    def seats(self) -> tuple[SeatInfo, SeatInfo, SeatInfo]:
        return (
            SeatInfo("ann", connected=True),
            SeatInfo(self.text("Qseat", True), connected=True),
            SeatInfo("Bot", SeatKind.BOT, self.text("Qlevel", True)[:32]),
        )

    async def serve(self, ws: ServerConnection) -> None:
        await ws.recv()  # hello
        await ws.send(self.welcome())
        summary = TableSummary(1, self.text("Qtitle"), Rules(), self.seats(), False, 0)
        await ws.send(encode_lobby([summary]))
        game = Game(11)
        play_out(game, [make_bot("random", s) for s in range(3)])
        async for data in ws:
            message = json.loads(data)
            self.requests.append(message["type"])
            rid = message.get("id")
            if message["type"] == "join":
                self.joins += 1
                if self.joins == 1:
                    await ws.send(encode_error(rid, "seat_taken", self.text("Qerror")))
                    continue
                waiting = TableState(0, self.seats(), None, notice=self.text("Qnotice"))
                await ws.send(encode_state(1, waiting))
                await ws.send(encode_ok(rid, table=1, seat=0, title=self.text("Qok")))
            elif message["type"] == "ready":
                await ws.send(encode_ok(rid))
                over = TableState(0, self.seats(), game.view(0), games=1, totals=(0, 0, 0))
                await ws.send(encode_state(1, over))
                seats = (SeatInfo(self.text("Qrecord", True)), *self.seats()[1:])
                await ws.send(encode_record(1, 0, 1, seats, game.events))
            elif rid is not None:
                await ws.send(encode_ok(rid))

    def welcome(self) -> str:
        """Welcome, under another name than the one asked for (as a server may)."""
        return dumps(
            {
                "type": "welcome", "v": PROTOCOL_VERSION, "name": self.text("Qname", True),
                "token": self.text("Qtoken", True), "server": self.text("Qwelcome", True),
                "table": None, "seat": None, "turn_seconds": None,
                "limits": {"max_message": 4096, "rate": 20, "burst": 40},
            }
        )  # fmt: skip


@contextmanager
def running(fake: FakeServer) -> Iterator[FakeServer]:
    """The fake server on a loopback port, in a thread with its own event loop."""
    loop = asyncio.new_event_loop()
    started = threading.Event()
    stop = asyncio.Event()

    async def serving() -> None:
        async with serve(fake.serve, "127.0.0.1", 0) as server:
            fake.port = server.sockets[0].getsockname()[1]
            started.set()
            await stop.wait()

    thread = threading.Thread(target=loop.run_until_complete, args=(serving(),), daemon=True)
    thread.start()
    try:
        assert started.wait(10), "the fake server did not start"
        yield fake
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(10)
        if not thread.is_alive():
            loop.close()


class Screen:
    """`ddz join` in a pseudo-terminal, and every byte it has written."""

    def __init__(self, port: int, env: dict[str, str]) -> None:
        leader, follower = pty.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        join = ["join", f"127.0.0.1:{port}", "--name", "ann"]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ddz_tui", "--lang", "en", *join],
            stdin=follower, stdout=follower, stderr=follower, close_fds=True,
            env={**env, "TERM": "xterm-256color"},
        )  # fmt: skip
        os.close(follower)
        self.fd = leader
        self.seen = b""

    def until(self, text: bytes, limit: float = STARTUP_LIMIT) -> None:
        start = len(self.seen)
        self.seen += read_until(self.fd, text, limit)
        assert text in self.seen[start:], f"{text!r} never appeared on the screen"

    def press(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def quit(self, limit: float = 30) -> None:
        """Ctrl+Q, and what the app writes until it has exited (it resets the terminal)."""
        self.press(b"\x11")
        deadline = time.monotonic() + limit
        while self.process.poll() is None and time.monotonic() < deadline:
            self.seen += read_until(self.fd, b"\x00never", 0.2)
        self.seen += read_until(self.fd, b"\x00never", 0.2)  # the last of it
        assert self.process.wait(max(0.0, deadline - time.monotonic())) == 0

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        os.close(self.fd)


def play_a_session(fake: FakeServer, tmp_path: Path) -> bytes:
    """Join, be refused once, sit down, say ready, see the game end, quit."""
    env = {**os.environ, "DDZ_DATA_DIR": str(tmp_path / "data"), "DDZ_CONFIG_DIR": str(tmp_path)}
    with running(fake):
        screen = Screen(fake.port, env)
        try:
            screen.until(b"Qtitle")  # the lobby, with the table
            screen.press(b"\r")
            screen.until(b"Qerror")  # the refusal, in the lobby's status line
            screen.press(b"\r")
            screen.until(b"Qnotice")  # the table
            screen.press(b"\r")  # ready
            screen.until(b"Stake: ")  # the game is over: the result
            screen.quit()
        finally:
            screen.close()
    return screen.seen


# Every escape sequence the app writes itself (Textual 8, xterm-256color), as read
# from a session with a harmless server: anything else came from outside.
APP_SEQUENCES = re.compile(
    rb"\x1b\[[0-9;]*[mH]"  # colours and styles (SGR), the cursor's position
    rb"|\x1b\[\?[0-9]+[hl]"  # modes: the alternate screen, the mouse, paste, the cursor
    rb"|\x1b\[\?[0-9]+\$p"  # asking whether the terminal has a mode
    rb"|\x1b\[>[0-9]+u|\x1b\[<u"  # the kitty keyboard protocol, on and off
    rb"|\x1b\]22;[a-z-]+\x07"  # the mouse pointer's shape (OSC 22)
)


def foreign(output: bytes) -> list[str]:
    """What the app wrote that is neither printable text, a line end, nor its own
    sequence: an escape sequence, a C1 control, a bidi override, from outside."""
    text = APP_SEQUENCES.sub(b"", output).decode("utf-8", "replace")
    found = []
    for match in re.finditer(r"[^\r\n]", text):
        if not match.group().isprintable():
            found.append(text[max(0, match.start() - 20) : match.start() + 20])
    return found


def test_the_app_writes_only_its_own_sequences_for_a_harmless_server(tmp_path: Path) -> None:
    """The allow-list above is the app's whole vocabulary: nothing else, no OSC but
    the pointer's shape, whatever the screens show."""
    output = play_a_session(FakeServer(hostile=False), tmp_path)
    assert foreign(output) == []
    assert b"\x1b]22;" in output and b"\x1b[?1049h" in output, "the list is still the app's"


@dataclass(frozen=True)
class Session:
    fake: FakeServer
    output: bytes
    data_dir: Path


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Session:
    """One session against the hostile server, for the tests that read it."""
    tmp_path = tmp_path_factory.mktemp("hostile")
    fake = FakeServer(hostile=True)
    return Session(fake, play_a_session(fake, tmp_path), tmp_path / "data")


def test_a_hostile_server_cannot_write_escape_sequences_to_the_terminal(
    hostile: Session,
) -> None:
    output = hostile.output
    assert hostile.fake.requests.count("join") == 2 and "ready" in hostile.fake.requests
    for tag in ("Qname", "Qtitle", "Qerror", "Qnotice", "Qseat", "Qok", "Qlevel"):
        assert tag.encode() in output, f"{tag} was never shown: the test saw nothing"
    assert foreign(output) == []
    for sequence in (b"\x1b]52;", b"\x1b]0;", b"\x1b[2J", b"\x1bP", b"\xc2\x9b", b"\xe2\x80\xae"):
        assert sequence not in output


def test_the_history_keeps_a_hostile_servers_names_printable(
    hostile: Session, capsys, monkeypatch
) -> None:
    with Store.open(hostile.data_dir / "ddz.sqlite3") as store:
        (game,) = store.recent_games()
        kept = store.game(game.id)
    names = [*game.names, *(s.bot_level or "" for s in kept.seats)]
    raw = sqlite3.connect(hostile.data_dir / "ddz.sqlite3").execute("SELECT name FROM seats")
    names += [name for (name,) in raw]
    assert [name for name in names if not name.isprintable()] == []
    assert game.names[0].startswith("Qrecord]0;Qrecord[2JQrecord2JQrecord")

    monkeypatch.setenv("COLUMNS", "300")  # `ddz history`, later, shows them so
    assert main(["--data-dir", str(hostile.data_dir), "history"]) == 0
    listed = capsys.readouterr().out
    assert "Qrecord]0;Qrecord" in listed and "Qseat" in listed
    assert [c for c in listed if not c.isprintable() and c != "\n"] == []

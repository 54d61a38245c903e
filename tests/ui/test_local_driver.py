"""The local driver on a real pseudo-terminal: the event loop reads the keys, tells a
lone Escape from the start of a longer key, stops at nothing a terminal sends, sets no
timer while nothing is pending, lets go of the terminal when input is disabled (a
suspend) and quits the app when the terminal hangs up."""

from __future__ import annotations

import asyncio
import contextlib
import os
import pty
import sys
import tty
from collections.abc import Callable, Iterator

import pytest
from textual import _parser, events
from textual._xterm_parser import XTermParser
from textual.constants import ESCAPE_DELAY
from textual.message import Message

from ddz_tui.ui.app import DdzApp
from ddz_tui.ui.key_reader import wait_limit
from ddz_tui.ui.local_driver import LocalDriver
from tests.support.clock import ManualClock

WAIT = 10.0  # seconds: a bound on each wait for the pty, never a figure the test expects


class _App:
    """What the driver asks of an app: its queue and its exit; `news` is set at each."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.exited = False
        self.news = asyncio.Event()

    def post_message(self, message: Message) -> bool:
        self.messages.append(message)
        self.news.set()
        return True

    def exit(self) -> None:
        self.exited = True
        self.news.set()


class _Terminal:
    """A driver reading the far end of a pty in its own event loop; `near` is where a
    player types. A lone Escape's wait goes by `clock`, which the test moves (the
    parser's time with it)."""

    def __init__(self, clock: ManualClock) -> None:
        self.loop = asyncio.new_event_loop()
        self.near, self.far = pty.openpty()
        tty.setraw(self.far)  # as Textual sets the terminal: each key as it is typed
        self.app = _App()
        self.read = 0  # times the driver has read the terminal

        async def make() -> LocalDriver:
            return LocalDriver(self.app)  # type: ignore[arg-type]

        self.driver = self.loop.run_until_complete(make())
        self.driver.fileno = self.far
        self.driver.clock = clock
        self.driver._on_input = self._counted(self.driver._on_input)  # type: ignore[method-assign]
        self.driver._start_reading()

    def _counted(self, on_input: Callable[[], None]) -> Callable[[], None]:
        def read() -> None:
            on_input()
            self.read += 1
            self.app.news.set()

        return read

    def type(self, data: bytes) -> None:
        """Write to the terminal, and run the loop until the driver has read it."""
        before = self.read
        os.write(self.near, data)
        self.run_until(lambda: self.read > before)

    def keys(self, count: int) -> list[str]:
        """The next `count` keys the app is handed (the loop runs until they come)."""
        self.run_until(lambda: len(self._keys()) >= count)
        keys = self._keys()
        self.app.messages.clear()
        return keys

    def _keys(self) -> list[str]:
        return [m.key for m in self.app.messages if isinstance(m, events.Key)]

    def run_until(self, done: Callable[[], bool]) -> None:
        """Run the loop until `done`, waking at each read and each message (at most
        `WAIT` seconds for the next: a TimeoutError says what never came)."""

        async def wait() -> None:
            news = self.app.news
            while not done():
                news.clear()
                await asyncio.wait_for(news.wait(), WAIT)

        self.loop.run_until_complete(wait())

    def close(self) -> None:
        self.driver._stop_reading()
        for fd in (self.near, self.far):
            with contextlib.suppress(OSError):  # (the hung-up test closed its own)
                os.close(fd)
        self.loop.close()


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> ManualClock:
    """The clock a lone Escape's wait goes by, the parser's time included."""
    manual = ManualClock()
    monkeypatch.setattr(_parser, "get_time", manual.now)
    return manual


@pytest.fixture
def terminal(clock: ManualClock) -> Iterator[_Terminal]:
    term = _Terminal(clock)
    try:
        yield term
    finally:
        term.close()


def test_keys_arrive_with_no_timer_set(terminal: _Terminal) -> None:
    terminal.type(b"a")
    assert terminal.keys(1) == ["a"]
    terminal.type(b"\x1b[D")  # Left: a whole sequence, no wait for more
    assert terminal.keys(1) == ["left"]
    assert terminal.driver.keys.escape_wait is None, "nothing pending: no timer"


def test_a_lone_escape_is_an_escape_once_its_wait_is_over(
    terminal: _Terminal, clock: ManualClock
) -> None:
    terminal.type(b"\x1b")
    assert terminal._keys() == [], "an Escape waits: it may start a longer key"
    assert clock.pending == [ESCAPE_DELAY], "a timer for the end of the wait, no other"
    clock.advance(ESCAPE_DELAY / 2)
    assert terminal._keys() == []
    clock.advance(ESCAPE_DELAY / 2)
    assert terminal.keys(1) == ["escape"]
    assert terminal.driver.keys.escape_wait is None and clock.pending == []
    terminal.type(b"b")
    assert terminal.keys(1) == ["b"]


def test_bytes_that_are_not_utf8_stop_nothing(terminal: _Terminal) -> None:
    terminal.type(b"\xff\xfe")
    terminal.type(b"c")
    keys = terminal.keys(1)
    while keys[-1] != "c":
        keys += terminal.keys(1)
    assert len(keys) >= 2  # what came of the bad bytes, then the key after them


def test_disabled_input_lets_go_of_the_terminal_and_reads_again_when_started(
    terminal: _Terminal,
) -> None:
    """A suspended app (Ctrl+Z) disables its driver's input; resumed (fg), it starts
    reading again."""
    driver = terminal.driver
    terminal.type(b"\x1b")
    assert driver.keys.escape_wait is not None
    driver.disable_input()
    assert not terminal.loop.remove_reader(terminal.far), "the loop still watched it"
    assert driver.keys.escape_wait is None
    driver._start_reading()
    terminal.type(b"d")
    assert "d" in terminal.keys(1)


def test_a_hung_up_terminal_quits_the_app(terminal: _Terminal) -> None:
    os.close(terminal.near)  # the terminal's window is gone
    terminal.run_until(lambda: terminal.app.exited)
    assert terminal.app.exited
    assert not terminal.loop.remove_reader(terminal.far), "it stopped watching"


def test_the_wait_is_the_escapes_and_none_without_one(clock: ManualClock) -> None:
    parser = XTermParser()
    assert wait_limit(parser) is None
    list(parser.feed("\x1b"))
    assert wait_limit(parser) == ESCAPE_DELAY
    clock.advance(ESCAPE_DELAY / 4)
    assert wait_limit(parser) == pytest.approx(ESCAPE_DELAY * 3 / 4)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the local driver is Linux's")
def test_ddz_reads_its_own_terminal_with_the_local_driver() -> None:
    assert DdzApp().driver_class is LocalDriver

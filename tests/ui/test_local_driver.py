"""The local driver's input thread, on a real pseudo-terminal: keys arrive, a lone Escape
is told from the start of a sequence, bad bytes stop nothing, it never wakes on a timer
when nothing is pending, and stopping or a hung-up terminal ends it."""

from __future__ import annotations

import asyncio
import contextlib
import os
import pty
import queue
import selectors
import threading
import tty
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from textual import events
from textual._xterm_parser import XTermParser
from textual.message import Message

from ddz_tui.ui.app import DdzApp
from ddz_tui.ui.local_driver import LocalDriver, wait_limit

WAIT = 10.0  # seconds: a bound on each wait, never a figure the test expects


class _App:
    """What the driver asks of an app from its input thread: to exit."""

    def __init__(self) -> None:
        self.exits = threading.Event()

    def exit(self) -> None:
        self.exits.set()


class _Driver(LocalDriver):
    """The local driver on a pty of the test's, its events kept in a queue."""

    def __init__(self, app: Any, fileno: int) -> None:
        super().__init__(app)
        self.fileno = fileno
        self.events: queue.Queue[Message] = queue.Queue()
        self.reader: threading.Thread | None = None  # the input thread, once started

    def process_message(self, message: Message) -> None:
        self.events.put(message)

    def key(self) -> str:
        event = self.events.get(timeout=WAIT)
        assert isinstance(event, events.Key)
        return event.key


class _RecordingSelector(selectors.DefaultSelector):
    """A selector that notes each wait it is asked for."""

    waits: ClassVar[list[float | None]] = []

    def select(self, timeout: float | None = None) -> list[Any]:
        self.waits.append(timeout)
        return list(super().select(timeout))


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[_Driver, int, _App]]:
    """The driver's input thread reading a pty's far end; yields the driver, the near
    end (what a player types into) and the app."""
    loop = asyncio.new_event_loop()  # (before the selectors are recorded: its own)
    _RecordingSelector.waits = []
    monkeypatch.setattr(selectors, "DefaultSelector", _RecordingSelector)
    near, far = pty.openpty()
    tty.setraw(far)  # as Textual sets the terminal: each key as it is typed
    app = _App()

    async def make() -> _Driver:
        return _Driver(app, far)

    driver = loop.run_until_complete(make())
    _start(driver)
    try:
        yield driver, near, app
    finally:
        stopped = _stop(driver)
        for fd in (near, far):
            with contextlib.suppress(OSError):  # (the hung-up test closed its own)
                os.close(fd)
        loop.close()
        assert stopped, "the input thread did not stop when told to"


def _start(driver: _Driver) -> None:
    """Start the input thread as Textual starts it."""
    driver.reader = threading.Thread(target=driver.run_input_thread, daemon=True)
    driver.reader.start()


def _stop(driver: _Driver) -> bool:
    """Stop the input thread as Textual's `disable_input` does; False if it goes on."""
    assert driver.reader is not None
    driver.exit_event.set()
    driver.reader.join(WAIT)
    driver.exit_event.clear()
    return not driver.reader.is_alive()


def test_keys_arrive_and_the_thread_sleeps_until_they_do(
    terminal: tuple[_Driver, int, _App],
) -> None:
    driver, near, _app = terminal
    os.write(near, b"a")
    assert driver.key() == "a"
    os.write(near, b"\x1b[D")  # Left: a whole sequence, no wait for more
    assert driver.key() == "left"
    assert _RecordingSelector.waits
    assert set(_RecordingSelector.waits) == {None}


def test_a_lone_escape_is_an_escape_once_its_wait_is_over(
    terminal: tuple[_Driver, int, _App],
) -> None:
    driver, near, _app = terminal
    os.write(near, b"\x1b")
    assert driver.key() == "escape"
    assert any(wait is not None for wait in _RecordingSelector.waits)
    os.write(near, b"b")
    assert driver.key() == "b"
    assert _RecordingSelector.waits[-1] is None  # asleep again until the next key


def test_bytes_that_are_not_utf8_stop_nothing(terminal: tuple[_Driver, int, _App]) -> None:
    driver, near, _app = terminal
    os.write(near, b"\xff\xfe")
    os.write(near, b"c")
    keys = [driver.key()]
    while keys[-1] != "c":
        keys.append(driver.key())
    assert len(keys) >= 2  # what came of the bad bytes, then the key after them


def test_a_thread_started_again_reads_again(terminal: tuple[_Driver, int, _App]) -> None:
    """A suspended app (Ctrl+Z, then fg) stops its driver's thread, closes the driver
    and starts a thread again."""
    driver, near, _app = terminal
    assert _stop(driver)
    driver.close()
    _start(driver)
    os.write(near, b"d")
    assert driver.key() == "d"


def test_a_hung_up_terminal_quits_the_app(terminal: tuple[_Driver, int, _App]) -> None:
    driver, near, app = terminal
    os.close(near)  # the terminal's window is gone
    loop = driver._loop
    deadline = WAIT
    while not app.exits.is_set() and deadline > 0:  # the exit comes by the loop
        loop.run_until_complete(asyncio.sleep(0.01))
        deadline -= 0.01
    assert app.exits.is_set()


def test_the_wait_is_the_escapes_and_none_without_one() -> None:
    parser = XTermParser()
    assert wait_limit(parser) is None
    list(parser.feed("\x1b"))
    limit = wait_limit(parser)
    assert limit is not None and limit > 0


def test_ddz_reads_its_own_terminal_with_the_local_driver() -> None:
    assert DdzApp().driver_class is LocalDriver

"""The driver of an app in this process's own terminal (`ddz`, on Linux): Textual's, but
the keys are read by the event loop, not by a thread of their own.

Textual's thread wakes ten times a second to look for keys (some 1–2 ms of CPU a
second while a player thinks), and each key it reads crosses to the event loop: the
thread wakes, takes the interpreter from the loop, starts a task there to queue the key
and wakes the loop through its pipe, some 0.4 ms of CPU a key. Here the event loop
watches the terminal beside its other files and reads a key when one comes; a lone
Escape, which needs a moment to be told from the start of a longer key, is read when its
wait is over (a timer of the loop's, set only then). A terminal that hangs up quits the
app (as SIGTERM does: the history is written), where Textual's thread stopped with a
traceback or read the end again and again. Bytes that are not UTF-8 are read as U+FFFD.
"""

from __future__ import annotations

import asyncio
import os
from codecs import getincrementaldecoder
from typing import TYPE_CHECKING

from textual._time import time as now
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import App
    from textual.message import Message

READ_SIZE = 4096  # bytes read from the terminal at once


def wait_limit(parser: XTermParser) -> float | None:
    """How long until a pending Escape's wait is over (the parser then says it was a
    lone Escape); None when none is pending."""
    due = parser._timeout_time
    return None if due is None else max(0.0, due - now())


class LocalDriver(LinuxDriver):
    """Textual's `LinuxDriver` (the terminal's modes, the writer thread, signals, a
    suspend and resume) with the keys read by the event loop."""

    def __init__(
        self,
        app: App[object],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._parser = XTermParser(debug)
        self._decode: Callable[[bytes], str] = getincrementaldecoder("utf-8")("replace").decode
        self._reading = False
        self._escape_wait: asyncio.TimerHandle | None = None

    def start_application_mode(self) -> None:
        started = self._key_thread
        super().start_application_mode()
        if self._key_thread is not started:  # (not when the terminal is not ours yet)
            self._start_reading()

    def run_input_thread(self) -> None:
        """Textual starts a thread for this as the app starts and resumes; it has nothing
        to do (the event loop reads the keys) and ends at once."""

    def disable_input(self) -> None:
        self._stop_reading()
        super().disable_input()

    def send_message(self, message: Message) -> None:
        """Into the app's queue (this is the event loop's thread), where Textual's driver
        started a task to put it there."""
        self._app.post_message(message)

    def _start_reading(self) -> None:
        if not self._reading:
            self._parser = XTermParser(self._debug)
            self._loop.add_reader(self.fileno, self._on_input)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._reading:
            self._loop.remove_reader(self.fileno)
            self._reading = False
        if self._escape_wait is not None:
            self._escape_wait.cancel()
            self._escape_wait = None

    def _on_input(self) -> None:
        """The terminal has something: read it and hand the app its keys."""
        try:
            data = os.read(self.fileno, READ_SIZE)
        except BlockingIOError:  # (someone else read it first)
            return
        except OSError:  # a terminal whose other end closed
            data = b""
        if not data:  # the terminal is gone: no key can come any more
            self._stop_reading()
            self._app.exit()
            return
        for event in self._parser.feed(self._decode(data)):
            self.process_message(event)
        self._watch_escape()

    def _watch_escape(self) -> None:
        """Set the timer that ends a pending Escape's wait, if one is pending."""
        if self._escape_wait is not None:
            self._escape_wait.cancel()
            self._escape_wait = None
        limit = wait_limit(self._parser)
        if limit is not None and self._reading:
            self._escape_wait = self._loop.call_later(limit, self._on_escape_waited)

    def _on_escape_waited(self) -> None:
        self._escape_wait = None
        for event in self._parser.tick():
            self.process_message(event)
        self._watch_escape()

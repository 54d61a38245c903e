"""The driver of an app in this process's own terminal (`ddz`, on Linux): Textual's, but
the keys are read by the event loop, not by a thread of their own.

Textual's thread wakes ten times a second to look for keys (some 1–2 ms of CPU a
second while a player thinks), and each key it reads crosses to the event loop: the
thread wakes, takes the interpreter from the loop, starts a task there to queue the key
and wakes the loop through its pipe, some 0.4 ms of CPU a key. Here the event loop
watches the terminal beside its other files and reads a key when one comes; a lone
Escape, which needs a moment to be told from the start of a longer key, is read when its
wait is over (`key_reader`). A terminal that hangs up quits the app (as SIGTERM does:
the history is written), where Textual's thread stopped with a traceback or read the
end again and again.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from textual.drivers.linux_driver import LinuxDriver

from ddz_tui.table.timing import REAL_CLOCK, Clock
from ddz_tui.ui.key_reader import KeyReader

if TYPE_CHECKING:
    from textual.app import App
    from textual.message import Message

READ_SIZE = 4096  # bytes read from the terminal at once


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
        self.clock: Clock = REAL_CLOCK  # what a lone Escape's wait goes by
        self.keys = KeyReader(self.process_message, self.clock, debug)
        self._reading = False

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
            self.keys = KeyReader(self.process_message, self.clock, self._debug)
            self._loop.add_reader(self.fileno, self._on_input)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._reading:
            self._loop.remove_reader(self.fileno)
            self._reading = False
        self.keys.stop()

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
        self.keys.feed(data)

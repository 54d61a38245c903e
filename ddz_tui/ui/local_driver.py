"""The driver of an app in this process's own terminal (`ddz`): Textual's, whose thread
that reads keys sleeps until a key comes.

Textual's thread wakes ten times a second to look for keys and for a lone Escape
whose wait is over, with or without a key: some 0.75 ms of CPU a second while a player
thinks, and a quarter of a millisecond within each key's redraw. This one waits for a
key, for the end of the Escape's wait when one is pending, or for the driver to stop
(`exit_event` set, which wakes it through a pipe) — nothing else. A terminal that
hangs up quits the app (as SIGTERM does: the history is written), where Textual's
thread stopped with a traceback or read the end again and again.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import threading
from codecs import getincrementaldecoder
from typing import TYPE_CHECKING

from textual._time import time as now
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

if TYPE_CHECKING:
    from textual.app import App
    from textual.message import Message

READ_SIZE = 4096  # bytes read from the terminal at once


class _WakingEvent(threading.Event):
    """An event whose setting also writes a byte into a pipe, to wake a thread that
    waits on the pipe (with the terminal) rather than on the event. The thread opens
    the pipe as it starts and closes it as it ends (a suspended app's driver is closed
    and its thread started again)."""

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()  # a closed end is never written to
        self.read_fd = self._write_fd = -1

    def open(self) -> int:
        """A new pipe; its end to read from, which the event's setting wakes."""
        read_fd, write_fd = os.pipe()
        os.set_blocking(read_fd, False)
        os.set_blocking(write_fd, False)
        with self._lock:
            self.read_fd, self._write_fd = read_fd, write_fd
        return read_fd

    def set(self) -> None:
        super().set()
        with self._lock, contextlib.suppress(BlockingIOError):  # full: woken already
            if self._write_fd >= 0:
                os.write(self._write_fd, b"\0")

    def drain(self) -> None:
        """Empty the pipe (its bytes say only "look at the event")."""
        with contextlib.suppress(BlockingIOError):
            while os.read(self.read_fd, 64):
                pass

    def close(self) -> None:
        with self._lock:
            for fd in (self.read_fd, self._write_fd):
                if fd >= 0:
                    os.close(fd)
            self.read_fd = self._write_fd = -1


def wait_limit(parser: XTermParser) -> float | None:
    """How long the input thread may sleep with no key: until a pending Escape's wait
    is over (the parser then says it was a lone Escape), else until a key comes."""
    due = parser._timeout_time
    return None if due is None else max(0.0, due - now())


class LocalDriver(LinuxDriver):
    """Textual's `LinuxDriver` (the terminal's modes, the writer thread, signals) with
    an input thread that blocks instead of polling."""

    def __init__(
        self,
        app: App[object],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.exit_event: _WakingEvent = _WakingEvent()

    def run_input_thread(self) -> None:
        """Read keys until `exit_event` is set, handing each event to the app. Bytes
        that are not UTF-8 are read as U+FFFD, not a reason to stop."""
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")(errors="replace").decode
        woken = self.exit_event
        wake = woken.open()
        try:
            with selectors.DefaultSelector() as selector:
                selector.register(self.fileno, selectors.EVENT_READ)
                selector.register(wake, selectors.EVENT_READ)
                while not woken.is_set():
                    for key, _mask in selector.select(wait_limit(parser)):
                        if key.fd == wake:
                            woken.drain()
                            continue
                        data = self._read()
                        if not data:  # the terminal is gone: no key can come any more
                            self._loop.call_soon_threadsafe(self._app.exit)
                            woken.wait()
                            break
                        for event in parser.feed(decode(data)):
                            self.process_message(event)
                    for event in parser.tick():
                        self.process_message(event)
        finally:
            woken.close()

    def send_message(self, message: Message) -> None:
        """Into the app's queue from this thread (`post_message` is made for that),
        where Textual's driver started a task on the event loop for each key to put it
        there."""
        self._app.post_message(message)

    def _read(self) -> bytes:
        """What the terminal has sent; nothing once it has hung up (an error on a
        terminal whose other end closed, the end of a pipe)."""
        try:
            return os.read(self.fileno, READ_SIZE)
        except OSError:
            return b""

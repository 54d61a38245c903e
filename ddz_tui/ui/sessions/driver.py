"""A Textual driver for an app whose terminal is at the far end of a link, not ours.

The SSH door's sessions run many apps in one process: none of them owns the process's
terminal, its signals or a thread to read keys. The session hands this driver what the
player typed (`feed`) and each new window size (`resize`); the driver turns the bytes
into Textual's events (`key_reader`) and writes the screen to the session's
`Screen` (the link back to the door).
"""

from __future__ import annotations

from typing import Any, Protocol

from textual import events
from textual.driver import Driver
from textual.geometry import Size

from ddz_tui.ui.key_reader import KeyReader

START = (
    "\x1b[?1049h"  # the alternate screen
    "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"  # mouse reports, SGR coordinates
    "\x1b[?25l"  # no cursor
    "\x1b[?1004h"  # focus in and out
    "\x1b[?2004h"  # bracketed paste
    "\x1b[?7l"  # no line wrap
    "\x1b[?2026$p"  # does it draw a frame at once? (synchronized output)
)
STOP = (
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?2004l\x1b[?7h\x1b[?1049l\x1b[?25h\x1b[?1004l"
)


class Screen(Protocol):
    """Where a session's screen goes."""

    def write(self, data: bytes) -> None: ...

    @property
    def size(self) -> tuple[int, int]: ...


class LinkDriver(Driver):
    """Textual's driver for a session: its app must have `screen_link` (a `Screen`)."""

    def __init__(
        self,
        app: Any,
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        self._link: Screen = app.screen_link
        super().__init__(app, debug=debug, mouse=mouse, size=size or self._link.size)
        self.keys = KeyReader(self.process_message, debug=debug)
        self._input = False

    def write(self, data: str) -> None:
        self._link.write(data.encode("utf-8", "replace"))

    def send_message(self, message: Any) -> None:
        self._app.post_message(message)  # already on the app's loop: no thread to cross

    def start_application_mode(self) -> None:
        self.write(START)
        self._input = True
        self.resize(*self._link.size)

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write(STOP)

    def disable_input(self) -> None:
        self._input = False
        self.keys.stop()

    def feed(self, data: bytes) -> None:
        """What the player typed: keys, mouse, paste, terminal answers."""
        if self._input:
            self.keys.feed(data)

    def resize(self, columns: int, rows: int) -> None:
        size = Size(max(columns, 1), max(rows, 1))
        self._size = (size.width, size.height)
        if self._input:
            self.send_message(events.Resize(size, size))

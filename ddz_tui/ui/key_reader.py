"""What a terminal sends, turned into Textual's events on the event loop as it comes.

Both of our drivers read keys on the event loop, with no thread of their own: `ddz`'s
own terminal (`local_driver`) and an SSH door's session (`sessions/driver`). A lone
Escape needs a moment to be told from the start of a longer key: it is read when the
parser's wait for more is over, by a timer of the clock's (`table.timing`'s: the loop's
own, or a test's) set only while one is pending.
Bytes that are not UTF-8 are read as U+FFFD, and a broken sequence starts the parser
afresh: nothing a terminal (or a peer) sends stops the reading.
"""

from __future__ import annotations

from codecs import getincrementaldecoder
from typing import TYPE_CHECKING

from textual import _parser
from textual._parser import ParseError
from textual._xterm_parser import XTermParser

from ddz_tui.table.timing import REAL_CLOCK, Clock, Timer

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.message import Message


def wait_limit(parser: XTermParser) -> float | None:
    """How long until a pending Escape's wait is over (the parser then says it was a
    lone Escape); None when none is pending. By the parser's own time."""
    due = parser._timeout_time
    return None if due is None else max(0.0, due - _parser.get_time())


class KeyReader:
    """Hands `deliver` the events in the bytes `feed` is given, in order."""

    def __init__(
        self,
        deliver: Callable[[Message], None],
        clock: Clock = REAL_CLOCK,
        debug: bool = False,
    ) -> None:
        self._deliver = deliver
        self._clock = clock
        self._debug = debug
        self._parser = XTermParser(debug)
        self._decode: Callable[[bytes], str] = getincrementaldecoder("utf-8")("replace").decode
        self.escape_wait: Timer | None = None
        """The timer that ends a pending Escape's wait, while one is pending."""

    def feed(self, data: bytes) -> None:
        try:
            for event in self._parser.feed(self._decode(data)):
                self._deliver(event)
        except ParseError:
            self._parser = XTermParser(self._debug)
        self._watch_escape()

    def stop(self) -> None:
        """No timer left behind (the driver stops reading)."""
        if self.escape_wait is not None:
            self.escape_wait.cancel()
            self.escape_wait = None

    def _watch_escape(self) -> None:
        self.stop()
        limit = wait_limit(self._parser)
        if limit is not None:
            self.escape_wait = self._clock.call_later(limit, self._escape_waited)

    def _escape_waited(self) -> None:
        self.escape_wait = None
        try:
            for event in self._parser.tick():
                self._deliver(event)
        except ParseError:
            self._parser = XTermParser(self._debug)
        self._watch_escape()

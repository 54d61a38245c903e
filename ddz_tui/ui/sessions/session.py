"""One SSH player's game, run as a task among many in one process.

`run_session` reads the door's frames from a link (`net/ssh_link.py`): the first says
who plays (`SessionStart`), the rest carry keys, window sizes and a hang-up. It runs a
`SessionApp` for the player, with a voice of its own (language, ASCII mode), their own
folder, sound locked off, and the lobby of the door's game server as the first screen,
drawn through a `LinkDriver` back over the link. Whatever ends the app (Ctrl+Q, a
hang-up, an error, idling away from a table, a player who stops taking the screen), the
terminal is given back and the door hears `EXIT` with a line for the player.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from ddz_tui.i18n import Lang, default_language, own_voice, t
from ddz_tui.net.ssh_link import (
    MAX_FRAME,
    Frame,
    HangUp,
    LinkError,
    SessionStart,
    exit_frame,
    frame,
    read_frame,
    read_size,
)
from ddz_tui.paths import SOUND_ENV, SOUND_OFF
from ddz_tui.records.history import history_thread
from ddz_tui.sound.player import Sound
from ddz_tui.ui.app import DdzApp
from ddz_tui.ui.online import JoinRequest
from ddz_tui.ui.sessions.driver import LinkDriver
from ddz_tui.ui.settings import SettingsStore

log = logging.getLogger(__name__)

START_WAIT = 10.0  # seconds the door has to say who plays
MAX_OUTPUT_HELD = 1024 * 1024  # screen bytes held for a player not taking them; past it, the end
MAX_EARLY_INPUT = 64 * 1024  # keys held until the app's driver is there
IDLE_CHECK = 30.0  # seconds between looks at whether a session is idle

_NO_SOUND = {SOUND_ENV: SOUND_OFF, "SSH_CONNECTION": "door"}


@functools.cache
def _shared_history_thread() -> ThreadPoolExecutor:
    """One thread for every player's history in this process, not one each (a worker
    hosts hundreds)."""
    return history_thread()


def _silent(_enabled: bool | None) -> Sound:
    """Sound at the door would play on the server: locked off."""
    return Sound(False, environ=_NO_SOUND)


class SessionApp(DdzApp):
    """The game for one SSH player, drawn over a link (`screen_link`)."""

    def __init__(self, start: SessionStart, screen_link: Any) -> None:
        self.screen_link = screen_link
        folder = Path(start.folder)
        locale = {"LANG": start.lang} if start.lang else {}
        super().__init__(
            SettingsStore(folder / "settings"),
            data_dir=folder,
            make_sound=_silent,
            home=JoinRequest(start.url, start.name, start.ticket),
            default_lang=default_language(locale) if locale else Lang.EN,
            keep_tokens=not start.guest,
            driver_class=LinkDriver,
            history_thread=_shared_history_thread(),
        )
        self.player = start.name
        self.console._environ = {"TERM": start.term}  # colours as the player's terminal has them
        self.console._color_system = self.console._detect_color_system()

    def _print_error_renderables(self) -> None:
        """An error ends this player's game, not the process: the session logs it
        (`_play`), nothing is printed on the process's own terminal."""
        self._exit_renderables.clear()


class SessionLink:
    """The session's end of the link: the screen goes out through it, bounded."""

    def __init__(self, writer: asyncio.StreamWriter, size: tuple[int, int]) -> None:
        self._writer = writer
        self.size = size
        self.overflowed = False
        self.on_overflow: Callable[[], object] = lambda: None

    def write(self, data: bytes) -> None:
        if self.overflowed or self._writer.is_closing():
            return
        for at in range(0, len(data), MAX_FRAME):
            self._writer.write(frame(Frame.OUTPUT, data[at : at + MAX_FRAME]))
            if self._writer.transport.get_write_buffer_size() > MAX_OUTPUT_HELD:
                self.overflowed = True  # a screen of megabytes (1000x1000) stops here too
                self.on_overflow()
                return

    def close(self) -> None:
        """Close the link; at once, dropping what is held, for a player who takes nothing."""
        if self.overflowed:
            self._writer.transport.abort()
        else:
            self._writer.close()

    def send_exit(self, status: int, farewell: str) -> None:
        if not self._writer.is_closing():
            self._writer.write(exit_frame(status, farewell))


class GameSession:
    """A player's app and the frames that reach it."""

    def __init__(
        self,
        start: SessionStart,
        writer: asyncio.StreamWriter,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.start = start
        self.link = SessionLink(writer, (start.columns or 80, start.rows or 24))
        self.app = SessionApp(start, self.link)
        self.link.on_overflow = self.app.exit
        self.clock = clock
        self.last_key = clock()
        self.farewell = ""
        self._early_input = bytearray()

    @property
    def driver(self) -> LinkDriver | None:
        driver = self.app._driver
        return driver if isinstance(driver, LinkDriver) else None

    def take(self, kind: Frame, payload: bytes) -> bool:
        """One frame from the door; False once the session is to end."""
        if kind is Frame.INPUT:
            self.last_key = self.clock()
            driver = self.driver
            if driver is None:
                self._early_input += payload[: MAX_EARLY_INPUT - len(self._early_input)]
            else:
                if self._early_input:
                    driver.feed(bytes(self._early_input))
                    self._early_input.clear()
                driver.feed(payload)
        elif kind is Frame.RESIZE:
            self.link.size = read_size(payload)
            if self.driver is not None:
                self.driver.resize(*self.link.size)
        elif kind is Frame.HANGUP:
            return False
        else:
            raise LinkError(f"{kind.name} from the door")
        return not self.link.overflowed

    def idle(self) -> bool:
        """Away from a table with no key for the idle period: say so and end."""
        if self.clock() - self.last_key < self.start.idle_seconds or self.app.at_table:
            return False
        self.farewell = t("ssh.idle", minutes=round(self.start.idle_seconds / 60))
        log.info("%s: idle away from a table; the session ends", self.start.name)
        return True

    def say_why(self) -> None:
        """The app is over: why, if the player should hear it (a hang-up says nothing;
        a failure is told by `_play`)."""
        if self.link.overflowed:
            log.info("%s: takes no screen; the session ends", self.start.name)
            self.farewell = t("ssh.too_slow")


async def run_session(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    clock: Callable[[], float] = time.monotonic,
) -> None:
    """Run the session the door sends over this link, to its end; the link is closed."""
    try:
        first = await asyncio.wait_for(read_frame(reader), START_WAIT)
        if first is None or first[0] is not Frame.START:
            raise LinkError("the door did not say who plays")
        start = SessionStart.decode(first[1])
    except (LinkError, OSError, asyncio.TimeoutError) as error:
        log.warning("a session link with no start: %s", error)
        writer.close()
        return
    own_voice()  # this player's language and ASCII mode, set by their app from here on
    try:
        session = GameSession(start, writer, clock)
    except Exception:
        log.exception("%s: the game could not start", start.name)
        writer.write(exit_frame(1, t("ssh.game_failed")))
        writer.close()
        return
    await _play(session, reader)
    session.link.close()
    with contextlib.suppress(OSError, asyncio.TimeoutError):
        await asyncio.wait_for(writer.wait_closed(), START_WAIT)


async def _play(session: GameSession, reader: asyncio.StreamReader) -> None:
    app = session.app
    running = asyncio.ensure_future(app.run_async())
    frames = asyncio.ensure_future(_frames(session, reader))
    idle = asyncio.ensure_future(_watch_idle(session))
    try:
        await asyncio.wait([running, frames, idle], return_when=asyncio.FIRST_COMPLETED)
        if not running.done():
            app.exit()
            await asyncio.wait([running], timeout=START_WAIT)
        session.say_why()
    finally:
        for task in (frames, idle, running):
            task.cancel()
        await asyncio.gather(frames, idle, running, return_exceptions=True)
    failure: BaseException | None = app._exception
    if running.done() and not running.cancelled() and running.exception() is not None:
        failure = running.exception()
    if failure is not None:  # logged here, before the player hears of it: Textual's own
        # hook for it runs in a shutdown that may still be going on
        log.error("%s: the game failed", session.start.name, exc_info=failure)
        session.farewell = t("ssh.game_failed")
    session.link.send_exit(app.return_code or 0, session.farewell)


async def _frames(session: GameSession, reader: asyncio.StreamReader) -> None:
    """Frames from the door until a hang-up, the link's end, or a broken frame."""
    try:
        while (got := await read_frame(reader)) is not None:
            kind, payload = got
            if kind is Frame.HANGUP and payload == HangUp.SHUTDOWN.value.encode():
                session.farewell = t("ssh.shutting_down")
            if not session.take(kind, payload):
                return
    except (LinkError, OSError) as error:
        log.warning("%s: the link broke: %s", session.start.name, error)


async def _watch_idle(session: GameSession) -> None:
    while not session.idle():
        await asyncio.sleep(min(session.start.idle_seconds / 4, IDLE_CHECK))

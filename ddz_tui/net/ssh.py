"""The SSH front door: `ssh -p 2222 NAME@HOST` lands NAME in the lobby of a game server.

The door keeps the SSH connections; each session's game runs on its `SessionHost` (a
pool of worker processes, `ssh_pool`, each running many games as tasks), reached over a
link (`ssh_link`): the door sends who plays (the player's own folder for settings,
history and, for a name bound to their key, the session tokens that hold a seat; their
locale; the terminal), then their keys and window sizes, and writes the game's screen
to the channel. When the connection closes, or the client's input ends, the game is
hung up; once it says it is over (or it is cut off) the channel gets its status.

Who may use a name (`Admission`): the first public-key login under a name binds it to
that key (`NameKeys`, a few names per key at most, forgotten when unused for long), and
from then on only that key gets in under it; with it, a player who connects again
takes over their own live session and their seat. A name bound to no key is open to
guests (keyboard-interactive with no prompt: any SSH client gets in without a
question), but not while a session under it is live; a guest's seat token lives only
in that session's game. Names are compared by `name_key` (Ann, ＡＮＮ and Cyrillic аnn
are all ann): a key's binding holds the name's look-alikes too, and the key's login
under one plays as the name it bound; while a session under a name is live, no
look-alike of it gets in but its own key's. A session runs nothing but the game.

How many (`DoorLimits`, `Places`, `LoginRate`): each connection holds a place from the
moment it is accepted until it is closed and its game is over, at most
`max_per_address` from one source and `max_sessions` in all, and a source may open only
so many connections a minute; one past any of them is told why and disconnected before
any authentication (`_Server`). A connection runs one session at a time, and has
LOGIN_TIMEOUT seconds from being accepted to log in (asyncssh's login timer covers the
version exchange, the key exchange and authentication alike), turned away or not.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from urllib.parse import quote

import asyncssh

from ddz_tui import paths
from ddz_tui.i18n import t
from ddz_tui.net import ws_url
from ddz_tui.net.errors import ProtocolError
from ddz_tui.net.protocol import check_name
from ddz_tui.net.ratelimit import ThrottledLog
from ddz_tui.net.server import GameServer, ServerConfig
from ddz_tui.net.ssh_limits import Crowding, DoorLimits, LoginRate, Places, source_of
from ddz_tui.net.ssh_link import (
    Frame,
    HangUp,
    LinkError,
    SessionStart,
    frame,
    read_exit,
    read_frame,
    resize_frame,
)
from ddz_tui.net.ssh_names import NameKeys, default_names_path
from ddz_tui.net.ssh_pool import SessionHost
from ddz_tui.net.tasks import background
from ddz_tui.records.history import History
from ddz_tui.records.names import name_key
from ddz_tui.text import printable

log = logging.getLogger(__name__)

DEFAULT_SSH_PORT = 2222
DEFAULT_IDLE_MINUTES = 10  # away from a table this long without a key, a session ends
HANGUP_WAIT = 3.0  # seconds a game has to end once hung up before it is cut off
HANGUP_SHARE = 0.05  # and as many more seconds for each game being hung up with it
STALLED_WAIT = 30.0  # seconds a client may take no output before its session ends
LOGIN_TIMEOUT = 30.0  # seconds a connection has to log in
MAX_KEYS_REFUSED = 32  # keys one connection may offer in vain (an agent may hold many)
MAX_PENDING_INPUT = 64 * 1024  # input held for a game not taking it; past it, the client waits
MAX_TURNING_AWAY = 16  # connections with no place told why at login; past it, cut off at once
MAX_ASKED = 64  # characters kept of the terminal type and locale a client asks for
SHUTDOWN_WAIT = 5.0  # seconds the games have to end when the door stops

SessionOver = Callable[["PlayerSession"], None]

# What a terminal is left in when the door says a last word: normal screen, no mouse or
# focus reports, no bracketed paste, default keyboard and colours, cursor shown.
TERMINAL_RESET = (
    "\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1004l\x1b[?2004l"
    "\x1b[<u\x1b[0m\x1b[?25h\x1b[?1049l"
)


class Admission(Enum):
    """What the door says to a login under a name, with or without a key."""

    WELCOME = "welcome"  # a free name, or the name's own key: play
    RETURN = "return"  # the name's own key while its session is live: take it over
    PLAYING = "playing"  # a name with no key whose session is live: choose another
    KEPT = "kept"  # a name bound to another key: use that key or another name

    @property
    def refusal(self) -> str | None:
        """The i18n key of the refusal, or None when the login may play."""
        return {Admission.PLAYING: "ssh.name_playing", Admission.KEPT: "ssh.name_kept"}.get(self)


def player_folder(name: str, data_dir: Path | str | None = None) -> Path:
    """Where an SSH player's settings, history and session tokens are kept: under the
    door's data folder, in a folder named for them (escaped: a name is not a path)."""
    escaped = quote(name, safe="").replace(".", "%2E")
    return paths.data_dir(data_dir) / "ssh-players" / escaped


def default_host_key_path(data_dir: Path | str | None = None) -> Path:
    """Beside the player's history: `data_dir`, else $DDZ_DATA_DIR, else the user data folder."""
    return paths.data_dir(data_dir) / "ssh_host_ed25519_key"


class HostKeyError(Exception):
    """The host key file cannot be read or written; the message says which and why."""


def load_host_key(path: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The server's host key from `path`, made (and kept, private) on first run.
    Returns the key and whether it was just made."""
    if path.exists():
        try:
            return asyncssh.read_private_key(path), False
        except (OSError, asyncssh.KeyImportError) as error:
            raise HostKeyError(t("ssh.key_unreadable", path=path, error=error)) from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
    except OSError as error:
        raise HostKeyError(t("ssh.key_unwritable", path=path, error=error.strerror)) from None
    return key, True


class PlayerSession(asyncssh.SSHServerSession):
    """One SSH session: its game runs on the door's session host, over a link."""

    def __init__(
        self,
        door: SshDoor,
        name: str,
        key: asyncssh.SSHKey | None = None,
        over: SessionOver | None = None,
    ) -> None:
        self.door = door
        self.name = name
        self.key = key  # the key the connection proved it holds; None for a guest
        self._over = over  # told once the channel is gone and the game (if any) over
        self._starting = False
        self._lost = False  # the channel is gone
        self._chan: asyncssh.SSHServerChannel | None = None
        self._term: tuple[str, tuple[int, int, int, int]] | None = None
        self._writer: asyncio.StreamWriter | None = None  # the link to the game
        self._place: object = None  # where the game runs, given back when it is over
        self._pump: asyncio.Task[None] | None = None
        self._can_write = asyncio.Event()  # the channel takes output
        self._can_write.set()
        self._input_paused = False  # the client waits until the game takes what is held
        self._open = True  # the channel can still carry an exit status
        self._ending = False  # hung up: the game is being ended
        self._why = HangUp.GONE  # why it was hung up
        self._farewell = ""  # the door's own word when it ends the session
        self._hung_up = False  # counted among the door's games being hung up
        self._ticket: str | None = None  # the server's word that the name is the key's

    # --- what the SSH client asks for ------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self._chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], _modes) -> bool:
        self._term = (term_type, term_size)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False  # the door runs the game and nothing else

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        self._starting = True
        background(self._start()).add_done_callback(self._started)

    def _started(self, _task: asyncio.Task[None]) -> None:
        self._starting = False
        self._settle()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self._writer is not None and width and height:
            self._send(resize_frame(width, height))

    def data_received(self, data: bytes, datatype: object) -> None:
        if self._writer is None or self._ending:
            return
        self._send(frame(Frame.INPUT, data))
        held = self._writer.transport.get_write_buffer_size()
        if held >= MAX_PENDING_INPUT and not self._input_paused and self._chan is not None:
            self._input_paused = True
            self._chan.pause_reading()
            background(self._resume_input())

    async def _resume_input(self) -> None:
        """Let the client send again once the game has taken what is held."""
        if self._writer is not None:
            with contextlib.suppress(OSError):
                await self._writer.drain()
        self._input_paused = False
        if self._chan is not None and self._open:
            self._chan.resume_reading()

    def eof_received(self) -> bool:
        """The client will send nothing more (`ssh -tt HOST </dev/null`): nobody can play
        this session, so end the game rather than draw its screens for no one."""
        log.info("%s: the client's input ended", self.name)
        self._end(HangUp.GONE)
        return True  # our side stays open to send the exit status once the game is over

    def pause_writing(self) -> None:
        self._can_write.clear()

    def resume_writing(self) -> None:
        self._can_write.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self._open = False
        self._lost = True
        self._can_write.set()
        self._end(HangUp.GONE)
        self._settle()

    def _settle(self) -> None:
        """Say the session is over, once: its channel is gone, it is not starting a
        game, and the game it started (if any) is over."""
        if self._lost and not self._starting and self._pump is None and self._over:
            over, self._over = self._over, None
            over(self)

    # --- the game --------------------------------------------------------------------

    async def _start(self) -> None:
        try:
            name = check_name(self.name)
        except ProtocolError as error:
            self._refuse(t("ssh.bad_name", error=error.message))
            return
        self.name = name
        if self._term is None:
            self._refuse(t("ssh.needs_terminal"))
            return
        if self._ending:  # the input ended before the game could start
            self._close_channel(1)
            return
        admission = self.door.admit(name, self.key)
        if admission.refusal is not None:
            log.info("%s: refused (%s)", name, admission.value)
            self._refuse(t(admission.refusal, name=name))
            return
        name = self.name = self.door.names.own_name(name, self.key) or name
        previous = self.door.claim(self)
        if previous is not None:
            log.info("%s: connected again with their key; the earlier session ends", name)
            await previous.give_way()
            if self._ending:  # and gone meanwhile
                self._close_channel(1)
                return
        try:
            link, self._place = await self.door.host.open()
            reader, self._writer = await asyncio.open_connection(sock=link)
        except OSError as error:
            self._refuse(t("ssh.cannot_start", error=error.strerror or error))
            return
        self._send(frame(Frame.START, self._session_start(name).encode()))
        self._pump = background(self._output(reader), self.door.pumps)
        self._pump.add_done_callback(self._game_over)
        log.info("%s: session started", name)
        if self._ending:  # the session ended while the game started
            self._hang_up()

    def _session_start(self, name: str) -> SessionStart:
        """Who plays, in what terminal: the player's own folder, their locale as the
        client sent it, their seat's token kept for their key only."""
        assert self._term is not None
        term_type, (columns, rows, _width, _height) = self._term
        asked = self._chan.get_environment() if self._chan else {}
        lang = next(
            (
                value
                for key in ("LC_ALL", "LC_MESSAGES", "LANG")
                if isinstance(value := asked.get(key), str) and value
            ),
            "",
        )
        guest = not self.door.names.belongs_to(name, self.key)
        voucher = self.door.voucher
        if not guest and voucher is not None:
            self._ticket = voucher.vouch(name)
        return SessionStart(
            name=name,
            url=self.door.url,
            folder=str(player_folder(name, self.door.data_dir)),
            guest=guest,
            term=(term_type or "xterm-256color")[:MAX_ASKED],
            columns=columns or 80,
            rows=rows or 24,
            lang=lang[:MAX_ASKED],
            idle_seconds=self.door.idle_seconds,
            ticket=self._ticket,
        )

    def _send(self, data: bytes) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(data)

    async def _output(self, reader: asyncio.StreamReader) -> None:
        """The game's screen to the player, until the game says it is over (or its link
        ends: its worker died); while the client takes no more, the game is not read,
        and after STALLED_WAIT of that the session ends and its connection is cut (a
        channel's close would wait behind the screen it never takes)."""
        status, farewell = 1, ""
        try:
            while True:
                try:
                    await asyncio.wait_for(self._can_write.wait(), STALLED_WAIT)
                except asyncio.TimeoutError:
                    log.info("%s: the client takes no output; its connection is cut", self.name)
                    self._open = False  # nothing more can reach it: not even a close
                    if self._chan is not None:
                        self._chan.get_connection().abort()
                    break
                got = await read_frame(reader)
                if got is None:
                    if not self._ending:
                        log.warning("%s: the game's link ended (its worker stopped?)", self.name)
                        farewell = t("ssh.worker_lost")
                    break
                kind, payload = got
                if kind is Frame.OUTPUT:
                    self._show(payload)
                elif kind is Frame.EXIT:
                    status, farewell = read_exit(payload)
                    break
        except (LinkError, OSError) as error:
            log.warning("%s: the game's link broke: %s", self.name, error)
            farewell = t("ssh.worker_lost")
        self._close_channel(status, self._farewell or printable(farewell))

    def _show(self, screen: bytes) -> None:
        """The game's screen to the client, while its channel takes it; a channel closed
        under it is the client gone (its game is hung up), not a broken link."""
        if self._chan is None or not self._open:
            return
        try:
            self._chan.write(screen)
        except OSError:  # BrokenPipeError: "Channel not open for sending"
            self._open = False
            self._end(HangUp.GONE)

    def _game_over(self, _task: asyncio.Task[None]) -> None:
        self._pump = None
        if self._hung_up:
            self._hung_up = False
            self.door.hanging_up -= 1
        self._close_channel(1, self._farewell)  # if the game was cut off before saying so
        self.door.release(self)
        if self._ticket is not None and self.door.voucher is not None:
            self.door.voucher.unvouch(self.name, self._ticket)
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        self.door.host.done(self._place)
        self._settle()

    def _refuse(self, message: str) -> None:
        """No game for this session: say why and close (freeing the name if it held it)."""
        self.door.release(self)
        self._close_channel(1, message)

    def _close_channel(self, status: int | None, farewell: str = "") -> None:
        """Give the terminal back, say `farewell`, send the exit status and close; once,
        and never on a channel that is gone."""
        chan = self._chan
        if chan is None or not self._open:
            if chan is not None:
                chan.close()
            return
        self._open = False
        code = 1 if status is None else status if status >= 0 else 128 - status
        with contextlib.suppress(OSError):  # closed for sending already: nothing to say
            if farewell:
                chan.write(f"{TERMINAL_RESET}\r\n{farewell}\r\n".encode())
            chan.exit(code)

    async def give_way(self) -> None:
        """Its player connected again with their key: end this session, telling its
        terminal why, and return once its game is over (two games never share the
        player's folder)."""
        self._end(HangUp.TAKEN_OVER, t("ssh.taken_over", name=self.name))
        if self._pump is not None:
            await asyncio.wait([self._pump])

    def _end(self, why: HangUp, farewell: str = "") -> None:
        """End the session, whoever ended it (the client, the connection, a new login,
        the door stopping): give up the name and hang the game up; once its game says
        it is over (or it is cut off), the channel is closed. Once only."""
        if self._ending:
            return
        self._ending = True
        self._why = why
        self._farewell = farewell
        self.door.release(self)
        if self._writer is not None:
            self._hang_up()

    def _hang_up(self) -> None:
        """Tell the game why it ends; cut it off if it does not end in time."""
        self._send(frame(Frame.HANGUP, self._why.value.encode()))
        self.door.hanging_up += 1
        self._hung_up = True
        background(self._cut_off_late())

    async def _cut_off_late(self) -> None:
        """A game that does not end when hung up is cut off: after HANGUP_WAIT, and
        HANGUP_SHARE more for each game still ending (hundreds hung up at once, when
        the door stops or a network drops, take their workers seconds to end)."""
        loop = asyncio.get_running_loop()
        since = loop.time()
        while self._pump is not None:
            left = since + HANGUP_WAIT + HANGUP_SHARE * self.door.hanging_up - loop.time()
            if left <= 0:
                break
            await asyncio.sleep(left)
        if self._pump is not None:
            log.warning("%s: the game did not end when hung up; cut off", self.name)
            self._pump.cancel()

    def shut_down(self) -> asyncio.Task[None] | None:
        """The door is stopping: end the game; its task, to wait for."""
        self._end(HangUp.SHUTDOWN)
        return self._pump


def _usable(username: str) -> str | None:
    """The name a login asks for, as the table would show it; None if it will not do."""
    try:
        return check_name(username)
    except ProtocolError:
        return None


class _Server(asyncssh.SSHServer):
    """One connection: the place it holds at the door, the name it asks for, the key it
    proved it holds (if any), and its session.

    A connection that finds no place (`Places.take`) is turned away: told why in a
    banner and disconnected as soon as it asks to log in, before any authentication.
    It is told then, not at once, because OpenSSH writes its key exchange before it
    reads anything, and a connection closed under it says "Broken pipe" instead of the
    reason. While MAX_TURNING_AWAY connections are being turned away so, the next one
    is disconnected at once, before the key exchange, with the reason (OpenSSH may or
    may not show it). A connection with a place keeps it until it is closed and its
    game is over; it runs one session at a time (a second session channel is refused
    while the first lasts).

    Authentication is always asked for, so that an SSH client offers its keys: one the
    name is bound to, or any for a free name nobody is playing under, is accepted
    (`validate_public_key`); after the keys, keyboard-interactive lets a guest in
    without a prompt unless the name is someone else's, and then says why in a banner,
    once: a client that asks again is disconnected. A connection may offer only so many
    keys in vain. The methods offered are never none at all, which OpenSSH would take
    as "try every method" and ask for a password. Each session is a PlayerSession,
    which checks again when it starts (`SshDoor.admit`)."""

    def __init__(self, door: SshDoor) -> None:
        self.door = door
        self.username = ""
        self.key: asyncssh.SSHKey | None = None
        self._conn: asyncssh.SSHServerConnection | None = None
        self._keys_refused = 0
        self._refused = False
        self._told_key_full = False
        self._source = ""
        self._crowding: Crowding | None = None  # why it found no place, if it did not
        self._placed = False  # holds a place at the door
        self._turning_away = False  # counted in door.turning_away
        self._lost = False
        self._session: PlayerSession | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        peer = conn.get_extra_info("peername")
        self._source = source_of(str(peer[0])) if peer else "unknown"
        places = self.door.places
        self._crowding = self.door.logins.take(self._source) or places.take(self._source)
        if self._crowding is None:
            self._placed = True
            return
        self.door.refusals.info(
            "SSH connection from %s refused (%s): %d of %d from there, %d of %d in all",
            self._source,
            self._crowding.value,
            places.held_by(self._source),
            places.limits.max_per_address,
            len(places),
            places.limits.max_sessions,
        )
        if self.door.turning_away < MAX_TURNING_AWAY:
            self.door.turning_away += 1
            self._turning_away = True  # told why when it asks to log in (begin_auth)
            return
        # at once, right after the version line asyncssh sends when this returns
        asyncio.get_running_loop().call_soon(
            conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, t(self._crowding.message)
        )

    def connection_lost(self, exc: Exception | None) -> None:
        self._lost = True
        if self._turning_away:
            self._turning_away = False
            self.door.turning_away -= 1
        self._leave()

    def _session_over(self, session: PlayerSession) -> None:
        self.door.sessions.discard(session)
        if self._session is session:
            self._session = None
        self._leave()

    def _leave(self) -> None:
        """Give the place back once the connection is closed and its game is over."""
        if self._placed and self._lost and self._session is None:
            self._placed = False
            self.door.places.give_back(self._source)

    def begin_auth(self, username: str) -> bool:
        if self._crowding is not None and self._conn is not None:  # the banner says why
            self._conn.send_auth_banner(t(self._crowding.message) + "\r\n")
            self._conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, t("ssh.crowded"))
            return True
        self.username = username
        self.key = None
        return True

    def public_key_auth_supported(self) -> bool:
        return self._keys_refused < MAX_KEYS_REFUSED

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """The key a name is bound to, or any key for a free name there is room to bind.
        The last key accepted is the one that logged in: asyncssh checks the signature
        right after this says yes, and a failed one sends the client on to the next."""
        name = _usable(username)
        names = self.door.names
        if name is None or self.door.admit(name, key).refusal is not None:
            accepted = False
        elif names.is_bound(name) or not names.has_room():
            accepted = names.is_bound(name)
        else:
            accepted = names.has_room_for(key)
            if not accepted:
                self._tell_key_full(name, key)
        if accepted:
            self.key = key
        else:
            self._keys_refused += 1
        return accepted

    def _tell_key_full(self, name: str, key: asyncssh.SSHKey) -> None:
        """A key that keeps its share of names already: `name` is played as a guest."""
        if self._conn is None or self._told_key_full:
            return
        self._told_key_full = True
        held = self.door.names.names_of(key)
        log.info("%s: the key keeps %d names already; in as a guest", name, len(held))
        banner = t("ssh.key_full", count=len(held), names=", ".join(held), name=name)
        self._conn.send_auth_banner(banner + "\r\n")

    def password_auth_supported(self) -> bool:
        return False  # nothing to ask a guest for, and no passwords to keep

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        """A guest: in at once, unless the name is someone else's (said in a banner)."""
        self.key = None
        name = _usable(username)
        if name is None:
            return True  # the session says what is wrong with the name, and how to connect
        admission = self.door.admit(name, None)
        if admission.refusal is None:
            return True
        if self._conn is None:
            return False
        if self._refused:  # told once already: OpenSSH would not ask again
            self._conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "refused")
            return False
        self._refused = True
        log.info("%s: guest refused (%s)", name, admission.value)
        self._conn.send_auth_banner(t(admission.refusal, name=name) + "\r\n")
        return False

    def session_requested(self) -> PlayerSession:
        """The connection's session, if it has none: one game per connection."""
        if self._session is not None:
            self.door.refusals.info("SSH session from %s refused: one already", self._source)
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, t("ssh.one_session")
            )
        self._session = PlayerSession(self.door, self.username, self.key, self._session_over)
        return self._session


class SshDoor:
    """The SSH server: each session's game on `session_host`, all joining `url`."""

    def __init__(
        self,
        url: str,
        host_key: asyncssh.SSHKey,
        session_host: SessionHost,
        host: str = "127.0.0.1",
        port: int = DEFAULT_SSH_PORT,
        names: NameKeys | None = None,
        limits: DoorLimits | None = None,
        idle_seconds: float = DEFAULT_IDLE_MINUTES * 60,
        data_dir: Path | None = None,
        logins: LoginRate | None = None,
        voucher: GameServer | None = None,
    ) -> None:
        """`voucher`: the game server at `url` when it runs in this process, which then
        ranks the names bound to their players' keys (`GameServer.vouch`); a server
        elsewhere cannot be told, and ranks nobody from this door."""
        self.url = url
        self.host_key = host_key
        self.voucher = voucher
        self.host = session_host
        self.address = host
        self.port = port
        self.names = NameKeys.load(default_names_path(data_dir)) if names is None else names
        self.places = Places(limits or DoorLimits())
        self.logins = logins or LoginRate()
        self.idle_seconds = idle_seconds
        self.data_dir = data_dir
        self.turning_away = 0  # connections with no place, to be told why when they log in
        self.refusals = ThrottledLog(log, "SSH connections or sessions refused")
        self.playing: dict[str, PlayerSession] = {}  # the live session, by `name_key`
        self.pumps: set[asyncio.Task[None]] = set()  # each game's output to its player
        self.sessions: set[PlayerSession] = set()
        self.hanging_up = 0  # games hung up that have yet to end
        self._acceptor: asyncssh.SSHAcceptor | None = None

    async def start(self) -> None:
        self._acceptor = await asyncssh.create_server(
            lambda: _Server(self),
            self.address,
            self.port,
            server_host_keys=[self.host_key],
            encoding=None,
            line_editor=False,
            allow_scp=False,
            agent_forwarding=False,
            x11_forwarding=False,
            login_timeout=LOGIN_TIMEOUT,
            keepalive_interval=15,
            keepalive_count_max=4,
        )
        self.port = self._acceptor.sockets[0].getsockname()[1]

    def admit(self, name: str, key: asyncssh.SSHKey | None) -> Admission:
        """Whether a login under `name`, with `key` (None for a guest), may play now: a
        look-alike of a name counts as the name, and a live session is taken over only
        by its own name's key (two look-alikes bound before to different keys play one
        at a time, as the game server would have them)."""
        live = self.playing.get(name_key(name))
        own = self.names.own_name(name, key)
        if self.names.is_bound(name) and own is None:
            return Admission.KEPT
        if live is None:
            return Admission.WELCOME
        return Admission.RETURN if own is not None and live.name == own else Admission.PLAYING

    def claim(self, session: PlayerSession) -> PlayerSession | None:
        """Make `session` the live one under its name (admitted just now, with nothing
        awaited since), binding a free name to its key if the key has room for another;
        the session it replaces, if any."""
        previous = self.playing.get(name_key(session.name))
        self.playing[name_key(session.name)] = session
        self.sessions.add(session)
        if session.key is not None:
            if self.names.is_bound(session.name):
                self.names.used(session.name)
            else:
                self.names.bind(session.name, session.key)
        return previous

    def release(self, session: PlayerSession) -> None:
        """`session` has ended: its name is free again, unless a newer session holds it."""
        if self.playing.get(name_key(session.name)) is session:
            del self.playing[name_key(session.name)]

    async def close(self) -> None:
        """Stop taking connections; tell every player the server is shutting down (their
        game ends and gives their terminal back), then stop the games' host."""
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        ending = [task for session in list(self.sessions) if (task := session.shut_down())]
        if ending:
            await asyncio.wait(ending, timeout=SHUTDOWN_WAIT + HANGUP_SHARE * len(ending))
        await self.host.close()

    async def __aenter__(self) -> SshDoor:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


async def serve(
    door_host: str,
    door_port: int,
    key_path: Path,
    server_url: str | None,
    game: ServerConfig,
    session_host: SessionHost,
    announce: Callable[[SshDoor, str, Path, bool], None],
    history: History | None = None,
    names: NameKeys | None = None,
    limits: DoorLimits | None = None,
    idle_seconds: float = DEFAULT_IDLE_MINUTES * 60,
    logins: LoginRate | None = None,
    data_dir: Path | None = None,
) -> None:
    """Run the door (and, unless `server_url` names one, a game server keeping its games
    in `history`) until cancelled, its games on `session_host`; `names` are the names
    bound to keys (default: in the data folder); `limits` and `logins` bound the
    connections it holds and takes; the players' folders are in `data_dir`."""
    key, made = load_host_key(key_path)
    async with contextlib.AsyncExitStack() as stack:
        server: GameServer | None = None
        if server_url is None:
            server = await stack.enter_async_context(GameServer(game, history))
            server_url = ws_url("127.0.0.1", server.port)  # the door's sessions are here
        door = await stack.enter_async_context(
            SshDoor(
                server_url,
                key,
                session_host,
                door_host,
                door_port,
                names=names,
                limits=limits,
                idle_seconds=idle_seconds,
                data_dir=data_dir,
                logins=logins,
                voucher=server,
            )
        )
        announce(door, key.get_fingerprint(), key_path, made)
        await asyncio.Future()

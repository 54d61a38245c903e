"""The SSH front door: `ssh -p 2222 NAME@HOST` lands NAME in the lobby of a game server.

Each SSH session gets a pseudo-terminal and one child process running the game, at
the server's lobby as NAME (`child_command`; NAME is its login name, as sshd would set
it, and never a command-line argument), with sound off (it would play on the
server) and NAME's own settings, history and session tokens in a folder of their own
beside the door's data (`player_folder`). The child is a session leader that owns the
PTY as its controlling terminal (setsid + TIOCSCTTY), so the window size the SSH client
reports (TIOCSWINSZ) reaches it as SIGWINCH, and a hang-up reaches it as SIGHUP. When
the connection closes, or the client's input ends, the child gets SIGHUP, then SIGKILL
if it lingers, and is reaped.

Who may use a name (`Admission`): the first public-key login under a name binds it to
that key (`NameKeys`), and from then on only that key gets in under it; with it, a
player who connects again takes over their own live session. A name bound to no key is
open to guests (keyboard-interactive with no prompt: any SSH client gets in without a
question), but not while a session under it is live. A session runs nothing but the
client.

How many (`DoorLimits`, `Places`): each connection holds a place from the moment it is
accepted until it is closed and its child is reaped, at most `max_per_address` from one
source and `max_sessions` in all, so there are never more children than that; one past
either is told why and disconnected before any authentication (`_Server`). A connection
runs one session at a time, and has LOGIN_TIMEOUT seconds from being accepted to log in
(asyncssh's login timer covers the version exchange, the key exchange and
authentication alike), turned away or not.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import logging
import os
import signal
import struct
import sys
import termios
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from urllib.parse import quote

import asyncssh

from ddz_tui import paths
from ddz_tui.i18n import t
from ddz_tui.net.errors import ProtocolError
from ddz_tui.net.protocol import check_name
from ddz_tui.net.ratelimit import ThrottledLog
from ddz_tui.net.server import GameServer, ServerConfig
from ddz_tui.net.ssh_limits import Crowding, DoorLimits, Places, source_of
from ddz_tui.net.ssh_names import NameKeys, default_names_path
from ddz_tui.net.tasks import background
from ddz_tui.paths import CONFIG_DIR_ENV, DATA_DIR_ENV, SOUND_ENV, SOUND_OFF
from ddz_tui.records.history import History

log = logging.getLogger(__name__)

DEFAULT_SSH_PORT = 2222
HANGUP_WAIT = 3.0  # seconds a child has to exit after SIGHUP before SIGKILL
LOGIN_TIMEOUT = 30.0  # seconds a connection has to log in
MAX_KEYS_REFUSED = 32  # keys one connection may offer in vain (an agent may hold many)
MAX_PENDING_INPUT = 64 * 1024  # input held for a child not reading it; past it, the client waits
MAX_TURNING_AWAY = 16  # connections with no place told why at login; past it, cut off at once

# Runs first in the child: take the PTY on stdin as controlling terminal, then exec the client.
_TAKE_TERMINAL = (
    "import fcntl, os, sys, termios; "
    "fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
    "os.execvp(sys.argv[1], sys.argv[1:])"
)

ChildCommand = Callable[[str], list[str]]
SessionOver = Callable[["PlayerSession"], None]

# What a terminal is left in when the door, not the game, ends a session it took over:
# normal screen, no mouse or focus reports, no bracketed paste, default keyboard and
# colours, cursor shown.
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


def child_command(url: str) -> list[str]:
    """The program each SSH session runs: the client, joining `url` under its login name.
    The name travels in the environment (LOGNAME, USER), never on the command line, where
    a name like `-h` or `--` would be read as an option whatever the quoting."""
    return [sys.executable, "-m", "ddz_tui", "join", url]


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


def set_window_size(fd: int, columns: int, rows: int, width: int = 0, height: int = 0) -> None:
    """Tell a terminal its size; the kernel signals SIGWINCH to its foreground group."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, width, height))


class PlayerSession(asyncssh.SSHServerSession):
    """One SSH session: a PTY, the client running in it, bytes both ways."""

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
        self._over = over  # told once the channel is gone and the child (if any) reaped
        self._starting = False
        self._child_running = False
        self._lost = False  # the channel is gone
        self.process: asyncio.subprocess.Process | None = None
        self._chan: asyncssh.SSHServerChannel | None = None
        self._term: tuple[str, tuple[int, int, int, int]] | None = None
        self._master = -1
        self._pending_input = bytearray()
        self._input_paused = False  # the client waits until the child takes what is held
        self._reading = False
        self._open = True  # the channel can still carry an exit status
        self._ending = False  # the child is being hung up: no more of its output
        self._farewell = ""  # said before the exit status when the door ends the session
        self._reaping: asyncio.Task[None] | None = None

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
        if self._master >= 0 and width and height:
            set_window_size(self._master, width, height, pixwidth, pixheight)

    def data_received(self, data: bytes, datatype: object) -> None:
        if self._master < 0:
            return
        self._pending_input += data
        self._flush_input()
        if len(self._pending_input) >= MAX_PENDING_INPUT and not self._input_paused:
            self._input_paused = True
            assert self._chan is not None
            self._chan.pause_reading()

    def eof_received(self) -> bool:
        """The client will send nothing more (`ssh -tt HOST </dev/null`): nobody can play
        this session, so end the child rather than draw its screens for no one."""
        log.info("%s: the client's input ended", self.name)
        self._end()
        return True  # our side stays open to send the exit status once the child is gone

    def pause_writing(self) -> None:
        self._watch_output(False)

    def resume_writing(self) -> None:
        self._watch_output(True)

    def connection_lost(self, exc: Exception | None) -> None:
        self._open = False
        self._lost = True
        self._end()
        self._settle()

    def _settle(self) -> None:
        """Say the session is over, once: its channel is gone, it is not starting a
        child, and the child it started (if any) is reaped."""
        if self._lost and not self._starting and not self._child_running and self._over:
            over, self._over = self._over, None
            over(self)

    # --- the child -------------------------------------------------------------------

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
        previous = self.door.claim(self)
        if previous is not None:
            log.info("%s: connected again with their key; the earlier session ends", name)
            await previous.give_way()
            if self._ending:  # and gone meanwhile
                self._close_channel(1)
                return
        term_type, (columns, rows, width, height) = self._term
        master, slave = os.openpty()
        set_window_size(slave, columns or 80, rows or 24, width, height)
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                _TAKE_TERMINAL,
                *self.door.command(self.door.url),
                stdin=slave,
                stdout=slave,
                stderr=slave,
                start_new_session=True,
                env=self._environment(term_type, name),
            )
        except OSError as error:
            os.close(master)
            self._refuse(t("ssh.cannot_start", error=error.strerror))
            return
        finally:
            os.close(slave)
        self._child_running = True
        os.set_blocking(master, False)
        self._master = master
        self.door.children[self.process.pid] = self.process
        log.info("%s: session started (pid %d)", name, self.process.pid)
        if self._ending:  # the session ended while the child started
            self._close_master()
            self._hang_up(self.process)
        else:
            self._watch_output(True)

    def _environment(self, term_type: str, name: str) -> dict[str, str]:
        """The server's environment, with the session's terminal, the player's name as
        the login name (the client's default name), their own folder for settings and
        history, SSH_CONNECTION as sshd sets it (so the game knows it is remote), and
        sound locked off: it would play on the server, whatever the settings there say."""
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env["TERM"] = term_type or "xterm-256color"
        env[SOUND_ENV] = SOUND_OFF
        env["LOGNAME"] = env["USER"] = name
        folder = player_folder(name)
        env[DATA_DIR_ENV] = str(folder)
        env[CONFIG_DIR_ENV] = str(folder / "settings")
        chan = self._chan
        peer = chan.get_extra_info("peername") if chan else None
        local = chan.get_extra_info("sockname") if chan else None
        if peer and local:
            env["SSH_CONNECTION"] = f"{peer[0]} {peer[1]} {local[0]} {local[1]}"
            env["SSH_CLIENT"] = f"{peer[0]} {peer[1]} {local[1]}"
        asked = chan.get_environment() if chan else {}
        for key in ("LANG", "LC_ALL", "LC_MESSAGES"):
            if isinstance(asked.get(key), str):
                env[key] = asked[key]
        env.setdefault("LANG", "C.UTF-8")
        return env

    def _refuse(self, message: str) -> None:
        """No game for this session: say why and close (freeing the name if it held it)."""
        self.door.release(self)
        self._close_channel(1, message + "\r\n")

    def _close_channel(self, status: int | None, farewell: str = "") -> None:
        """Say `farewell`, send the exit status (a signal's as a shell would) and close;
        once, and never on a channel that is gone."""
        chan = self._chan
        if chan is None or not self._open:
            return
        self._open = False
        code = 1 if status is None else status if status >= 0 else 128 - status
        with contextlib.suppress(OSError):  # closed for sending already: nothing to say
            if farewell:
                chan.write(farewell.encode())
            chan.exit(code)

    def _watch_output(self, on: bool) -> None:
        if self._master < 0 or on == self._reading:
            return
        loop = asyncio.get_running_loop()
        if on:
            loop.add_reader(self._master, self._output)
        else:
            loop.remove_reader(self._master)
        self._reading = on

    def _output(self) -> None:
        try:
            data = os.read(self._master, 65536)
        except BlockingIOError:
            return
        except OSError as error:
            if error.errno != errno.EIO:  # EIO: every copy of the terminal's far end closed
                log.warning("%s: reading the terminal: %s", self.name, error)
            data = b""
        if not data:  # the child closed its terminal: it quit
            self._end()
            return
        assert self._chan is not None
        try:
            self._chan.write(data)
        except OSError as error:  # BrokenPipeError: the channel takes no more output
            log.info("%s: the connection takes no more output (%s)", self.name, error)
            self._end()

    def _flush_input(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            written = os.write(self._master, self._pending_input)
        except BlockingIOError:
            written = 0
        except OSError:
            self._pending_input.clear()
            return
        del self._pending_input[:written]
        if self._pending_input:
            loop.add_writer(self._master, self._writable)
        elif self._input_paused and self._chan is not None:
            self._input_paused = False
            self._chan.resume_reading()

    def _writable(self) -> None:
        asyncio.get_running_loop().remove_writer(self._master)
        if self._master >= 0:
            self._flush_input()

    async def give_way(self) -> None:
        """Its player connected again with their key: end this session, telling its
        terminal why, and return once its child is gone (two games never share the
        player's folder)."""
        self._end(f"{TERMINAL_RESET}\r\n{t('ssh.taken_over', name=self.name)}\r\n")
        if self._reaping is not None:
            await asyncio.wait([self._reaping])

    def _end(self, farewell: str = "") -> None:
        """End the session, whoever ended it (the child, the client, the connection, a
        new login): give up the name, stop reading the child, hang it up, and once it is
        reaped close the channel with its status, after `farewell`. Once only; a child
        still starting is hung up as soon as it is there."""
        if self._ending:
            return
        self._ending = True
        self._farewell = farewell
        self.door.release(self)
        self._close_master()
        if self.process is not None:
            self._hang_up(self.process)

    def _hang_up(self, process: asyncio.subprocess.Process) -> None:
        """SIGHUP to the child's session (if it still runs), then reap it in the background."""
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGHUP)
        self._reaping = background(self._reap(process), self.door.reaping)

    async def _reap(self, process: asyncio.subprocess.Process) -> None:
        await self.door.reap(process)
        self._child_running = False
        self._close_channel(process.returncode, self._farewell)
        self._settle()

    def _close_master(self) -> None:
        if self._master >= 0:
            self._watch_output(False)
            loop = asyncio.get_running_loop()
            loop.remove_writer(self._master)
            os.close(self._master)
            self._master = -1


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
        self._crowding = places.take(self._source)
        if self._crowding is None:
            self._placed = True
            return
        self.door.refusals.info(
            "SSH connection from %s refused: %d of %d from there, %d of %d in all",
            self._source,
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
        accepted = (
            name is not None
            and self.door.admit(name, key).refusal is None
            and (names.is_bound(name) or names.has_room())
        )
        if accepted:
            self.key = key
        else:
            self._keys_refused += 1
        return accepted

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
        """The connection's session, if it has none: one child per connection."""
        if self._session is not None:
            self.door.refusals.info("SSH session from %s refused: one already", self._source)
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, t("ssh.one_session")
            )
        self._session = PlayerSession(self.door, self.username, self.key, self._session_over)
        return self._session


class SshDoor:
    """The SSH server: one PTY child per session, all connecting to `url`."""

    def __init__(
        self,
        url: str,
        host_key: asyncssh.SSHKey,
        host: str = "127.0.0.1",
        port: int = DEFAULT_SSH_PORT,
        command: ChildCommand = child_command,
        names: NameKeys | None = None,
        limits: DoorLimits | None = None,
    ) -> None:
        self.url = url
        self.host_key = host_key
        self.host = host
        self.port = port
        self.command = command
        self.names = NameKeys.load(default_names_path()) if names is None else names
        self.places = Places(limits or DoorLimits())
        self.turning_away = 0  # connections with no place, to be told why when they log in
        self.refusals = ThrottledLog(log, "SSH connections or sessions refused")
        self.playing: dict[str, PlayerSession] = {}  # the live session under each name
        self.children: dict[int, asyncio.subprocess.Process] = {}
        self.reaping: set[asyncio.Task[None]] = set()
        self._acceptor: asyncssh.SSHAcceptor | None = None

    async def start(self) -> None:
        self._acceptor = await asyncssh.create_server(
            lambda: _Server(self),
            self.host,
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
        """Whether a login under `name`, with `key` (None for a guest), may play now."""
        live = name in self.playing
        if self.names.is_bound(name):
            if not self.names.belongs_to(name, key):
                return Admission.KEPT
            return Admission.RETURN if live else Admission.WELCOME
        return Admission.PLAYING if live else Admission.WELCOME

    def claim(self, session: PlayerSession) -> PlayerSession | None:
        """Make `session` the live one under its name (admitted just now, with nothing
        awaited since), binding a free name to its key; the session it replaces, if any."""
        previous = self.playing.get(session.name)
        self.playing[session.name] = session
        if session.key is not None and not self.names.is_bound(session.name):
            self.names.bind(session.name, session.key)
        return previous

    def release(self, session: PlayerSession) -> None:
        """`session` has ended: its name is free again, unless a newer session holds it."""
        if self.playing.get(session.name) is session:
            del self.playing[session.name]

    async def reap(self, process: asyncio.subprocess.Process) -> None:
        """Wait for a hung-up child; kill its session if it lingers; never leave a zombie."""
        try:
            await asyncio.wait_for(process.wait(), HANGUP_WAIT)
        except asyncio.TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            await process.wait()
        if self.children.pop(process.pid, None) is not None:
            log.info("session child %d ended (%s)", process.pid, process.returncode)

    async def close(self) -> None:
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        for process in list(self.children.values()):
            if process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGHUP)
                background(self.reap(process), self.reaping)
        if self.reaping:
            await asyncio.gather(*list(self.reaping), return_exceptions=True)
        self.children.clear()

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
    announce: Callable[[SshDoor, str, Path, bool], None],
    history: History | None = None,
    names_path: Path | None = None,
    limits: DoorLimits | None = None,
) -> None:
    """Run the door (and, unless `server_url` names one, a game server keeping its games
    in `history`) until cancelled; the names bound to keys are kept in `names_path`
    (default: in the data folder); `limits` bound the connections it holds."""
    key, made = load_host_key(key_path)
    names = NameKeys.load(names_path or default_names_path())
    async with contextlib.AsyncExitStack() as stack:
        if server_url is None:
            server = await stack.enter_async_context(GameServer(game, history))
            server_url = server.url
        door = await stack.enter_async_context(
            SshDoor(server_url, key, door_host, door_port, names=names, limits=limits)
        )
        announce(door, key.get_fingerprint(), key_path, made)
        await asyncio.Future()

"""The SSH door on loopback: a session lands in the lobby; the child owns its terminal,
hears resizes and the hang-up, and is reaped when the connection closes."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import sys
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from ddz_tui.cli import build_parser  # noqa: E402
from ddz_tui.net.ssh import (  # noqa: E402
    MAX_KEYS_REFUSED,
    MAX_PENDING_INPUT,
    HostKeyError,
    SshDoor,
    child_command,
    load_host_key,
    player_folder,
)
from ddz_tui.net.ssh_names import NameKeys, key_line  # noqa: E402
from tests.support.loopback import clients, running, until  # noqa: E402

# A stand-in for the client that reports what its terminal tells it.
PROBE = r"""
import fcntl, os, signal, struct, sys, termios, time
def size():
    rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8))
    return f"{cols}x{rows}"
def winch(*_):
    print("size", size(), flush=True)
def hup(*_):
    with open(sys.argv[1], "w") as out:
        out.write("hup")
    os._exit(0)
signal.signal(signal.SIGWINCH, winch)
signal.signal(signal.SIGHUP, hup)
owns = os.getsid(0) == os.getpid() and os.tcgetpgrp(0) == os.getpgrp()
remote = os.environ.get("SSH_CONNECTION", "-").split()[0]
sound = "sound=" + os.environ.get("DDZ_SOUND", "-")
print("ready", size(), "owns-terminal" if owns else "no-terminal", os.environ["TERM"], remote,
      sound, flush=True)
while True:
    time.sleep(1)
"""


def gone(pid: int) -> bool:
    """Neither running nor a zombie: nothing left in /proc."""
    return not Path(f"/proc/{pid}").exists()


async def read_until(process, text: str, seen: list[str], timeout: float = 30) -> str:
    async def read() -> str:
        while text not in "".join(seen):
            chunk = await process.stdout.read(4096)
            if not chunk:
                raise AssertionError(f"the session ended before {text!r}: {''.join(seen)!r}")
            seen.append(chunk)
        return "".join(seen)

    return await asyncio.wait_for(read(), timeout)


class Client(asyncssh.SSHClient):
    """An SSH client as OpenSSH behaves: its keys first (if any), then keyboard-interactive
    answering no prompts (and again, for as long as the server offers it); it keeps the
    banners the server sends."""

    def __init__(self) -> None:
        self.banners: list[str] = []

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banners.append(msg)

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts) -> list[str] | None:
        return None if prompts else []


def ssh(
    door: SshDoor, name: str, keys: list | None = None, source: str = "127.0.0.1", client=Client
):
    """A connection as `name` from `source` (any 127.x.y.z is this machine), offering
    `keys` (none: a guest)."""
    return asyncssh.connect(
        "127.0.0.1",
        door.port,
        username=name,
        known_hosts=None,
        client_factory=client,
        client_keys=keys or None,
        agent_path=None,
        password=None,
        local_addr=(source, 0),
    )


async def test_an_ssh_session_lands_in_the_lobby_and_leaves_no_child(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("DDZ_DATA_DIR", str(tmp_path / "data"))  # the door's data folder
    key, made = load_host_key(tmp_path / "host_key")
    assert made
    async with running() as server:
        (dan,) = await clients(server, "dan")
        await dan.create(title="dan's game")
        async with SshDoor(server.url, key, port=0) as door:
            async with ssh(door, "ann") as conn:
                process = await conn.create_process(
                    term_type="xterm-256color", term_size=(100, 30), encoding="utf-8"
                )
                seen: list[str] = []
                screen = await read_until(process, "dan's game", seen)
                assert "you are ann" in screen, "the game, at the server's lobby, as ann"
                await until(lambda: (player_folder("ann") / "sessions.json").exists())
                assert player_folder("ann").parent == tmp_path / "data" / "ssh-players"
                (pid,) = door.children
                stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                session, tty = int(stat[3]), int(stat[4])
                assert session == pid and tty != 0, "the child leads its session, on the PTY"
                await until(lambda: "ann" in server.lobby.players)
            await until(lambda: not door.children)
            assert gone(pid), "the child is reaped, not left a zombie or an orphan"
            await until(lambda: "ann" not in server.lobby.players, timeout=10)
        await dan.close()


@pytest.mark.parametrize("name", ["-h", "--help", "-x=y", "--name", "--", "ann"])
def test_a_name_that_looks_like_an_option_reaches_the_client_as_the_name(
    name: str, monkeypatch
) -> None:
    from ddz_tui.cli.net import _player_name
    from ddz_tui.net.ssh import PlayerSession

    command = child_command("ws://127.0.0.1:7744")
    assert command[:3] == [sys.executable, "-m", "ddz_tui"] and name not in command
    environment = PlayerSession(None, name)._environment("xterm", name)  # type: ignore[arg-type]
    for variable in ("LOGNAME", "USER", "LNAME", "USERNAME"):  # what getpass reads, in order
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LOGNAME", environment["LOGNAME"])
    args = build_parser().parse_args(command[3:])  # the child's own parser
    assert (args.handler.__name__, args.url) == ("cmd_join", "ws://127.0.0.1:7744")
    assert _player_name(args.name) == name == environment["USER"]


async def test_a_player_named_like_an_option_joins_under_that_name(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("DDZ_DATA_DIR", str(tmp_path / "data"))
    key, _ = load_host_key(tmp_path / "host_key")
    async with running() as server, SshDoor(server.url, key, port=0) as door:
        async with ssh(door, "--") as conn:
            process = await conn.create_process(
                term_type="xterm-256color", term_size=(100, 30), encoding="utf-8"
            )
            screen = await read_until(process, "you are --", [])
            assert "usage:" not in screen
            await until(lambda: "--" in server.lobby.players)
        await until(lambda: not door.children)


async def test_the_child_owns_its_terminal_hears_resizes_and_the_hang_up(tmp_path) -> None:
    marker = tmp_path / "hung-up"
    key, _ = load_host_key(tmp_path / "host_key")
    probe = lambda url: [sys.executable, "-c", PROBE, str(marker)]  # noqa: E731
    async with SshDoor("ws://unused", key, port=0, command=probe) as door:
        async with ssh(door, "ann") as conn:
            process = await conn.create_process(
                term_type="screen-256color", term_size=(80, 24), encoding="utf-8"
            )
            seen: list[str] = []
            screen = await read_until(process, "\n", seen)
            assert "ready 80x24 owns-terminal screen-256color 127.0.0.1 sound=off" in screen
            process.change_terminal_size(120, 40)
            await read_until(process, "size 120x40", seen)
            process.change_terminal_size(81, 25)
            await read_until(process, "size 81x25", seen)
            (pid,) = door.children
        await until(lambda: not door.children)
        assert marker.read_text() == "hup", "the child got SIGHUP when the connection closed"
        assert gone(pid)


# A child that redraws its screen all the time, as the game does, and notes its hang-up.
CHATTY = r"""
import os, signal, sys, time
def hup(*_):
    with open(sys.argv[1], "w") as out:
        out.write("hup")
    os._exit(0)
signal.signal(signal.SIGHUP, hup)
for i in range(3000):
    print("frame", i, flush=True)
    time.sleep(0.01)
"""


async def test_end_of_input_hangs_up_the_child_and_ends_the_session_quietly(
    tmp_path, caplog
) -> None:
    caplog.set_level(logging.DEBUG)
    marker = tmp_path / "hung-up"
    key, _ = load_host_key(tmp_path / "host_key")
    command = lambda url: [sys.executable, "-c", CHATTY, str(marker)]  # noqa: E731
    async with SshDoor("ws://unused", key, port=0, command=command) as door:
        async with ssh(door, "ann") as conn:
            process = await conn.create_process(term_type="xterm", encoding="utf-8")
            await read_until(process, "frame 3", [])
            (pid,) = door.children
            caplog.clear()
            process.stdin.write_eof()  # what `ssh -tt HOST </dev/null` sends
            result = await asyncio.wait_for(process.wait(), 10)
            assert marker.read_text() == "hup", "the child got SIGHUP"
            assert result.exit_status is not None, "the session ended with the child"
        await until(lambda: not door.children)
        assert gone(pid)
    ours = [r for r in caplog.records if not r.name.startswith("asyncssh")]
    assert not any(r.exc_info or r.levelno >= logging.WARNING for r in ours), ours
    assert len(ours) <= 2, ours  # the input ended; the child ended


async def test_a_child_that_ignores_the_hang_up_is_killed_and_reaped(tmp_path, monkeypatch) -> None:
    import ddz_tui.net.ssh as ssh_module

    monkeypatch.setattr(ssh_module, "HANGUP_WAIT", 0.2)
    stubborn = (
        "import signal, time\n"
        "signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
        "print('up', flush=True)\n"
        "time.sleep(60)"
    )
    key, _ = load_host_key(tmp_path / "host_key")
    command = lambda url: [sys.executable, "-c", stubborn]  # noqa: E731
    async with SshDoor("ws://unused", key, port=0, command=command) as door:
        async with ssh(door, "ann") as conn:
            process = await conn.create_process(term_type="xterm", encoding="utf-8")
            await read_until(process, "up", [])
            (pid,) = door.children
        await until(lambda: not door.children)
        assert gone(pid)


def probe_door(tmp_path: Path, **options) -> SshDoor:
    """A door whose sessions run PROBE, which notes its hang-up in tmp_path/hung-up."""
    key, _ = load_host_key(tmp_path / "host_key")
    command = lambda url: [sys.executable, "-c", PROBE, str(tmp_path / "hung-up")]  # noqa: E731
    return SshDoor("ws://unused", key, port=0, command=command, **options)


async def play(conn) -> tuple[object, list[str]]:
    """A session on `conn` with a terminal, once its child is up."""
    process = await conn.create_process(term_type="xterm", encoding="utf-8")
    seen: list[str] = []
    await read_until(process, "ready", seen)
    return process, seen


async def refused(door: SshDoor, name: str, keys: list | None = None) -> str:
    """Log in as `name` and expect to be turned away; what the banner said."""
    client = Client()
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect(
            "127.0.0.1",
            door.port,
            username=name,
            known_hosts=None,
            client_factory=lambda: client,
            client_keys=keys or None,
            agent_path=None,
        )
    return "".join(client.banners)


async def test_a_name_in_play_is_refused_to_anyone_else(tmp_path, caplog) -> None:
    caplog.set_level(logging.INFO, logger="ddz_tui.net.ssh")
    async with probe_door(tmp_path) as door:
        async with ssh(door, "ann") as first:
            await play(first)
            (pid,) = door.children
            banner = await refused(door, "ann")  # a client that asks again and again
            assert "ann is playing; choose another name" in banner
            assert banner.count("\n") == 1, "one line, once"
            assert caplog.text.count("guest refused") == 1
            stranger = asyncssh.generate_private_key("ssh-ed25519")
            assert "ann is playing" in await refused(door, " ann ", [stranger])
            # a second session on ann's own connection is no way around it
            with pytest.raises(asyncssh.ChannelOpenError):
                await first.create_process(term_type="xterm", encoding="utf-8")
            assert list(door.children) == [pid] and not door.names.is_bound("ann")
        await until(lambda: not door.children)
        async with ssh(door, "ann") as again:  # ann left: a name with no key is open again
            await play(again)


async def test_the_first_key_binds_the_name_and_only_that_key_gets_in(tmp_path) -> None:
    mine, other = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    async with probe_door(tmp_path) as door:
        async with ssh(door, "ann", [mine]) as conn:
            await play(conn)
        await until(lambda: not door.children)
        for keys in (None, [other]):
            banner = await refused(door, "ann", keys)
            assert "the name ann belongs to another SSH key" in banner
        async with ssh(door, "ann", [other, mine]) as conn:  # the wrong key first, then hers
            await play(conn)
        many = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(MAX_KEYS_REFUSED)]
        assert "belongs to another SSH key" in await refused(door, "ann", [*many, mine])
        async with ssh(door, "bob", [mine]) as conn:  # one key may hold several names
            await play(conn)
    saved = json.loads((tmp_path / "data" / "ssh_names.json").read_text())
    assert set(saved["names"]) == {"ann", "bob"}
    async with probe_door(tmp_path) as door:  # kept across restarts
        assert "belongs to another SSH key" in await refused(door, "ann")
        async with ssh(door, "ann", [mine]) as conn:
            await play(conn)


async def test_her_key_takes_over_her_live_session(tmp_path) -> None:
    mine = asyncssh.generate_private_key("ssh-ed25519")
    async with probe_door(tmp_path) as door:
        async with ssh(door, "ann", [mine]) as old_conn:
            old, _ = await play(old_conn)
            (old_pid,) = door.children
            async with ssh(door, "ann", [mine]) as new_conn:  # her connection dropped; back
                await play(new_conn)
                ended = await asyncio.wait_for(old.wait(), 10)
                assert "ann connected again from elsewhere" in ended.stdout
                assert "\x1b[?1049l" in ended.stdout, "her old terminal is left as it was"
                assert (tmp_path / "hung-up").read_text() == "hup"
                assert gone(old_pid)
                (new_pid,) = door.children
                assert door.playing["ann"].process.pid == new_pid != old_pid
        await until(lambda: not door.children)
        assert not door.playing


async def test_a_session_checks_the_name_again_when_it_starts(tmp_path) -> None:
    mine = asyncssh.generate_private_key("ssh-ed25519")
    async with probe_door(tmp_path) as door:
        async with ssh(door, "ann") as guest:  # logged in while ann was free
            async with ssh(door, "ann", [mine]) as owner:
                await play(owner)
            process = await guest.create_process(term_type="xterm", encoding="utf-8")
            result = await asyncio.wait_for(process.wait(), 10)
            assert result.exit_status == 1 and "belongs to another SSH key" in result.stdout
        await until(lambda: not door.children)


async def test_a_key_the_door_cannot_keep_plays_as_a_guest(tmp_path, monkeypatch) -> None:
    import ddz_tui.net.ssh_names as names_module

    monkeypatch.setattr(names_module, "MAX_NAMES", 0)  # no room for another binding
    mine = asyncssh.generate_private_key("ssh-ed25519")
    async with probe_door(tmp_path) as door:
        async with ssh(door, "ann", [mine]) as conn:  # the key is turned down; the guest in
            await play(conn)
            assert door.playing["ann"].key is None
        assert not door.names.is_bound("ann")
        assert not (tmp_path / "data" / "ssh_names.json").exists()


# A child slow to read its input, then reading all of it: keystrokes pile up meanwhile.
SLOW_READER = r"""
import os, sys, time, tty
tty.setraw(0)
print("ready", flush=True)
time.sleep(0.5)
got = 0
while got < int(sys.argv[1]):
    got += len(os.read(0, 65536))
print("got", got, flush=True)
"""


async def test_input_for_a_child_that_is_not_reading_is_bounded_and_kept(tmp_path) -> None:
    size = 512 * 1024
    key, _ = load_host_key(tmp_path / "host_key")
    command = lambda url: [sys.executable, "-c", SLOW_READER, str(size)]  # noqa: E731
    door = SshDoor("ws://unused", key, port=0, command=command)
    async with door, ssh(door, "ann") as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        seen: list[bytes] = []
        while b"ready" not in b"".join(seen):
            seen.append(await asyncio.wait_for(process.stdout.read(4096), 10))
        session = door.playing["ann"]
        most = 0

        async def watch() -> None:
            nonlocal most
            for _ in range(100_000):
                most = max(most, len(session._pending_input))
                await asyncio.sleep(0.001)

        watching = asyncio.create_task(watch())
        process.stdin.write(b"k" * size)
        while not re.search(rb"got \d+\n", b"".join(seen)):
            seen.append(await asyncio.wait_for(process.stdout.read(4096), 30))
        watching.cancel()
        assert f"got {size}\n".encode() in b"".join(seen), "no keystroke lost"
        assert most <= MAX_PENDING_INPUT + 64 * 1024, most  # one SSH packet past it


async def test_quitting_the_client_ends_the_session_with_its_status(tmp_path) -> None:
    key, _ = load_host_key(tmp_path / "host_key")
    command = lambda url: [sys.executable, "-c", "print('bye'); raise SystemExit(3)"]  # noqa: E731
    async with SshDoor("ws://unused", key, port=0, command=command) as door:
        async with ssh(door, "ann") as conn:
            process = await conn.create_process(term_type="xterm", encoding="utf-8")
            result = await asyncio.wait_for(process.wait(), 30)
            assert result.exit_status == 3 and "bye" in result.stdout
        assert not door.children


@pytest.mark.parametrize(
    ("name", "says"), [("a-name-far-too-long", "at most 16"), ("   ", "cannot be empty")]
)
async def test_a_bad_name_is_refused_with_how_to_connect(tmp_path, name: str, says: str) -> None:
    key, _ = load_host_key(tmp_path / "host_key")
    async with SshDoor("ws://unused", key, port=0) as door:
        async with ssh(door, name) as conn:
            process = await conn.create_process(term_type="xterm", encoding="utf-8")
            result = await asyncio.wait_for(process.wait(), 10)
        assert result.exit_status == 1 and says in result.stdout
        assert "ssh -p PORT NAME@HOST" in result.stdout
        assert not door.children


async def test_no_terminal_no_game_and_no_commands(tmp_path) -> None:
    key, _ = load_host_key(tmp_path / "host_key")
    async with SshDoor("ws://unused", key, port=0) as door:
        async with ssh(door, "ann") as conn:
            process = await conn.create_process(encoding="utf-8")  # no PTY requested
            result = await asyncio.wait_for(process.wait(), 10)
            assert result.exit_status == 1 and "ssh -t" in result.stdout
            with pytest.raises(asyncssh.Error):
                await conn.run("cat /etc/passwd", check=True)
        assert not door.children


def test_the_host_key_is_made_once_kept_private_and_reused(tmp_path) -> None:
    path = tmp_path / "keys" / "host"
    first, made = load_host_key(path)
    again, made_again = load_host_key(path)
    assert made and not made_again
    assert first.get_fingerprint() == again.get_fingerprint()
    assert path.stat().st_mode & 0o077 == 0
    path.write_text("not a key")
    with pytest.raises(HostKeyError) as error:
        load_host_key(path)
    assert str(path) in str(error.value)
    os.chmod(tmp_path / "keys", 0o500)
    try:
        if os.geteuid() != 0:  # root writes anywhere
            with pytest.raises(HostKeyError):
                load_host_key(tmp_path / "keys" / "other")
    finally:
        os.chmod(tmp_path / "keys", 0o700)


def test_a_players_folder_is_named_for_them_and_stays_inside() -> None:
    base = player_folder("ann").parent
    for name in ("..", "a/../../b", ".hidden", "名字 x"):
        folder = player_folder(name)
        assert folder.parent == base and folder.name not in (".", "..")
        assert "/" not in folder.name and not folder.name.startswith(".")
    assert player_folder("Ann") != player_folder("ann")


# --- the names bound to keys, on disk -------------------------------------------------


def test_bindings_are_kept_privately_and_read_back(tmp_path) -> None:
    path = tmp_path / "door" / "ssh_names.json"
    mine, other = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    names = NameKeys.load(path)
    assert len(names) == 0 and not path.exists()
    assert names.bind("名字 x", mine) and names.bind("bob", other)
    assert not names.bind("bob", mine), "a bound name stays with its key"
    assert path.stat().st_mode & 0o077 == 0
    assert [p.name for p in path.parent.iterdir()] == ["ssh_names.json"], "no temporary left"
    again = NameKeys.load(path)
    assert again.belongs_to("名字 x", mine) and not again.belongs_to("名字 x", other)
    assert again.belongs_to("bob", other.convert_to_public())  # what a client sends
    assert not again.belongs_to("bob", None) and not again.is_bound("ann")


@pytest.mark.parametrize(
    "text",
    [
        b"{not json",
        b"\xff\xfe",
        b"[]",
        b'{"version": 2, "names": {}}',
        b'{"version": 1, "names": []}',
    ],
)
def test_a_broken_names_file_is_set_aside_not_fatal(tmp_path, caplog, text: bytes) -> None:
    path = tmp_path / "ssh_names.json"
    path.write_bytes(text)
    names = NameKeys.load(path)
    assert len(names) == 0
    assert (tmp_path / "ssh_names.json.broken").read_bytes() == text
    assert [r.levelname for r in caplog.records] == ["WARNING"]
    assert str(path) in caplog.text and not any(r.exc_info for r in caplog.records)
    assert names.bind("ann", asyncssh.generate_private_key("ssh-ed25519"))


def test_bad_entries_are_dropped_and_the_good_ones_kept(tmp_path, caplog) -> None:
    path = tmp_path / "ssh_names.json"
    mine = asyncssh.generate_private_key("ssh-ed25519")
    good = key_line(mine)
    entries = {
        "ann": good,
        "bob": "ssh-ed25519 AAAA",  # not a key
        "cy": good + " comment",  # not as the door writes it
        " dee": good,  # not a name as the table shows it
        "\x1b]52;c;eA==\x07": good,  # an escape sequence
        "eve": 7,
    }
    path.write_text(json.dumps({"version": 1, "names": entries}))
    names = NameKeys.load(path)
    assert len(names) == 1 and names.belongs_to("ann", mine)
    assert (tmp_path / "ssh_names.json.broken").exists()
    assert "5 bad entries" in caplog.text
    assert NameKeys.load(path).belongs_to("ann", mine), "the good ones were written back"


def test_an_oversized_names_file_is_not_read_whole(tmp_path, monkeypatch) -> None:
    import ddz_tui.net.ssh_names as names_module

    monkeypatch.setattr(names_module, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "ssh_names.json"
    path.write_text(json.dumps({"version": 1, "names": {}, "pad": "x" * 2000}))
    assert len(NameKeys.load(path)) == 0
    assert (tmp_path / "ssh_names.json.broken").exists()


def test_a_names_file_that_cannot_be_written_leaves_the_name_free(tmp_path, caplog) -> None:
    (tmp_path / "door").write_text("a file where the folder should be")
    names = NameKeys.load(tmp_path / "door" / "ssh_names.json")
    assert not names.bind("ann", asyncssh.generate_private_key("ssh-ed25519"))
    assert not names.is_bound("ann") and "cannot keep SSH names" in caplog.text

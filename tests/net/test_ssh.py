"""The SSH door on loopback: a session lands in the lobby; its game hears the terminal's
size, its resizes and the hang-up; names, keys and guests; bounded input."""

from __future__ import annotations

import asyncio
import json
import logging
import os

import pytest

asyncssh = pytest.importorskip("asyncssh")

from ddz_tui.net.server import GameServer, ServerConfig  # noqa: E402
from ddz_tui.net.ssh import (  # noqa: E402
    MAX_KEYS_REFUSED,
    MAX_PENDING_INPUT,
    HostKeyError,
    SshDoor,
    load_host_key,
    player_folder,
)
from ddz_tui.net.ssh_names import NameKeys, key_line  # noqa: E402
from ddz_tui.ui.sessions.host import InProcessHost  # noqa: E402
from tests.support.loopback import clients, running, until  # noqa: E402
from tests.support.probe_host import ProbeHost  # noqa: E402


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


def probe_door(tmp_path, behaviour: str = "probe", slow_seconds: float = 0.5, **options) -> SshDoor:
    """A door whose sessions are probes (`ProbeHost`), its data in tmp_path/data."""
    key, _ = load_host_key(tmp_path / "host_key")
    names = NameKeys.load(tmp_path / "data" / "ssh_names.json")
    return SshDoor(
        "ws://unused",
        key,
        ProbeHost(behaviour, slow_seconds),
        port=0,
        names=names,
        data_dir=tmp_path / "data",
        **options,
    )


async def play(conn) -> tuple[object, list[str]]:
    """A session on `conn` with a terminal, once its probe is up."""
    process = await conn.create_process(term_type="xterm", encoding="utf-8")
    seen: list[str] = []
    await read_until(process, "ready", seen)
    return process, seen


async def test_an_ssh_session_lands_in_the_lobby_and_ends_with_the_connection(tmp_path) -> None:
    key, made = load_host_key(tmp_path / "host_key")
    assert made
    data = tmp_path / "data"
    host = InProcessHost()
    async with running() as server:
        (dan,) = await clients(server, "dan")
        await dan.create(title="dan's game")
        door = SshDoor(server.url, key, host, port=0, data_dir=data)
        async with door:
            async with ssh(door, "ann") as conn:
                process = await conn.create_process(
                    term_type="xterm-256color", term_size=(100, 30), encoding="utf-8"
                )
                seen: list[str] = []
                screen = await read_until(process, "dan's game", seen)
                assert "you are ann" in screen, "the game, at the server's lobby, as ann"
                assert "\x1b[?1049h" in screen, "on the alternate screen"
                await until(lambda: "ann" in server.lobby.players)
                assert player_folder("ann", data).parent == data / "ssh-players"
                assert not (player_folder("ann", data) / "sessions.json").exists(), (
                    "a guest's seat token is kept in the session only"
                )
                assert len(host.sessions) == 1
            await until(lambda: not host.sessions)
            await until(lambda: "ann" not in server.lobby.players, timeout=10)
        await dan.close()


async def test_a_keyed_players_token_is_kept_in_their_folder(tmp_path) -> None:
    key, _ = load_host_key(tmp_path / "host_key")
    data = tmp_path / "data"
    mine = asyncssh.generate_private_key("ssh-ed25519")
    host = InProcessHost()
    names = NameKeys.load(data / "ssh_names.json")
    async with (
        running() as server,
        SshDoor(server.url, key, host, port=0, data_dir=data, names=names) as door,
    ):
        async with ssh(door, "--", [mine]) as conn:  # a name like an option is a name
            process = await conn.create_process(
                term_type="xterm-256color", term_size=(100, 30), encoding="utf-8"
            )
            await read_until(process, "you are --", [])
            await until(lambda: (player_folder("--", data) / "sessions.json").exists())
        await until(lambda: not host.sessions)


async def test_the_game_hears_its_terminal_resizes_and_the_hang_up(tmp_path) -> None:
    async with probe_door(tmp_path) as door:
        async with ssh(door, "ann") as conn:
            process = await conn.create_process(
                term_type="screen-256color",
                term_size=(80, 24),
                encoding="utf-8",
                env={"LANG": "zh_CN.UTF-8"},
            )
            seen: list[str] = []
            await read_until(process, "ready 80x24 screen-256color guest lang=zh_CN.UTF-8", seen)
            process.change_terminal_size(120, 40)
            await read_until(process, "size 120x40", seen)
            process.change_terminal_size(81, 25)
            await read_until(process, "size 81x25", seen)
            process.change_terminal_size(70_000, 4_000_000)  # past what a frame holds
            await read_until(process, "size 1000x1000", seen)
            assert len(door.host.live) == 1
        await until(lambda: not door.host.live)
        (probe,) = door.host.ended
        assert probe.hangup == "gone", "the game was hung up when the connection closed"
        assert door.host.done_count == 1 and not door.sessions


async def test_end_of_input_hangs_up_the_game_and_ends_the_session_quietly(
    tmp_path, caplog
) -> None:
    caplog.set_level(logging.DEBUG)
    async with probe_door(tmp_path, "chatty") as door:
        async with ssh(door, "ann") as conn:
            process = await conn.create_process(term_type="xterm", encoding="utf-8")
            await read_until(process, "frame 3", [])
            caplog.clear()
            process.stdin.write_eof()  # what `ssh -tt HOST </dev/null` sends
            result = await asyncio.wait_for(process.wait(), 10)
            assert result.exit_status == 0, "the session ended with the game"
        await until(lambda: not door.host.live)
        assert door.host.ended[0].hangup == "gone"
    ours = [r for r in caplog.records if not r.name.startswith("asyncssh")]
    assert not any(r.exc_info or r.levelno >= logging.WARNING for r in ours), ours
    assert len(ours) <= 2, ours  # the input ended; the game ended


async def test_a_channel_closed_under_the_screen_is_the_client_gone_not_a_broken_link(
    tmp_path, caplog
) -> None:
    caplog.set_level(logging.INFO, logger="ddz_tui.net.ssh")
    async with probe_door(tmp_path, "chatty") as door:
        async with ssh(door, "ann") as conn:
            process = await conn.create_process(term_type="xterm", encoding="utf-8")
            await read_until(process, "frame 3", [])
            channel = door.playing["ann"]._chan

            def closed(_data: bytes) -> None:  # as asyncssh says once its side is closing
                raise BrokenPipeError("Channel not open for sending")

            channel.write = closed
            await until(lambda: not door.host.live)
        assert door.host.ended[0].hangup == "gone", "the game was hung up"
    assert "link broke" not in caplog.text and "link ended" not in caplog.text


async def test_a_game_that_ignores_the_hang_up_is_cut_off(tmp_path, monkeypatch, caplog) -> None:
    import ddz_tui.net.ssh as ssh_module

    monkeypatch.setattr(ssh_module, "HANGUP_WAIT", 0.2)
    async with probe_door(tmp_path, "stubborn") as door:
        async with ssh(door, "ann") as conn:
            await play(conn)
        await until(lambda: not door.sessions and door.host.done_count == 1)
        assert "did not end when hung up" in caplog.text


async def test_games_hung_up_together_get_the_time_to_end_together(
    tmp_path, monkeypatch, caplog
) -> None:
    """A door stopping, or a network dropping, hangs up hundreds at once: their workers
    take seconds to end them all, which is no reason to cut any off."""
    import ddz_tui.net.ssh as ssh_module

    monkeypatch.setattr(ssh_module, "HANGUP_WAIT", 0.3)
    monkeypatch.setattr(ssh_module, "HANGUP_SHARE", 0.3)
    async with probe_door(tmp_path, "lingering", slow_seconds=0.6) as door:
        conns = [await ssh(door, name) for name in ("ann", "bob", "cy")]
        for conn in conns:
            await play(conn)
        for conn in conns:
            conn.close()
        await until(lambda: not door.sessions and door.host.done_count == 3)
        assert [probe.hangup for probe in door.host.ended] == ["gone"] * 3
    assert "did not end when hung up" not in caplog.text
    assert door.hanging_up == 0


class Deaf(asyncssh.SSHClientSession):
    """A client that stops taking the screen: it reads nothing, so its window closes and
    what the game draws piles up behind it."""

    def connection_made(self, chan) -> None:
        self.chan = chan
        chan.pause_reading()


async def test_a_client_that_takes_no_screen_is_ended_and_costs_the_others_nothing(
    tmp_path, monkeypatch, caplog
) -> None:
    import ddz_tui.net.ssh as ssh_module

    caplog.set_level(logging.INFO)
    monkeypatch.setattr(ssh_module, "STALLED_WAIT", 3.0)
    key, _ = load_host_key(tmp_path / "host_key")
    host = InProcessHost()
    async with (
        running() as server,
        SshDoor(server.url, key, host, port=0, data_dir=tmp_path / "data") as door,
        ssh(door, "bob") as bob_conn,
        ssh(door, "ann") as ann_conn,
    ):
        bob = await bob_conn.create_process(term_type="xterm", encoding="utf-8")
        bob_seen: list[str] = []
        await read_until(bob, "you are bob", bob_seen)
        chan, _deaf = await ann_conn.create_session(
            Deaf, term_type="xterm-256color", term_size=(80, 24), window=16 * 1024
        )
        await until(lambda: len(host.sessions) == 2)
        for turn in range(40):  # each size a whole screen drawn anew: ~0.2 MB
            if chan.is_closing():
                break
            chan.change_terminal_size(900 + turn % 2, 250)
            bob_seen.clear()
            bob.stdin.write("\t")  # bob plays on meanwhile, and is answered
            await read_until(bob, "\x1b[", bob_seen, timeout=5)
        await asyncio.wait_for(chan.wait_closed(), 30)
        assert "ann: the client takes no output; its connection is cut" in caplog.text
        await until(lambda: len(host.sessions) == 1)
        bob_seen.clear()
        bob.stdin.write("c")
        await read_until(bob, "Name of the table", bob_seen, timeout=5)
        assert not chan.get_exit_status(), "it heard no status: it took nothing"


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
            banner = await refused(door, "ann")  # a client that asks again and again
            assert "ann is playing; choose another name" in banner
            assert banner.count("\n") == 1, "one line, once"
            assert caplog.text.count("guest refused") == 1
            stranger = asyncssh.generate_private_key("ssh-ed25519")
            assert "ann is playing" in await refused(door, " ann ", [stranger])
            # a second session on ann's own connection is no way around it
            with pytest.raises(asyncssh.ChannelOpenError):
                await first.create_process(term_type="xterm", encoding="utf-8")
            assert door.host.opened == 1 and not door.names.is_bound("ann")
        await until(lambda: not door.host.live)
        async with ssh(door, "ann") as again:  # ann left: a name with no key is open again
            await play(again)


async def test_the_first_key_binds_the_name_and_only_that_key_gets_in(tmp_path) -> None:
    mine, other = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    async with probe_door(tmp_path) as door:
        async with ssh(door, "ann", [mine]) as conn:
            _, seen = await play(conn)
            assert " key lang=" in "".join(seen), "her seat's token is kept for her key"
        await until(lambda: not door.host.live)
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


async def test_a_key_keeps_only_its_share_of_names_and_plays_others_as_a_guest(
    tmp_path,
) -> None:
    mine = asyncssh.generate_private_key("ssh-ed25519")
    async with probe_door(tmp_path) as door:
        for name in ("n1", "n2", "n3"):
            async with ssh(door, name, [mine]) as conn:
                await play(conn)
            await until(lambda: not door.host.live)
        client = Client()
        async with ssh(door, "n4", [mine], client=lambda: client) as conn:
            _, seen = await play(conn)
            assert " guest lang=" in "".join(seen), "a fourth name: in, as a guest"
            assert door.playing["n4"].key is None
        assert "your key keeps 3 names already (n1, n2, n3)" in "".join(client.banners)
        assert door.names.names_of(mine) == ["n1", "n2", "n3"]
        assert not door.names.is_bound("n4")


async def test_a_guests_seat_goes_back_only_to_her_key_never_to_a_later_guest(
    tmp_path,
) -> None:
    """The seat's token: kept in the player's folder for a name's own key, never for a
    guest (any later guest under the same name would have found it there)."""
    async with probe_door(tmp_path) as door:
        async with ssh(door, "ann") as conn:
            await play(conn)
        await until(lambda: not door.host.live)
        (first,) = door.host.ended
        assert first.start is not None and first.start.guest
        mine = asyncssh.generate_private_key("ssh-ed25519")
        async with ssh(door, "ann", [mine]) as conn:
            await play(conn)
        second = door.host.ended[-1] if not door.host.live else next(iter(door.host.live.values()))
        assert second.start is not None and not second.start.guest


async def test_her_key_takes_over_her_live_session(tmp_path) -> None:
    mine = asyncssh.generate_private_key("ssh-ed25519")
    async with probe_door(tmp_path) as door:
        async with ssh(door, "ann", [mine]) as old_conn:
            old, _ = await play(old_conn)
            async with ssh(door, "ann", [mine]) as new_conn:  # her connection dropped; back
                await play(new_conn)
                ended = await asyncio.wait_for(old.wait(), 10)
                assert "ann connected again from elsewhere" in ended.stdout
                assert "\x1b[?1049l" in ended.stdout, "her old terminal is left as it was"
                assert door.host.ended[0].hangup == "taken_over"
                assert len(door.host.live) == 1 and door.playing["ann"] is not None
        await until(lambda: not door.host.live)
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
        await until(lambda: not door.host.live)


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


async def test_input_for_a_game_that_is_not_reading_is_bounded_and_kept(tmp_path) -> None:
    size = 2 * 1024 * 1024
    async with probe_door(tmp_path, "slow", slow_seconds=1.0) as door, ssh(door, "ann") as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        seen: list[bytes] = []
        while b"ready" not in b"".join(seen):
            seen.append(await asyncio.wait_for(process.stdout.read(4096), 10))
        session = door.playing["ann"]
        most = 0

        async def watch() -> None:
            nonlocal most
            for _ in range(100_000):
                writer = session._writer
                if writer is not None:
                    most = max(most, writer.transport.get_write_buffer_size())
                await asyncio.sleep(0.001)

        watching = asyncio.create_task(watch())
        process.stdin.write(b"k" * size)
        while f"got {size}\n".encode() not in b"".join(seen):
            seen.append(await asyncio.wait_for(process.stdout.read(65536), 30))
        watching.cancel()
        assert most <= MAX_PENDING_INPUT + 64 * 1024, most  # one SSH packet past it


async def test_quitting_the_game_ends_the_session_with_its_status(tmp_path) -> None:
    async with probe_door(tmp_path, "exit3") as door:
        async with ssh(door, "ann") as conn:
            process = await conn.create_process(term_type="xterm", encoding="utf-8")
            result = await asyncio.wait_for(process.wait(), 30)
            assert result.exit_status == 3 and "bye" in result.stdout
        await until(lambda: not door.sessions)


@pytest.mark.parametrize(
    ("name", "says"), [("a-name-far-too-long", "at most 16"), ("   ", "cannot be empty")]
)
async def test_a_bad_name_is_refused_with_how_to_connect(tmp_path, name: str, says: str) -> None:
    async with probe_door(tmp_path) as door:
        async with ssh(door, name) as conn:
            process = await conn.create_process(term_type="xterm", encoding="utf-8")
            result = await asyncio.wait_for(process.wait(), 10)
        assert result.exit_status == 1 and says in result.stdout
        assert "ssh -p PORT NAME@HOST" in result.stdout
        assert door.host.opened == 0


async def test_no_terminal_no_game_and_no_commands(tmp_path) -> None:
    async with probe_door(tmp_path) as door:
        async with ssh(door, "ann") as conn:
            process = await conn.create_process(encoding="utf-8")  # no PTY requested
            result = await asyncio.wait_for(process.wait(), 10)
            assert result.exit_status == 1 and "ssh -t" in result.stdout
            with pytest.raises(asyncssh.Error):
                await conn.run("cat /etc/passwd", check=True)
        assert door.host.opened == 0


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
        b'{"version": 3, "names": {}}',
        b'{"version": 2, "names": {"ann": "ssh-ed25519 AAAA"}}',
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


def test_a_binding_unused_for_long_is_forgotten_and_a_used_one_kept(tmp_path) -> None:
    path = tmp_path / "ssh_names.json"
    now = [1_000_000_000.0]
    clock = lambda: now[0]  # noqa: E731
    mine, other = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    names = NameKeys.load(path, keep_days=30, clock=clock)
    assert names.bind("ann", mine) and names.bind("bob", other)
    now[0] += 20 * 86_400
    names.used("ann")  # ann logged in on day 20
    now[0] += 15 * 86_400
    again = NameKeys.load(path, keep_days=30, clock=clock)
    assert again.belongs_to("ann", mine), "used 15 days ago: kept"
    assert not again.is_bound("bob"), "unused for 35 days: forgotten"
    assert "bob" not in json.loads(path.read_text())["names"]
    now[0] += 40 * 86_400  # a door that runs on forgets too, when it binds next
    assert again.bind("cy", other) and not again.is_bound("ann")


def test_a_key_keeps_at_most_its_share_of_names(tmp_path) -> None:
    mine = asyncssh.generate_private_key("ssh-ed25519")
    names = NameKeys.load(tmp_path / "ssh_names.json", per_key=2)
    assert names.bind("a", mine) and names.bind("b", mine)
    assert not names.has_room_for(mine) and not names.bind("c", mine)
    assert names.names_of(mine) == ["a", "b"]


def test_a_version_1_file_is_read_and_written_as_version_2(tmp_path) -> None:
    path = tmp_path / "ssh_names.json"
    mine = asyncssh.generate_private_key("ssh-ed25519")
    path.write_text(json.dumps({"version": 1, "names": {"ann": key_line(mine)}}))
    names = NameKeys.load(path, clock=lambda: 5_000.0)
    assert names.belongs_to("ann", mine)
    saved = json.loads(path.read_text())
    assert saved == {"version": 2, "names": {"ann": {"key": key_line(mine), "used": 5000.0}}}


def test_each_broken_names_file_is_kept_numbered_and_only_the_newest_few(tmp_path, caplog) -> None:
    """A second broken file once replaced the first `.broken`: each is kept, numbered,
    never overwritten, and only the newest MAX_BROKEN of them."""
    from ddz_tui.net.ssh_names import MAX_BROKEN

    path = tmp_path / "ssh_names.json"
    for n in range(MAX_BROKEN + 2):
        path.write_text(f"broken {n}")
        names = NameKeys.load(path)
        assert names.broken is not None and names.broken.backup is not None
        assert names.broken.backup.read_text() == f"broken {n}"
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert len(kept) == MAX_BROKEN and not path.exists()
    assert "ssh_names.json.broken" not in kept and "ssh_names.json.broken.1" not in kept
    assert (tmp_path / f"ssh_names.json.broken.{MAX_BROKEN + 1}").read_text() == (
        f"broken {MAX_BROKEN + 1}"
    )
    assert (tmp_path / "ssh_names.json.broken.2").read_text() == "broken 2"
    assert "ssh_names.json.broken.1" in caplog.text, "the one dropped is logged"


def test_a_broken_names_file_is_said_at_start_not_only_in_the_log(tmp_path) -> None:
    from ddz_tui.cli.net import names_lines

    path = tmp_path / "ssh_names.json"
    mine = asyncssh.generate_private_key("ssh-ed25519")
    path.write_text("{not json")
    names = NameKeys.load(path)
    english = names_lines(names, "en")
    assert english[0] == f"names kept for SSH keys: {path} (0)"
    assert "broken (not JSON" in english[1] and f"set aside as {path}.broken;" in english[1]
    assert english[1].endswith("0 bindings kept")
    chinese = names_lines(names, "zh")
    assert f"{path}.broken" in chinese[1] and "已损坏" in chinese[1]
    entries = {"ann": key_line(mine), "bob": "not a key"}
    path.write_text(json.dumps({"version": 1, "names": entries}))
    line = names_lines(NameKeys.load(path), "en")[1]
    assert "(1 bad entries)" in line and f"{path}.broken.1;" in line
    assert line.endswith("1 bindings kept")
    assert names_lines(NameKeys.load(path), "en") == [f"names kept for SSH keys: {path} (1)"]


# --- look-alike names -------------------------------------------------------------


def test_a_key_bound_to_a_name_keeps_its_look_alikes_too(tmp_path) -> None:
    mine, other = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    names = NameKeys.load(tmp_path / "ssh_names.json")
    assert names.bind("ann", mine)
    for look_alike in ("Ann", "ANN", "ａｎｎ", "\u0430nn"):
        assert names.is_bound(look_alike) and names.belongs_to(look_alike, mine)
        assert not names.belongs_to(look_alike, other) and not names.belongs_to(look_alike, None)
        assert names.own_name(look_alike, mine) == "ann", "played as the name she bound"
        assert names.own_name(look_alike, other) is None
        assert not names.bind(look_alike, other), "no one else binds a look-alike"
    assert names.names_of(mine) == ["ann"] and len(names) == 1


def test_look_alike_names_bound_before_to_different_keys_stay_theirs(tmp_path) -> None:
    """A version 2 file written before names were compared so may bind Ann and ann to
    different keys: both are read, each exact name stays with its key, a third spelling
    (ANN) lets in either key as its own name, and nobody else gets any of them."""
    path = tmp_path / "ssh_names.json"
    first, second, third = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))
    entries = {
        "Ann": {"key": key_line(first), "used": 1000.0},
        "ann": {"key": key_line(second), "used": 1000.0},
    }
    path.write_text(json.dumps({"version": 2, "names": entries}))
    names = NameKeys.load(path, clock=lambda: 2000.0)
    assert len(names) == 2 and names.broken is None
    assert names.belongs_to("Ann", first) and not names.belongs_to("Ann", second)
    assert names.belongs_to("ann", second) and not names.belongs_to("ann", first)
    assert names.own_name("ANN", first) == "Ann" and names.own_name("ANN", second) == "ann"
    assert not names.belongs_to("ANN", third) and not names.belongs_to("ANN", None)
    assert names.names_of(first) == ["Ann"] and names.names_of(second) == ["ann"]
    names.used("Ann")
    assert set(json.loads(path.read_text())["names"]) == {"Ann", "ann"}, "both kept"


async def test_a_look_alike_of_a_name_in_play_or_bound_is_refused(tmp_path) -> None:
    mine, other = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    async with probe_door(tmp_path) as door:
        async with ssh(door, "ann") as guest:
            await play(guest)
            for look_alike in ("ANN", "ａｎｎ", "\u0430nn"):
                assert "is playing; choose another name" in await refused(door, look_alike)
            assert "is playing" in await refused(door, "Ann", [mine])
        await until(lambda: not door.host.live)
        async with ssh(door, "ann", [mine]) as conn:  # binds ann to her key
            await play(conn)
        await until(lambda: not door.host.live)
        for keys in (None, [other]):
            assert "the name Ann belongs to another SSH key" in await refused(door, "Ann", keys)
        async with ssh(door, "ＡＮＮ", [mine]) as conn:  # her key, another spelling
            await play(conn)
            (session,) = door.host.live.values()
            assert session.start is not None and not session.start.guest
            assert session.start.name == "ann", "her own name, folder and seat"
            assert session.start.folder == str(player_folder("ann", tmp_path / "data"))
            async with ssh(door, "Ann", [mine]) as again:  # and takes over her session
                await play(again)
                await until(lambda: len(door.host.ended) == 3)
        assert door.names.names_of(mine) == ["ann"]


async def test_the_door_vouches_for_a_keys_own_name_and_for_no_guest(tmp_path) -> None:
    """The game server in the door's process ranks a name bound to its player's key: the
    session's start carries the server's ticket for it (the hello says it), a guest's
    none, and the ticket is good only while the session lives."""
    server = GameServer(ServerConfig(bot_workers=0))  # in this process, as serve-ssh's; idle
    mine = asyncssh.generate_private_key("ssh-ed25519")
    async with probe_door(tmp_path, voucher=server) as door:
        async with ssh(door, "bob") as conn:
            await play(conn)
        async with ssh(door, "ann", [mine]) as conn:
            await play(conn)
            (live,) = door.host.live.values()
            assert live.start is not None and live.start.ticket is not None
            assert server._vouched_for("ann", live.start.ticket)
            assert not server._vouched_for("bob", live.start.ticket)
        await until(lambda: not door.host.live)
        guest = next(s for s in door.host.ended if s.start is not None and s.start.name == "bob")
        assert guest.start is not None and guest.start.ticket is None
        await until(lambda: not server._vouched)

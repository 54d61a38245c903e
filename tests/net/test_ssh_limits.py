"""How many connections the SSH door holds, tried as a flood would try it, on loopback:
per address, in all, one session per connection, places given back, login time."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

import pytest

asyncssh = pytest.importorskip("asyncssh")

from ddz_tui.net.ratelimit import ThrottledLog  # noqa: E402
from ddz_tui.net.ssh import SshDoor  # noqa: E402
from ddz_tui.net.ssh_limits import Crowding, DoorLimits, LoginRate, Places, source_of  # noqa: E402
from tests.net.test_ssh import Client, play, probe_door, ssh  # noqa: E402
from tests.support.loopback import until  # noqa: E402

FROM_ADDRESS = "ddz: too many connections from your address; try again later."
FULL = "ddz: the server is full; try again later."


async def turned_away(
    door: SshDoor, source: str = "127.0.0.1", keys=None, kind: type[Client] = Client
) -> str:
    """Connect from `source` with a client of `kind`, expecting to be told why there is no
    room in a banner (one line), then disconnected for too many connections; what the
    banner said."""
    client = kind()
    with pytest.raises(asyncssh.DisconnectError) as refusal:
        await asyncio.wait_for(ssh(door, "zed", keys, source, lambda: client), 10)
    assert refusal.value.code == asyncssh.DISC_TOO_MANY_CONNECTIONS
    assert "too many connections" in refusal.value.reason
    (banner,) = client.banners
    assert banner.endswith("\r\n") and banner.count("\n") == 1
    return banner


async def knock(door: SshDoor, send: bytes = b"", timeout: float = 10) -> bytes:
    """A bare TCP connection that sends `send` and then only listens: all it is told
    before the door closes it (closing with what was sent unread resets the connection)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", door.port)
    told = bytearray()

    async def listen() -> None:
        for _ in range(1000):
            chunk = await reader.read(65536)
            if not chunk:
                return
            told.extend(chunk)

    try:
        writer.write(send)
        await asyncio.wait_for(listen(), timeout)
    except ConnectionResetError:
        pass
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()
    return bytes(told)


@contextlib.asynccontextmanager
async def ann_playing(tmp_path, **limits: int) -> AsyncIterator[SshDoor]:
    """A door with `limits` whose sessions are probes, ann playing at it from 127.0.0.1."""
    door = probe_door(tmp_path, limits=DoorLimits(**limits), logins=LoginRate(1000))
    async with door, ssh(door, "ann") as ann:
        await play(ann)
        yield door


async def test_one_connection_past_the_cap_from_an_address_is_turned_away(tmp_path) -> None:
    async with probe_door(tmp_path, limits=DoorLimits(max_per_address=2)) as door:
        async with ssh(door, "ann") as ann, ssh(door, "bob") as bob:
            for conn in (ann, bob):
                await play(conn)
            assert FROM_ADDRESS in await turned_away(door)
            assert len(door.host.live) == 2 and len(door.places) == 2
            async with ssh(door, "cy", source="127.0.0.2") as other:  # another address: room
                await play(other)
                assert len(door.host.live) == 3
        await until(lambda: not door.host.live and not len(door.places))


class KeyFirst(Client):
    """A client that skips the "none" request OpenSSH starts with and offers its key in
    its first request, to get its key looked at before the door can say no."""

    def connection_made(self, conn) -> None:
        conn._auth_methods = [b"publickey"]


@pytest.mark.parametrize("client", [Client, KeyFirst])
async def test_a_connection_turned_away_gets_no_authentication(
    tmp_path, caplog, monkeypatch, client
) -> None:
    caplog.set_level(logging.INFO, logger="ddz_tui.net.ssh")
    mine = asyncssh.generate_private_key("ssh-ed25519")
    async with ann_playing(tmp_path, max_per_address=1) as door:
        asked: list[str] = []
        monkeypatch.setattr(door, "admit", lambda name, key: asked.append(name))
        assert FROM_ADDRESS in await turned_away(door, keys=[mine], kind=client)
        assert not asked, "neither its key nor its name was looked at"
        await until(lambda: door.turning_away == 0)
    assert caplog.text.count("SSH connection from 127.0.0.1 refused (address)") == 1


def disconnect_in_the_clear(told: bytes) -> bytes:
    """The door's version line, then a disconnect packet before any key exchange."""
    version, packet = told.split(b"\r\n", 1)
    assert version.startswith(b"SSH-2.0-")
    assert packet[5] == 1, "the first packet is a disconnect, not the door's key exchange"
    return packet


async def test_past_those_being_turned_away_a_connection_is_cut_off_at_once(
    tmp_path, monkeypatch
) -> None:
    import ddz_tui.net.ssh as ssh_module

    monkeypatch.setattr(ssh_module, "MAX_TURNING_AWAY", 2)
    monkeypatch.setattr(ssh_module, "LOGIN_TIMEOUT", 1.0)
    async with ann_playing(tmp_path, max_per_address=1) as door:
        stalled = [asyncio.create_task(knock(door)) for _ in range(2)]  # never log in
        await until(lambda: door.turning_away == 2)
        told = await knock(door, b"SSH-2.0-OpenSSH_9.2\r\n")
        assert FROM_ADDRESS.encode() in disconnect_in_the_clear(told)
        assert door.turning_away == 2 and len(door.places) == 1
        for told in await asyncio.wait_for(asyncio.gather(*stalled), 10):
            assert told.startswith(b"SSH-2.0-"), "closed at the login timeout"
        assert door.turning_away == 0
        assert FROM_ADDRESS in await turned_away(door)


async def test_the_door_holds_at_most_max_sessions_in_all(tmp_path) -> None:
    async with probe_door(tmp_path, limits=DoorLimits(max_sessions=3, max_per_address=2)) as door:
        async with contextlib.AsyncExitStack() as stack:
            for name, source in (("ann", "127.0.0.1"), ("bob", "127.0.0.2"), ("cy", "127.0.0.2")):
                await play(await stack.enter_async_context(ssh(door, name, source=source)))
            assert FULL in await turned_away(door, "127.0.0.3")  # a fresh address: still full
            assert FROM_ADDRESS in await turned_away(door, "127.0.0.2")
            assert len(door.host.live) == 3 and len(door.places) == 3
        await until(lambda: not len(door.places))
        async with ssh(door, "dee", source="127.0.0.3") as dee:
            await play(dee)


async def test_one_session_per_connection_at_a_time(tmp_path) -> None:
    async with probe_door(tmp_path) as door, ssh(door, "ann") as conn:
        first, _ = await play(conn)
        (pid,) = door.host.live
        for _ in range(3):
            with pytest.raises(asyncssh.ChannelOpenError) as refusal:
                await conn.create_process(term_type="xterm", encoding="utf-8")
            assert refusal.value.code == asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED
            assert "one game per SSH connection" in refusal.value.reason
        assert list(door.host.live) == [pid]
        first.close()  # the first session ends; the connection may start another
        await until(lambda: not door.host.live and not door.sessions)  # (the door hears last)
        await play(conn)
        assert len(door.host.live) == 1 and len(door.places) == 1


async def test_a_closed_connection_gives_its_place_back_once_its_game_is_over(
    tmp_path, monkeypatch
) -> None:
    import ddz_tui.net.ssh as ssh_module

    monkeypatch.setattr(ssh_module, "HANGUP_WAIT", 1.5)  # then the game is cut off
    async with probe_door(tmp_path, "stubborn", limits=DoorLimits(max_per_address=1)) as door:
        async with ssh(door, "ann") as ann:
            await play(ann)
            assert FROM_ADDRESS in await turned_away(door)
        await until(lambda: "ann" not in door.playing)  # the door saw the connection go
        assert door.host.done_count == 0, "the game ignores the hang-up: it lingers"
        assert len(door.places) == 1 and FROM_ADDRESS in await turned_away(door)
        await until(lambda: not len(door.places))
        assert door.host.done_count == 1, "the place came back only once the game was over"
        async with ssh(door, "ann") as again:
            await play(again)
            assert len(door.places) == 1


async def test_a_source_that_connects_too_often_is_turned_away_for_a_minute(tmp_path) -> None:
    now = [0.0]
    logins = LoginRate(3, clock=lambda: now[0])
    async with probe_door(tmp_path, logins=logins) as door:
        for name in ("a", "b", "c"):
            async with ssh(door, name) as conn:
                await play(conn)
        told = await turned_away(door)
        assert "too many logins from your address; wait a minute" in told
        async with ssh(door, "d", source="127.0.0.2") as conn:  # another address: in
            await play(conn)
        now[0] += 60
        async with ssh(door, "e") as conn:
            await play(conn)


def test_login_rate_counts_a_sliding_minute_per_source() -> None:
    now = [0.0]
    rate = LoginRate(2, clock=lambda: now[0])
    assert rate.take("a") is None and rate.take("a") is None
    assert rate.take("a") is Crowding.RATE and rate.take("b") is None
    now[0] = 59.9
    assert rate.take("a") is Crowding.RATE
    now[0] = 60.0
    assert rate.take("a") is None


async def test_a_connection_that_never_logs_in_holds_its_place_for_the_login_timeout(
    tmp_path, monkeypatch
) -> None:
    import ddz_tui.net.ssh as ssh_module

    monkeypatch.setattr(ssh_module, "LOGIN_TIMEOUT", 0.5)
    async with probe_door(tmp_path, limits=DoorLimits(max_per_address=2)) as door:
        silent = asyncio.create_task(knock(door))  # says nothing at all
        stalled = asyncio.create_task(knock(door, b"SSH-2.0-x\r\n"))  # a version, then nothing
        await until(lambda: len(door.places) == 2)
        assert FROM_ADDRESS in await turned_away(door)
        told = await asyncio.wait_for(asyncio.gather(silent, stalled), 10)
        assert all(t.startswith(b"SSH-2.0-") for t in told), "then closed by the door"
        await until(lambda: not len(door.places))
        async with ssh(door, "ann") as ann:
            await play(ann)


async def test_a_flood_of_refusals_is_a_few_lines_in_the_log(tmp_path, caplog, monkeypatch) -> None:
    import ddz_tui.net.ssh as ssh_module

    monkeypatch.setattr(ssh_module, "MAX_TURNING_AWAY", 0)  # each one cut off at once
    caplog.set_level(logging.INFO, logger="ddz_tui.net.ssh")
    async with ann_playing(tmp_path, max_per_address=1) as door:
        for _ in range(40):
            assert FROM_ADDRESS.encode() in disconnect_in_the_clear(await knock(door))
        assert len(door.places) == 1
    refusals = [r for r in caplog.records if "refused" in r.getMessage()]
    assert 1 <= len(refusals) <= 11, [r.getMessage() for r in refusals]
    assert (
        "SSH connection from 127.0.0.1 refused (address): 1 of 1 from there, 1 of 1000 in all"
        in caplog.text
    )


async def test_lines_held_back_are_counted_in_one_line(caplog) -> None:
    caplog.set_level(logging.INFO)
    now = [0.0]
    throttled = ThrottledLog(logging.getLogger("flood"), "knocks", 50, 3, lambda: now[0])
    for i in range(10):
        throttled.info("knock %d", i)
    assert caplog.messages == ["knock 0", "knock 1", "knock 2"]
    await until(lambda: len(caplog.messages) == 4)
    assert caplog.messages[3] == "7 more knocks (not logged one by one)"
    now[0] = 1.0
    throttled.info("knock %d", 10)
    assert caplog.messages[4] == "knock 10"


@pytest.mark.parametrize(
    ("host", "source"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
        ("fe80::1%eth0", "fe80::/64"),
        ("not an address", "not an address"),
    ],
)
def test_one_host_counts_as_one_source(host: str, source: str) -> None:
    assert source_of(host) == source


def test_places_are_counted_per_source_and_in_all() -> None:
    places = Places(DoorLimits(max_sessions=3, max_per_address=2))
    assert [places.take("a"), places.take("a"), places.take("b")] == [None, None, None]
    assert places.take("a") is not None and places.take("c") is not None
    places.give_back("a")
    assert places.take("c") is None and len(places) == 3
    with pytest.raises(ValueError):
        places.give_back("d")
    with pytest.raises(ValueError):
        DoorLimits(max_sessions=0)

"""The client says clearly what went wrong: wrong address, nothing there, not a ddz
server, another version, a taken name, a connection lost for good."""

from __future__ import annotations

import asyncio
import json
import socket

import pytest
from websockets.asyncio.client import connect
from websockets.asyncio.server import serve

import ddz_tui.net.client.dial as dial_module
import ddz_tui.net.client.lobby as client_module
from ddz_tui.engine import PASS
from ddz_tui.net.client.errors import (
    BadAddress,
    ConnectionLost,
    Refused,
    ServerUnreachable,
    VersionMismatch,
)
from ddz_tui.net.client.lobby import LobbyClient, Status
from ddz_tui.net.client.remote import TableRefused
from ddz_tui.net.errors import ErrorReason
from ddz_tui.net.protocol import MAX_SERVER_MESSAGE, PROTOCOL_VERSION
from tests.support.loopback import crash, running, until


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_nothing_listening() -> None:
    port = free_port()
    with pytest.raises(ServerUnreachable) as error:
        await LobbyClient.connect(f"127.0.0.1:{port}", "ann")
    assert error.value.message == (
        f"nothing is listening at 127.0.0.1:{port}: is the server running there?"
    )


async def test_a_host_that_does_not_resolve(monkeypatch) -> None:
    def no_such_host(*args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_such_host)
    with pytest.raises(BadAddress) as error:
        await LobbyClient.connect("ws://no-such-host.example:7744", "ann")
    assert error.value.message == "cannot find the host no-such-host.example: check the address"


async def test_a_web_server_is_not_a_ddz_server() -> None:
    async def http(reader, writer) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi")
        await writer.drain()
        writer.close()

    web = await asyncio.start_server(http, "127.0.0.1", 0)
    port = web.sockets[0].getsockname()[1]
    with pytest.raises(ServerUnreachable) as error:
        await LobbyClient.connect(f"127.0.0.1:{port}", "ann")
    assert error.value.message == f"127.0.0.1:{port} is not a ddz-tui server"
    web.close()


async def test_another_websocket_service_is_not_a_ddz_server() -> None:
    async def echo(ws) -> None:
        async for message in ws:
            await ws.send(message)

    _, message = await _refusal_from(echo)
    assert "is not a ddz-tui server" in message
    assert "unknown message type 'hello'" in message


async def _refusal_from(handler) -> tuple[int, str]:
    """Serve `handler` on a loopback WebSocket, connect to it; its port and the message
    of the ServerUnreachable the connect must end with (within 10 s)."""
    async with serve(handler, "127.0.0.1", 0) as other:
        port = other.sockets[0].getsockname()[1]
        with pytest.raises(ServerUnreachable) as error:
            await asyncio.wait_for(LobbyClient.connect(f"127.0.0.1:{port}", "ann"), 10)
    return port, error.value.message


@pytest.fixture
def quick_open(monkeypatch) -> float:
    """Waits for a server to answer cut from 5 s to 0.3 s."""
    for module in (dial_module, client_module):
        monkeypatch.setattr(module, "OPEN_TIMEOUT", 0.3)
    return 0.3


async def test_a_server_that_never_answers_the_handshake(quick_open: float) -> None:
    """A peer that takes the connection and reads, saying nothing: the client gives up
    after OPEN_TIMEOUT and says so, instead of waiting for ever."""

    async def silent(reader, writer) -> None:
        await reader.read()  # until the client hangs up

    mute = await asyncio.start_server(silent, "127.0.0.1", 0)
    port = mute.sockets[0].getsockname()[1]
    loop = asyncio.get_running_loop()
    start = loop.time()
    with pytest.raises(ServerUnreachable) as error:
        await asyncio.wait_for(LobbyClient.connect(f"127.0.0.1:{port}", "ann"), 10)
    assert loop.time() - start < 5, "not the default wait: the bound is OPEN_TIMEOUT"
    assert error.value.message == (
        f"no answer from 127.0.0.1:{port}: check the address and any firewall"
    )
    mute.close()


async def test_a_websocket_server_that_never_says_welcome(quick_open: float) -> None:
    async def mute(ws) -> None:
        await ws.wait_closed()

    port, message = await _refusal_from(mute)
    assert message == f"no answer from 127.0.0.1:{port}: check the address and any firewall"


async def test_a_websocket_server_that_hangs_up_before_the_welcome() -> None:
    async def rude(ws) -> None:
        await ws.recv()  # the hello
        await ws.close()

    port, message = await _refusal_from(rude)
    assert message == f"the server at 127.0.0.1:{port} closed the connection before welcoming us"


async def test_a_welcome_past_the_size_bound_is_not_read() -> None:
    """A server's message is bounded in bytes (MAX_SERVER_MESSAGE): one byte more and the
    client drops the connection instead of taking it in."""

    async def flooding(ws) -> None:
        await ws.recv()  # the hello
        await ws.send("x" * (MAX_SERVER_MESSAGE + 1))
        await ws.wait_closed()

    port, message = await _refusal_from(flooding)
    assert message == (
        f"the server at 127.0.0.1:{port} sent a message over the 1 MiB limit:"
        " the connection was closed"
    )


async def test_a_message_past_the_size_bound_ends_the_session() -> None:
    """The same bound after the welcome: the client closes the connection, says why, and
    does not reconnect to be flooded again."""
    welcome = {
        "type": "welcome", "v": PROTOCOL_VERSION, "name": "ann", "token": "abc",
        "server": "ddz-tui 1", "table": None, "seat": None, "turn_seconds": 30,
        "limits": {"max_message": 4096, "rate": 20, "burst": 40},
    }  # fmt: skip

    async def flooding(ws) -> None:
        await ws.recv()  # the hello
        await ws.send(json.dumps(welcome))
        await ws.recv()  # a request: the answer is too big
        await ws.send("x" * (MAX_SERVER_MESSAGE + 1))
        await ws.wait_closed()

    async with serve(flooding, "127.0.0.1", 0) as other:
        port = other.sockets[0].getsockname()[1]
        ann = await LobbyClient.connect(f"127.0.0.1:{port}", "ann", reconnect_for=5)
        heard: list[tuple[Status, str | None]] = []
        ann.on_status(lambda status, message: heard.append((status, message)))
        with pytest.raises(ConnectionLost):
            await asyncio.wait_for(ann.refresh(), 10)
        await until(lambda: ann.status is Status.CLOSED)
    assert heard == [
        (
            Status.CLOSED,
            f"the server at 127.0.0.1:{port} sent a message over the 1 MiB limit:"
            " the connection was closed",
        )
    ]


async def test_another_protocol_version(monkeypatch) -> None:
    ours = client_module.PROTOCOL_VERSION
    monkeypatch.setattr(client_module, "PROTOCOL_VERSION", ours + 1)
    async with running() as server:
        with pytest.raises(VersionMismatch) as error:
            await LobbyClient.connect(server.url, "ann")
    assert f"protocol version {ours}" in error.value.message
    assert f"client {ours + 1}" in error.value.message


async def test_a_taken_name() -> None:
    async with running() as server:
        ann = await LobbyClient.connect(server.url, "ann")
        with pytest.raises(Refused) as error:
            await LobbyClient.connect(server.url, "ann")
        assert error.value.reason == ErrorReason.NAME_TAKEN
        assert error.value.message == "the name ann is taken: choose another"
        await ann.close()


async def test_a_connection_lost_for_good() -> None:
    async with running() as server:
        ann = await LobbyClient.connect(server.url, "ann", reconnect_for=0.5)
        table = await ann.create()
        statuses: list[tuple[Status, str | None]] = []
        ann.on_status(lambda status, message: statuses.append((status, message)))
        server._server.close(close_connections=False)  # no one listens any more
        ann._ws.transport.abort()  # and the network drops the connection
        # the client tries for a while, then gives up and says so
        await until(lambda: ann.status is Status.CLOSED)
    assert statuses[0] == (Status.RECONNECTING, "connection lost: reconnecting…")
    assert statuses[-1][0] is Status.CLOSED
    assert statuses[-1][1].startswith("the connection was lost and could not be resumed:")
    assert "nothing is listening" in statuses[-1][1]
    assert table.state.notice == statuses[-1][1], "the table screen hears it as a notice"
    with pytest.raises(ConnectionLost):
        await ann.refresh()
    with pytest.raises(TableRefused) as refused:
        await table.act(PASS)
    assert refused.value.reason is ErrorReason.NOT_SEATED
    await ann.close()


async def test_a_server_shutting_down_ends_the_session_at_once() -> None:
    async with running() as server:
        ann = await LobbyClient.connect(server.url, "ann")
        await ann.create()
        heard: list[tuple[Status, str | None]] = []
        ann.on_status(lambda status, message: heard.append((status, message)))
        where = server.url.removeprefix("ws://")
    await until(lambda: ann.status is Status.CLOSED)
    assert heard == [(Status.CLOSED, f"the server at {where} was shut down")]
    assert ann.table is None


async def test_replaced_by_a_newer_connection() -> None:
    async with running() as server:
        first = await LobbyClient.connect(server.url, "ann")
        heard: list[tuple[Status, str | None]] = []
        first.on_status(lambda status, message: heard.append((status, message)))
        second = await LobbyClient.connect(server.url, "ann", token=first.token)
        await until(lambda: first.status is Status.CLOSED)
        assert heard == [
            (Status.CLOSED, "you connected again from somewhere else: this session ended")
        ], "no attempt to reconnect and steal the session back"
        assert second.status is Status.CONNECTED
        await second.close()


async def test_back_at_a_restarted_server_the_seat_is_gone_and_the_client_says_so() -> None:
    async with running() as first:
        ann = await LobbyClient.connect(first.url, "ann")
        table = await ann.create()
        heard: list[tuple[Status, str | None]] = []
        ann.on_status(lambda status, message: heard.append((status, message)))
        await crash(first)  # no 1001: the client tries again, with its token
        async with running(port=first.port):
            await until(lambda: ann.status is Status.CONNECTED and len(heard) >= 2)
            notice = "you are no longer at table 1: the server let your seat go (or restarted)"
            assert heard == [
                (Status.RECONNECTING, "connection lost: reconnecting…"),
                (Status.CONNECTED, notice),
            ], "back in the lobby, and told why"
            assert ann.table is None and not table.seated
            assert table.state.notice == notice, "the table screen hears it too"
            assert await ann.refresh() == ()
            await ann.close()


async def test_a_server_shutting_down_tells_every_client_why() -> None:
    async with running() as server:
        ws = await connect(server.url)
        await ws.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION, "name": "ann"}))
        await server.close()
        await asyncio.wait_for(ws.wait_closed(), 5)
        assert (ws.close_code, ws.close_reason) == (1001, "the server is shutting down")

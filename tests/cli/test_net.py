"""`ddz server`, `ddz join`, `ddz host` and `ddz serve-ssh` as a person runs them
(the two that open the game, in a real pseudo-terminal)."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import os
import pty
import signal
import socket
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterator

import pytest
from websockets.asyncio.client import connect

from ddz_tui.bots import make_bot
from ddz_tui.cli import main
from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.net.protocol import PROTOCOL_VERSION
from ddz_tui.records.store import Origin, Store
from ddz_tui.table.timing import DEFAULT_GRACE
from ddz_tui.ui.online import HostRequest, JoinRequest
from tests.support.botclient import BotPlayer
from tests.support.terminal import read_until, wait_draining


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(*args: str, env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "ddz_tui", "--lang", "en", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )


def read_line_with(process: subprocess.Popen, text: str, timeout: float = 20) -> str:
    end = time.monotonic() + timeout
    seen = []
    while time.monotonic() < end:
        line = process.stdout.readline()
        seen.append(line)
        if text in line:
            return line
        if not line and process.poll() is not None:
            break
    raise AssertionError(f"{text!r} never appeared in {''.join(seen)!r}")


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_the_server_says_where_it_listens_serves_keeps_games_and_stops(tmp_path, stop) -> None:
    port = free_port()
    server = start(
        "--data-dir", str(tmp_path), "server", "--port", str(port), "--turn-seconds", "0",
        "--bot-delay", "0",
    )  # fmt: skip
    try:
        read_line_with(server, f"listening on ws://127.0.0.1:{port}")
        read_line_with(server, "only this machine can connect")
        asyncio.run(one_game_against_bots(f"ws://127.0.0.1:{port}"))
        read_line_with(server, "ann connected")
        heard = asyncio.run(hears_it_stop(port, lambda: server.send_signal(stop)))
        assert heard == (1001, "the server is shutting down"), "Ctrl-C and SIGTERM alike"
        assert server.wait(10) == 0
        assert "stopped" in server.stdout.read()
    finally:
        if server.poll() is None:
            server.kill()
    with Store.open(tmp_path / "ddz.sqlite3") as store:
        (kept,) = store.recent_games()
    assert kept.origin is Origin.SERVER and kept.my_seat is None, "the server keeps its games"
    assert kept.names == ("ann", "Bot 2", "Bot 3")


async def one_game_against_bots(url: str) -> None:
    ann = await LobbyClient.connect(url, "ann")
    table = await ann.create()
    await ann.fill("random")
    await BotPlayer(table, make_bot("random", 1)).play(1)
    await ann.close()


async def hears_it_stop(port: int, stop: Callable[[], None]) -> tuple[int, str]:
    """A player connected to the game server at `port` while `stop()` stops it: the
    close code and reason they hear."""
    ws = await connect(f"ws://127.0.0.1:{port}")
    await ws.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION, "name": "zed"}))
    await asyncio.wait_for(ws.recv(), 10)  # the welcome
    stop()
    await asyncio.wait_for(ws.wait_closed(), 10)
    return ws.close_code, ws.close_reason


def test_a_port_in_use_is_one_clear_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = start("server", "--port", str(port))
        out, _ = server.communicate(timeout=20)
    assert server.returncode == 1
    assert f"ddz: cannot listen on 127.0.0.1:{port}:" in out
    assert "Traceback" not in out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["join", "http://x"], "is not a server address"),
        (["join", "localhost", "--name", ""], "a name cannot be empty"),
        (["join", "localhost", "--name", "x" * 20], "at most 16 characters"),
        (["server", "--port", "http"], "a port is a number from 1 to 65535"),
        (["serve-ssh", "--server", "ftp://x"], "--server: ftp://x is not a server address"),
        (["server", "--redis", "http://x"], "--redis: http://x is not a Redis address"),
        (["server", "--redis", "redis://x:port"], "is not a Redis address"),
        (["server", "--advertise", "ws://x:1"], "--advertise: only with --redis"),
        (["server", "--redis", "redis://x", "--advertise", "ftp://x"], "--advertise: "),
    ],
)
def test_bad_input_is_refused_in_one_line(args, says, capsys) -> None:
    exits = args[:3] == ["server", "--port", "http"]  # argparse's own refusal
    with pytest.raises(SystemExit) if exits else contextlib.nullcontext():
        code = main(["--lang", "en", *args])
        assert code == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


@pytest.mark.parametrize("option", ["--max-sessions", "--max-per-address"])
@pytest.mark.parametrize("value", ["0", "-3", "many"])
def test_serve_ssh_limits_are_whole_numbers_of_at_least_one(option, value, capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "en", "serve-ssh", option, value])
    err = capsys.readouterr().err
    assert f"{option}: a whole number of at least 1, not {value}" in err
    assert "Traceback" not in err


def test_join_and_host_need_a_terminal(capsys) -> None:
    assert main(["--lang", "en", "join", "127.0.0.1", "--name", "ann"]) == 2
    assert main(["--lang", "en", "host", "--name", "ann"]) == 2
    assert capsys.readouterr().err.count("the game needs a terminal") == 2


def test_join_and_host_open_the_game_with_what_was_asked(monkeypatch) -> None:
    from ddz_tui.ui.app import DdzApp

    opened = []
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(DdzApp, "run", lambda app: opened.append(app._start))
    assert main(["join", "example.org", "--name", "ann"]) == 0
    assert main(["host", "--port", "7800", "--name", "bob", "--turn-seconds", "0"]) == 0
    join, host = opened
    assert join == JoinRequest("ws://example.org:7744", "ann")
    assert host == HostRequest("bob", 7800, "0.0.0.0", None, DEFAULT_GRACE, None)


def in_a_terminal(*args: str, env: dict) -> tuple[subprocess.Popen, int]:
    """`ddz ARGS` in a pseudo-terminal of 80×24: the process and the terminal's end."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "ddz_tui", "--lang", "en", *args],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env={**env, "TERM": "xterm-256color"},
        close_fds=True,
    )
    os.close(follower)
    return process, leader


def screen_until(fd: int, text: bytes, timeout: float = 60) -> bytes:
    seen = read_until(fd, text, timeout)
    assert text in seen, f"{text!r} never appeared on the screen"
    return seen


def quit_with_ctrl_q(process: subprocess.Popen, fd: int) -> None:
    os.write(fd, b"\x11")
    assert wait_draining(process, fd, 30) == 0


@contextlib.contextmanager
def hosting(tmp_path) -> Iterator[tuple[subprocess.Popen, int, int]]:
    """`ddz host` in a terminal, as ann, on loopback, up and inviting: the process,
    the terminal's end and the port."""
    port = free_port()
    env = {**os.environ, "DDZ_DATA_DIR": str(tmp_path / "data"), "DDZ_CONFIG_DIR": str(tmp_path)}
    process, fd = in_a_terminal(
        "host", "--host", "127.0.0.1", "--port", str(port), "--name", "ann", env=env
    )
    try:
        screen_until(fd, f"Friends join with: ddz join ws://127.0.0.1:{port}".encode())
        yield process, fd, port
    finally:
        if process.poll() is None:
            process.kill()
        os.close(fd)


def test_ddz_host_serves_friends_and_seats_you_at_a_table(tmp_path) -> None:
    with hosting(tmp_path) as (process, fd, port):

        async def a_friend_looks() -> list:
            bob = await LobbyClient.connect(f"127.0.0.1:{port}", "bob")
            for _ in range(100):
                if bob.tables:
                    break
                await asyncio.sleep(0.05)
            await bob.close()
            return [(t.id, [s.name for s in t.seats]) for t in bob.tables]

        assert asyncio.run(a_friend_looks()) == [(1, ["ann", "", ""])]
        quit_with_ctrl_q(process, fd)


def test_ddz_host_stopped_by_sigterm_tells_its_friends_and_exits_cleanly(tmp_path) -> None:
    with hosting(tmp_path) as (process, fd, port):

        async def a_friend_is_there() -> tuple[tuple[int, str], int]:
            exited = asyncio.ensure_future(asyncio.to_thread(wait_draining, process, fd, 30))
            heard = await hears_it_stop(port, lambda: process.send_signal(signal.SIGTERM))
            return heard, await exited

        heard, code = asyncio.run(a_friend_is_there())
        assert heard == (1001, "the server is shutting down")
        assert code == 0


def test_ddz_join_opens_the_lobby(tmp_path) -> None:
    port = free_port()
    server = start("server", "--port", str(port))
    env = {**os.environ, "DDZ_DATA_DIR": str(tmp_path / "data"), "DDZ_CONFIG_DIR": str(tmp_path)}
    try:
        read_line_with(server, "listening")
        process, fd = in_a_terminal("join", f"127.0.0.1:{port}", "--name", "ann", env=env)
        try:
            screen_until(fd, b"you are ann")
            read_line_with(server, "ann connected")
            quit_with_ctrl_q(process, fd)
        finally:
            if process.poll() is None:
                process.kill()
            os.close(fd)
    finally:
        server.kill()
        server.wait()


def test_serve_ssh_without_the_extra_says_how_to_get_it(monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "asyncssh", None)  # as if it were not installed
    assert main(["--lang", "en", "serve-ssh"]) == 2
    said = capsys.readouterr().err
    assert ".venv/bin/pip install '.[sound,ssh]'" in said, "the checkout's command, as README's"
    assert "ddz-tui[ssh]" not in said, "not a package index's"


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_serve_ssh_starts_a_game_server_and_the_door(tmp_path, stop) -> None:
    asyncssh = pytest.importorskip("asyncssh")
    ssh_port, game_port = free_port(), free_port()
    key = tmp_path / "key"
    door = start(
        "serve-ssh",
        "--port",
        str(ssh_port),
        "--game-port",
        str(game_port),
        "--host-key",
        str(key),
        "--max-sessions",
        "9",
        "--max-per-address",
        "2",
        env={**os.environ, "DDZ_DATA_DIR": str(tmp_path)},
    )
    try:
        read_line_with(door, f"ssh -p {ssh_port} NAME@127.0.0.1")
        line = read_line_with(door, "host key SHA256:")
        assert "made now" in line and key.exists()
        read_line_with(door, "at most 9 connections at once, 2 from one address")
        read_line_with(door, f"game server: ws://127.0.0.1:{game_port}")
        fingerprint = line.split()[2]
        assert asyncssh.read_private_key(key).get_fingerprint() == fingerprint
        heard = asyncio.run(hears_it_stop(game_port, lambda: door.send_signal(stop)))
        assert heard == (1001, "the server is shutting down")
        assert door.wait(10) == 0
    finally:
        if door.poll() is None:
            door.kill()


@pytest.mark.parametrize("command", ["server", "serve-ssh"])
def test_no_chat_turns_a_servers_chat_off(command: str) -> None:
    from ddz_tui.cli.command import build_parser
    from ddz_tui.cli.net import _server_config

    parser = build_parser()
    assert _server_config(parser.parse_args([command]), "127.0.0.1", 0).chat
    off = parser.parse_args([command, "--no-chat"])
    assert not _server_config(off, "127.0.0.1", 0).chat


def test_no_chat_turns_a_hosted_servers_chat_off(monkeypatch) -> None:
    import ddz_tui.cli.net as net

    asked = []
    monkeypatch.setattr(net, "open_app", lambda args, request: asked.append(request) or 0)
    assert main(["host", "--name", "ann"]) == 0
    assert main(["host", "--name", "ann", "--no-chat"]) == 0
    assert [request.chat for request in asked] == [True, False]

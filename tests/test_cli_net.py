"""`ddz server`, `ddz join` and `ddz serve-ssh` as a person runs them."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from ddz_tui.cli import main


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


def test_the_server_says_where_it_listens_serves_and_stops_on_ctrl_c(tmp_path) -> None:
    port = free_port()
    server = start("server", "--port", str(port), "--turn-seconds", "0")
    try:
        read_line_with(server, f"listening on ws://127.0.0.1:{port}")
        read_line_with(server, "only this machine can connect")
        join = start("--data-dir", str(tmp_path), "join", f"127.0.0.1:{port}", "--name", "ann")
        read_line_with(join, "you are ann")
        read_line_with(join, "No tables yet")
        read_line_with(server, "ann connected")
        join.send_signal(signal.SIGINT)
        assert join.wait(10) == 130
        server.send_signal(signal.SIGINT)
        assert server.wait(10) == 0
        assert "stopped" in server.stdout.read()
        assert (tmp_path / "sessions.json").exists(), "the session token is kept"
    finally:
        for process in (server,):
            if process.poll() is None:
                process.kill()


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
    ],
)
def test_bad_input_is_refused_in_one_line(args, says, capsys) -> None:
    exits = args[:3] == ["server", "--port", "http"]  # argparse's own refusal
    with pytest.raises(SystemExit) if exits else contextlib.nullcontext():
        code = main(["--lang", "en", *args])
        assert code == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_join_says_when_nothing_listens(capsys) -> None:
    port = free_port()
    assert main(["--lang", "en", "join", f"127.0.0.1:{port}", "--name", "ann"]) == 1
    assert f"nothing is listening at 127.0.0.1:{port}" in capsys.readouterr().out


def test_serve_ssh_without_the_extra_says_how_to_get_it(monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "asyncssh", None)  # as if it were not installed
    assert main(["--lang", "en", "serve-ssh"]) == 2
    assert "pip install 'ddz-tui[ssh]'" in capsys.readouterr().err


def test_serve_ssh_starts_a_game_server_and_the_door(tmp_path) -> None:
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
        env={**os.environ, "DDZ_DATA_DIR": str(tmp_path)},
    )
    try:
        read_line_with(door, f"ssh -p {ssh_port} NAME@127.0.0.1")
        line = read_line_with(door, "host key SHA256:")
        assert "made now" in line and key.exists()
        read_line_with(door, f"game server: ws://127.0.0.1:{game_port}")
        fingerprint = line.split()[2]
        assert asyncssh.read_private_key(key).get_fingerprint() == fingerprint
        door.send_signal(signal.SIGINT)
        assert door.wait(10) == 0
    finally:
        if door.poll() is None:
            door.kill()

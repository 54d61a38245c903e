"""`ddz` with no command opens the app, in a real (pseudo) terminal."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios

from ddz_tui.cli import build_parser, main
from tests.support.terminal import read_until, wait_draining

STARTUP_LIMIT = 60.0  # seconds to wait for the first screen on a loaded machine


def test_without_a_terminal_it_says_so_in_one_line(capsys) -> None:
    assert main(["--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs a terminal" in err


def test_the_options_are_documented() -> None:
    text = build_parser().format_help()
    for option in ("--lang", "--ascii", "--seed"):
        assert option in text


def test_ddz_opens_the_title_and_q_quits(config_dir) -> None:
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "DDZ_CONFIG_DIR": config_dir}
    process = subprocess.Popen(
        [sys.executable, "-m", "ddz_tui", "--lang", "en", "--ascii", "--seed", "3"],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        close_fds=True,
    )
    os.close(follower)
    try:
        screen = read_until(leader, b"Quit", STARTUP_LIMIT)
        assert b"Dou Dizhu" in screen
        os.write(leader, b"q")
        assert wait_draining(process, leader, STARTUP_LIMIT) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(leader)

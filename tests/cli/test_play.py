"""`ddz` with no command opens the app, in a real (pseudo) terminal."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios

import pytest

from ddz_tui.cli import build_parser, main
from ddz_tui.cli.command import parse_arguments
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


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--lang", "zh"],
        ["--seed", "5", "--ascii"],
        ["--rules", "laizi"],
        ["--la", "en"],
        ["--data-dir", "history"],
    ],
)
def test_the_games_options_alone_parse_as_the_whole_parser_has_them(argv) -> None:
    """`ddz` with no command is parsed without the subcommands (a start's own parser)."""
    assert vars(parse_arguments(argv)) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize(
    "argv", [["-h"], ["--help"], ["--lang", "xx"], ["--seed"], ["nosuch"], ["--lang", "en", "-h"]]
)
def test_help_and_mistakes_are_the_whole_parsers_to_say(argv, capsys) -> None:
    with pytest.raises(SystemExit) as whole:
        build_parser().parse_args(argv)
    said = capsys.readouterr()
    with pytest.raises(SystemExit) as alone:
        parse_arguments(argv)
    assert alone.value.code == whole.value.code
    assert capsys.readouterr() == said


def test_a_command_after_the_games_options_is_the_commands() -> None:
    args = parse_arguments(["--lang", "en", "history", "--limit", "3"])
    assert args.limit == 3 and args.handler is not build_parser(commands=False).get_default(
        "handler"
    )


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
        if b"Dou Dizhu" not in screen:  # the menu drawn in a frame before the name's
            screen += read_until(leader, b"Dou Dizhu", STARTUP_LIMIT)
        assert b"Dou Dizhu" in screen
        os.write(leader, b"q")
        assert wait_draining(process, leader, STARTUP_LIMIT) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(leader)

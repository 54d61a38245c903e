"""`ddz history`, `ddz export` and `ddz replay`."""

from __future__ import annotations

import fcntl
import os
import pty
import sqlite3
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.cli import main
from ddz_tui.cli.history import _file_replay
from ddz_tui.engine import Game, LandlordMode, Rules, dumps, loads
from ddz_tui.records.store import SeatRecord, Store
from tests.cli.test_play import STARTUP_LIMIT
from tests.support.terminal import read_until, wait_draining


def _store_with_games(data_dir: Path, n: int) -> list[Game]:
    games = []
    with Store.open(data_dir / "ddz.sqlite3") as store:
        for seed in range(n):
            game = Game(seed)
            play_out(game, [make_bot("random", seed + s) for s in range(3)])
            store.record_game(game.events, [SeatRecord(x) for x in ("Mei", "A", "B")], 0)
            games.append(game)
    return games


def test_history_lists_recent_games(tmp_path: Path, capsys) -> None:
    _store_with_games(tmp_path, 3)
    assert main(["--data-dir", str(tmp_path), "history", "--limit", "2"]) == 0
    out = capsys.readouterr().out
    assert "Your last 2 games" in out and "Mei" in out
    assert "│ 3 │" in out and "│ 1 │" not in out


@pytest.mark.parametrize(("lang", "title"), [("en", "Your last game"), ("zh", "你最近的一局")])
def test_history_of_one_game_says_one_game(tmp_path: Path, capsys, lang: str, title: str) -> None:
    _store_with_games(tmp_path, 2)
    assert main(["--lang", lang, "--data-dir", str(tmp_path), "history", "--limit", "1"]) == 0
    out = capsys.readouterr().out
    assert title in out and "games" not in out and "1局" not in out


def test_history_when_there_is_none(tmp_path: Path, capsys) -> None:
    assert main(["--data-dir", str(tmp_path), "history"]) == 0
    assert "No games kept yet" in capsys.readouterr().out


def test_export_writes_the_record(tmp_path: Path, capsys) -> None:
    games = _store_with_games(tmp_path, 2)
    assert main(["--data-dir", str(tmp_path), "export", "2"]) == 0
    assert loads(capsys.readouterr().out) == list(games[1].events)
    out = tmp_path / "game.jsonl"
    assert main(["--data-dir", str(tmp_path), "export", "1", "-o", str(out)]) == 0
    assert Game.replay(loads(out.read_text())).events == games[0].events


def test_export_of_an_unknown_game(tmp_path: Path, capsys) -> None:
    assert main(["--data-dir", str(tmp_path), "export", "7"]) == 2
    assert "GAME_ID: no game 7 in" in capsys.readouterr().err


def test_a_broken_database_is_one_line(tmp_path: Path, capsys) -> None:
    (tmp_path / "ddz.sqlite3").write_text("nonsense" * 200)
    assert main(["--data-dir", str(tmp_path), "history"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("ddz: history is off:")


def test_replay_of_an_unknown_game_is_one_line(tmp_path: Path, capsys) -> None:
    _store_with_games(tmp_path, 1)
    assert main(["--data-dir", str(tmp_path), "replay", "9"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("ddz: GAME_ID: no game 9 in")


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (None, "No such file or directory"),
        (b"", "not a finished game's record: a record starts with a 'started' event"),
        (b'{"event": "dealt"}\n', "not a finished game's record: line 1: dealt: missing field"),
        (b"\xff\xfe nonsense", "not a game record (not UTF-8 text)"),
        ("unfinished", "not a finished game's record: the record stops before the game is over"),
    ],
)
def test_replay_of_a_file_that_is_not_a_record_is_one_line(
    tmp_path: Path, capsys, content: bytes | str | None, why: str
) -> None:
    path = tmp_path / "game.jsonl"
    if content == "unfinished":
        game = Game(2)
        play_out(game, [make_bot("random", s) for s in range(3)])
        path.write_text(dumps(game.events[:-4]))
    elif content is not None:
        path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"ddz: {path}: ") and why in err[0]


def test_replay_checks_the_record_before_it_needs_a_terminal(tmp_path: Path, capsys) -> None:
    _store_with_games(tmp_path, 1)
    assert main(["--data-dir", str(tmp_path), "replay", "1"]) == 2
    assert "needs a terminal" in capsys.readouterr().err


def test_ddz_replay_file_opens_on_the_replay_in_a_terminal(tmp_path: Path, config_dir) -> None:
    game = Game(4)
    play_out(game, [make_bot("random", s) for s in range(3)])
    path = tmp_path / "game.jsonl"
    path.write_text(dumps(game.events))
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "DDZ_CONFIG_DIR": config_dir}
    command = [sys.executable, "-m", "ddz_tui", "--lang", "en", "replay", str(path)]
    process = subprocess.Popen(
        command, stdin=follower, stdout=follower, stderr=follower, env=env, close_fds=True
    )
    os.close(follower)
    try:
        screen = read_until(leader, b"steps forward", STARTUP_LIMIT)
        assert b"game.jsonl" in screen and b"The deal. First to bid: Seat" in screen
        os.write(leader, b"\x11")  # Ctrl+Q
        assert wait_draining(process, leader, STARTUP_LIMIT) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(leader)


def test_history_shows_names_as_written(tmp_path: Path, capsys) -> None:
    with Store.open(tmp_path / "ddz.sqlite3") as store:
        game = Game(1)
        play_out(game, [make_bot("random", s) for s in range(3)])
        store.record_game(game.events, [SeatRecord(x) for x in ("[/]", "[b]Bo", "C")], 0)
    assert main(["--data-dir", str(tmp_path), "history"]) == 0
    assert "[/], [b]Bo, C" in capsys.readouterr().out


def test_history_never_replays_escape_sequences_a_database_holds(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    """An older version kept whatever names a server sent: they are shown cleaned."""
    monkeypatch.setenv("COLUMNS", "200")  # the names on one line
    _store_with_games(tmp_path, 1)
    db = sqlite3.connect(tmp_path / "ddz.sqlite3", isolation_level=None)
    db.execute("UPDATE seats SET name = ? WHERE seat = 1", ("\x1b]52;c;eA==\x07A\u202e\x9b2J",))
    db.close()
    assert main(["--data-dir", str(tmp_path), "history"]) == 0
    out = capsys.readouterr().out
    assert "Mei, ]52;c;eA==A2J, B" in out
    assert "\x1b]" not in out and "\x9b" not in out and "\u202e" not in out


def test_a_file_name_is_shown_printable(tmp_path: Path, capsys) -> None:
    game = Game(3)
    play_out(game, [make_bot("random", s) for s in range(3)])
    good = tmp_path / "g\x1b]0;x\x07.jsonl"
    good.write_text(dumps(game.events))
    assert _file_replay(str(good)).title == "g]0;x.jsonl"
    bad = tmp_path / "b\x1b[2J.jsonl"
    bad.write_text("{}")
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "b[2J.jsonl: not a finished game's record" in err and "\x1b" not in err


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_history_shows_my_own_stake(tmp_path: Path, capsys, lang: str) -> None:
    """The × column is what the game was worth to me (what the score column says I won
    or lost), not the shared stake: a doubled peasant lost −8 at a shared ×2 (issue 34)."""
    from tests.support.house_play import random_game

    rules = Rules(LandlordMode.GRAB, doubling=True)
    game = next(
        g
        for g in (random_game(seed, rules) for seed in range(200))
        if abs(g.result.scores[0]) != g.result.multiplier.total
    )
    with Store.open(tmp_path / "ddz.sqlite3") as store:
        store.record_game(game.events, [SeatRecord(x) for x in ("Mei", "A", "B")], 0)
    assert main(["--lang", lang, "--data-dir", str(tmp_path), "history"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "Mei" in line)
    cells = [cell.strip() for cell in row.split("│")]
    score = game.result.scores[0]
    assert cells[6:8] == [f"{score:+d}", f"×{abs(score)}"], row

"""`ddz leaderboard`: a server's ladder, asked of the server or read from the history a
server on this machine keeps; a player's own history has none, and says so."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.cli import main
from ddz_tui.engine import Game
from ddz_tui.records.ladder import Identity
from ddz_tui.records.store import Origin, SeatLabel, SeatRecord, Store
from tests.cli.test_net import free_port, read_line_with, start

WHEN = dt.datetime(2026, 11, 23, 12, tzinfo=dt.timezone.utc)
SEATS = [
    SeatRecord("ann", identity=Identity.RANKED),
    SeatRecord("[bold]bob[/bold]\x1b[31m", identity=Identity.GUEST),
    SeatRecord("Bot 3", "hard", SeatLabel.BOT, identity=Identity.BOT),
]


def _served(data_dir: Path, games: int = 2, origin: Origin = Origin.SERVER) -> list[int]:
    """Games kept as `ddz server` keeps them; each seat's total."""
    totals = [0, 0, 0]
    with Store.open(data_dir / "ddz.sqlite3") as store:
        for seed in range(games):
            game = Game(seed)
            play_out(game, [make_bot("random", seed + s) for s in range(3)])
            assert game.result is not None
            store.record_game(game.events, SEATS, None, origin, finished=WHEN)
            totals = [a + b for a, b in zip(totals, game.result.scores, strict=True)]
    return totals


def _row_of(out: str, name: str) -> list[str]:
    line = next(line for line in out.splitlines() if name in line)
    return [cell.strip() for cell in line.split("│") if cell.strip()]


def test_the_ladder_of_the_games_served_here(tmp_path: Path, capsys) -> None:
    totals = _served(tmp_path)
    argv = ["--lang", "en", "--data-dir", str(tmp_path), "leaderboard", "--period", "all"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "All-time ladder" in out and "the games served with this history" in out
    ann = _row_of(out, "ann")
    assert ann[1:4] == ["ann", f"{totals[0]:+d}", "2"] and ann[4].endswith("%")
    bob = _row_of(out, "[bold]bob[/bold]")
    assert bob[1:3] == ["[bold]bob[/bold][31m", "guest"], "markup shown as text, no escape"
    assert "\x1b[31m" not in out
    assert _row_of(out, "Hard")[1:3] == ["Hard", "bot"], "a level in words"
    assert "Ranked: names bound to an SSH key" in out


def test_the_ladder_in_chinese(tmp_path: Path, capsys) -> None:
    _served(tmp_path, 1)
    argv = ["--lang", "zh", "--data-dir", str(tmp_path), "leaderboard", "--period", "all"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "总排行榜" in out and "游客" in out and "电脑" in out and "积分" in out


def test_a_week_without_games_is_an_empty_ladder(tmp_path: Path, capsys) -> None:
    _served(tmp_path, 1)  # on 23 November 2026: not today, whenever the test runs
    argv = ["--lang", "en", "--data-dir", str(tmp_path), "leaderboard", "--period", "day"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Today's ladder" in out and "No games on this ladder yet." in out


@pytest.mark.parametrize("origin", [None, Origin.LOCAL])
def test_a_players_own_history_has_no_ladder_and_says_where_to_look(
    tmp_path: Path, capsys, origin: Origin | None
) -> None:
    if origin is not None:
        _served(tmp_path, 1, origin)  # games against bots here: no ladder of them
    assert main(["--lang", "en", "--data-dir", str(tmp_path), "leaderboard"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "no games played at a server of yours" in out
    assert "ddz leaderboard --server URL" in out and "ddz history" in out


def test_the_ladder_asked_of_a_server(tmp_path: Path, capsys) -> None:
    totals = _served(tmp_path)
    port = free_port()
    server = start("--data-dir", str(tmp_path), "server", "--port", str(port))
    try:
        read_line_with(server, f"listening on ws://127.0.0.1:{port}")
        url = f"127.0.0.1:{port}"
        assert main(["--lang", "en", "leaderboard", "--server", url, "--period", "all"]) == 0
    finally:
        server.kill()
        server.wait(10)
    out = capsys.readouterr().out
    assert "All-time ladder" in out and f"at ws://127.0.0.1:{port}" in out
    assert _row_of(out, "ann")[1:3] == ["ann", f"{totals[0]:+d}"]


def test_no_server_there_is_one_line(capsys) -> None:
    port = free_port()
    assert main(["leaderboard", "--server", f"127.0.0.1:{port}"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("ddz: ") and err.count("\n") == 1

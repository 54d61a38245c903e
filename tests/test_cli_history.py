"""`ddz history` and `ddz export`."""

from __future__ import annotations

from pathlib import Path

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.cli import main
from ddz_tui.engine import Game, loads
from ddz_tui.store import SeatRecord, Store


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

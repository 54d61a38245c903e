"""`ddz review`: the coach's marks as a table, for a kept game or a record file."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddz_tui.bots.coach import chance_text, play_text, review
from ddz_tui.cli import main
from ddz_tui.engine import Rules, dumps
from tests.support.history import seed_history
from tests.support.house_play import played_out

BUDGET = "0.1"  # a dozen deals per decision: enough to mark a random bot's play


def _review(*args: str) -> int:
    return main([*args[:2], "review", *args[2:], "--budget", BUDGET])


def test_review_of_a_kept_game_lists_the_marked_decisions(tmp_path: Path, capsys) -> None:
    games = seed_history(tmp_path, 2)
    assert _review("--data-dir", str(tmp_path), "2") == 0
    out = capsys.readouterr().out
    verdicts = [v for _, v in review(games[1].events, 0, 0, float(BUDGET))]
    marked = [v for v in verdicts if v.marked]
    assert marked, "a random bot's game leaves marks"
    assert f"The coach on your decisions in game 2: {len(marked)} of {len(verdicts)}" in out
    assert "Your play" in out and "Coach's chance" in out
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert len(rows) >= len(marked)
    first = marked[0]
    cells = [c.strip() for c in rows[0].strip("│").split("│")]
    assert cells[:2] == [str(first.decision), str(first.trick)]
    assert cells[3] == chance_text(first.played_chance)
    assert cells[5] == chance_text(first.coach_chance)
    assert play_text(first.played).startswith(cells[2])  # the cell may wrap


def test_review_is_the_same_every_time(tmp_path: Path, capsys) -> None:
    seed_history(tmp_path, 1)
    outs = []
    for _ in range(2):
        assert _review("--data-dir", str(tmp_path), "1") == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1]


def test_review_of_a_record_file_names_the_seat(tmp_path: Path, capsys) -> None:
    game = seed_history(tmp_path, 1)[0]
    record = tmp_path / "game.jsonl"
    record.write_text(dumps(game.events), encoding="utf-8")
    assert _review("--data-dir", str(tmp_path), str(record), "--seat", "2") == 0
    out = capsys.readouterr().out
    assert "Seat 2's decisions in game.jsonl" in out


def test_review_of_an_unknown_game_is_one_line(tmp_path: Path, capsys) -> None:
    seed_history(tmp_path, 1)
    assert _review("--data-dir", str(tmp_path), "7") == 2
    err = capsys.readouterr().err
    assert err.startswith("ddz: GAME_ID: no game 7 in ") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("content", "says"),
    [(b"\xff\xfe", "not UTF-8"), (b'{"event": "nonsense"}\n', "not a finished game's record")],
)
def test_review_of_a_bad_file_is_one_line(tmp_path: Path, capsys, content, says) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content)
    assert _review("--data-dir", str(tmp_path), str(bad)) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


@pytest.mark.parametrize("option", [["--seat", "4"], ["--budget", "0"], ["--budget", "x"]])
def test_review_refuses_a_bad_option(tmp_path: Path, option: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--data-dir", str(tmp_path), "review", "1", *option])
    assert exit_.value.code == 2


def test_review_with_nothing_marked_says_so(tmp_path: Path, capsys, monkeypatch) -> None:
    from ddz_tui.bots import coach

    monkeypatch.setattr(coach, "MARGIN", 2.0)  # no move wins 200 points more often
    seed_history(tmp_path, 1)
    assert _review("--data-dir", str(tmp_path), "1") == 0
    out = capsys.readouterr().out
    assert out.startswith("The coach marks none of your ") and "│" not in out


def test_review_of_a_wildcards_game_says_the_coach_does_not_review_it(
    tmp_path: Path, capsys
) -> None:
    game = played_out(3, Rules(laizi=True))
    record = tmp_path / "wild.jsonl"
    record.write_text(dumps(game.events), encoding="utf-8")
    assert _review("--data-dir", str(tmp_path), str(record)) == 1
    err = capsys.readouterr().err
    assert "the coach does not review games with wildcards (癞子)" in err
    assert err.count("\n") == 1, "one line, no traceback"

"""`ddz rules classify` and `ddz rules beat`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from ddz_tui.cli import main


def test_classify_prints_kind_strength_and_cards(capsys) -> None:
    assert main(["rules", "classify", "333444", "56"]) == 0
    out = capsys.readouterr().out
    assert "seq_trio_single2 (an airplane 3–4 with 2 singles)" in out
    assert "strength: 0 (of 0..10 in its kind)" in out
    assert "33344456" in out


def test_classify_reads_written_cards(capsys) -> None:
    assert main(["rules", "classify", "10♥", "10♠"]) == 0
    assert "pair (a pair of 10s)" in capsys.readouterr().out


def test_classify_not_a_play(capsys) -> None:
    assert main(["rules", "classify", "3345"]) == 1
    assert capsys.readouterr().out.strip() == "3 3 4 5 is not a valid combination"


def test_beat_lists_plays_weakest_first(capsys) -> None:
    assert main(["rules", "beat", "3456789TTJQKA22", "99"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["TT", "22"]
    assert lines[0].endswith("a pair of 10s")


def test_plays_are_written_main_part_first(capsys) -> None:
    assert main(["rules", "classify", "3", "5", "7777"]) == 0
    assert "cards:    357777 (7 7 7 7 3 5)" in capsys.readouterr().out
    assert main(["rules", "beat", "333KKK5", "4443"]) == 0
    assert [line.split()[0] for line in capsys.readouterr().out.splitlines()] == ["KKK3", "KKK5"]


def test_beat_with_nothing_to_play(capsys) -> None:
    assert main(["rules", "beat", "345", "BR"]) == 0
    assert "pass" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rules", "classify", "3x4"], "ddz: cards: unknown card: 'x' in '3x4'"),
        (["rules", "classify", "33333"], "ddz: cards: 5 cards of rank 3: a deck has 4"),
        (["rules", "beat", "345", "34"], "ddz: LAST: 3 4 is not a valid combination"),
        (["rules", "beat", "3?5", "3"], "ddz: HAND: unknown card: '?' in '3?5'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv: list[str], message: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.strip() == message
    assert captured.out == ""


def test_python_dash_m_runs_the_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ddz_tui", "rules", "classify", "BR"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0
    assert "rocket" in result.stdout

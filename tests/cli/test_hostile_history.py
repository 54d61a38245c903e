"""`ddz history` and `ddz replay N` on a history database holding rows no version of
ddz-tui wrote (the hardening issue, hostile rows): a bad row is skipped with one note,
the good games are still listed, and nothing from the file reaches the terminal as an
escape sequence or as Rich markup."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddz_tui.cli import main
from tests.support.history import HOSTILE_ROWS, LINK_NAME, seed_history, spoil


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # a row on one line


@pytest.mark.parametrize("statement", HOSTILE_ROWS.values(), ids=HOSTILE_ROWS.keys())
def test_history_skips_a_row_it_cannot_read_with_one_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], wide: None, statement: str
) -> None:
    seed_history(tmp_path, 3)
    spoil(tmp_path, statement)
    code, out, err = _run(capsys, "--data-dir", str(tmp_path), "history")
    assert code == 0 and err == ""
    assert "│ 3 │" in out and "│ 1 │" in out and "│ 2 │" not in out
    assert out.count("1 game could not be read") == 1
    assert "\x1b" not in out and "\x9b" not in out


@pytest.mark.parametrize("statement", HOSTILE_ROWS.values(), ids=HOSTILE_ROWS.keys())
def test_replay_of_a_row_it_cannot_read_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], statement: str
) -> None:
    seed_history(tmp_path, 3)
    spoil(tmp_path, statement)
    code, out, err = _run(capsys, "--data-dir", str(tmp_path), "replay", "2")
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("ddz: game 2: ")
    assert "could not be read" in err and "\x1b" not in err
    code, _, err = _run(capsys, "--data-dir", str(tmp_path), "replay", "3")
    assert code == 2 and "needs a terminal" in err, "the good games still read"


def test_the_note_is_in_chinese_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], wide: None
) -> None:
    seed_history(tmp_path, 4)
    spoil(tmp_path, *list(HOSTILE_ROWS.values())[:2])
    spoil(tmp_path, "UPDATE games SET side = 'x' WHERE id = 3")
    code, out, _ = _run(capsys, "--lang", "zh", "--data-dir", str(tmp_path), "history")
    assert code == 0 and "2局无法读取" in out and "│ 4 │" in out and "│ 1 │" in out
    _, out, _ = _run(capsys, "--data-dir", str(tmp_path), "history")
    assert "2 games could not be read" in out


def test_nothing_in_the_file_becomes_markup_or_a_hyperlink(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a real terminal Rich writes styles; still no OSC 8 link, and no clear screen."""
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("FORCE_COLOR", "1")  # styles as a terminal gets them
    seed_history(tmp_path, 3)
    spoil(
        tmp_path,
        f"UPDATE seats SET name = '{LINK_NAME}' WHERE game_id = 3 AND seat = 1",
        HOSTILE_ROWS["markup in the multiplier"],
        HOSTILE_ROWS["an escape in the multiplier"].replace("id = 2", "id = 1"),
    )
    code, out, _ = _run(capsys, "--data-dir", str(tmp_path), "history")
    assert code == 0 and LINK_NAME in out
    assert "\x1b]" not in out and "\x1b[2J" not in out
    assert "2 games could not be read" in out


def test_rows_that_still_read_are_listed_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], wide: None
) -> None:
    """Rules nested past Python's recursion limit read as the plain game; a name that is
    not UTF-8, or not text at all, as the text it holds; no game is lost."""
    seed_history(tmp_path, 3)
    spoil(
        tmp_path,
        "UPDATE games SET rules = '" + "[" * 100_000 + "' WHERE id = 2",
        "UPDATE seats SET name = CAST(X'426fff62' AS TEXT) WHERE game_id = 3 AND seat = 1",
        "UPDATE seats SET name = X'1b5b324a4a6f' WHERE game_id = 1 AND seat = 2",
        "UPDATE seats SET bot_level = 3 WHERE game_id = 1 AND seat = 1",
    )
    code, out, err = _run(capsys, "--data-dir", str(tmp_path), "history")
    assert code == 0 and err == "" and "could not be read" not in out
    assert "│ 3 │" in out and "│ 2 │" in out and "Bo\ufffdb" in out
    assert "Mei, Right, [2JJo" in out and "\x1b" not in out


def test_a_record_that_cannot_be_read_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seed_history(tmp_path, 3)
    spoil(
        tmp_path,
        "UPDATE games SET record = '" + "[" * 100_000 + "' WHERE id = 2",
        "UPDATE games SET record = 42 WHERE id = 3",
    )
    for game in ("2", "3"):
        for command in ("replay", "export"):
            code, out, err = _run(capsys, "--data-dir", str(tmp_path), command, game)
            assert code == 1 and out == "" and err.count("\n") == 1, (command, game, err)
            assert err.startswith(f"ddz: game {game}: "), err

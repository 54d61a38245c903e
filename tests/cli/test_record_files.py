"""`ddz replay FILE` and `ddz review FILE` on hostile record files (the hardening issue):
brackets nested past Python's recursion limit, a file or a line far larger than any
record, bytes that are not UTF-8. Each is one line on stderr and status 2, and reading
one never holds more than the cap in memory."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from ddz_tui.cli import main
from ddz_tui.cli.history import LINE_LIMIT, RECORD_LIMIT
from ddz_tui.engine import dumps
from tests.support.history import finished_game

COMMANDS = ("replay", "review")


def _refused(capsys: pytest.CaptureFixture[str], command: str, path: Path) -> str:
    """The one line `ddz COMMAND path` says, having exited with status 2."""
    assert main([command, str(path)]) == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert out == "" and len(lines) == 1 and lines[0].startswith(f"ddz: {path}: "), err
    return lines[0]


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("depth", [100_000, 20_000])
def test_brackets_nested_past_the_recursion_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, depth: int
) -> None:
    """100,000 is longer than a line may be; 20,000 is read, and nests too deep."""
    path = tmp_path / "nested.jsonl"
    path.write_text("[" * depth + "]" * depth + "\n")
    line = _refused(capsys, command, path)
    assert "not a game record" in line


@pytest.mark.parametrize("command", COMMANDS)
def test_a_file_larger_than_any_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    path = tmp_path / "huge.jsonl"
    with path.open("wb") as f:
        f.truncate(RECORD_LIMIT + 1)  # sparse: nothing written to the disk
    assert "larger than 1 MiB" in _refused(capsys, command, path)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_line_longer_than_any_record_has(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    path = tmp_path / "long.jsonl"
    record = dumps(finished_game(1).events)
    path.write_text(record + '{"event": "' + "x" * LINE_LIMIT + '"}\n')
    line_number = record.count("\n") + 1
    assert f"line {line_number} is longer than 64 KiB" in _refused(capsys, command, path)


def test_a_huge_file_is_not_read_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A sparse 64 MiB file (a 200 MB line peaked at 478 MB before): no more than the
    cap is ever held."""
    small = tmp_path / "small.jsonl"
    small.write_text("{}\n")
    _refused(capsys, "replay", small)  # everything the command imports, imported
    path = tmp_path / "huge.jsonl"
    with path.open("wb") as f:
        f.truncate(64 << 20)
    tracemalloc.start()
    try:
        _refused(capsys, "replay", path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 3 * RECORD_LIMIT, f"{peak / 2**20:.1f} MiB"


@pytest.mark.parametrize("command", COMMANDS)
def test_bytes_that_are_not_utf_8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    path = tmp_path / "latin.jsonl"
    record = dumps(finished_game(2).events).encode()
    path.write_bytes(record[:200] + b"\xff\xfe\xc3" + record[200:])
    assert "not UTF-8" in _refused(capsys, command, path)


def test_limits_far_above_a_real_record() -> None:
    """A real record is a few KB, its longest line (the deal) under 300 bytes."""
    record = dumps(finished_game(3).events).encode()
    assert len(record) * 100 < RECORD_LIMIT
    assert max(map(len, record.splitlines())) * 100 < LINE_LIMIT

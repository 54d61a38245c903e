"""History: finished games kept, trouble reported once, play unharmed."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Game
from ddz_tui.records.history import History, with_profile_name
from ddz_tui.records.store import Origin, SeatLabel, SeatRecord, Store, StoreError, _explain

BOTS = [SeatRecord("Ann", "random"), SeatRecord("Bo", "random")]


def finished(seed: int) -> Game:
    game = Game(seed)
    play_out(game, [make_bot("random", seed + s) for s in range(3)])
    return game


class Problems(list):
    """An on_problem that remembers what it was told."""

    def __call__(self, problem: str) -> None:
        self.append(problem)


def test_the_profile_name_is_kept_for_my_seat_only() -> None:
    seats = [SeatRecord("You"), *BOTS]
    assert with_profile_name(seats, 0, "Mei") == [
        SeatRecord("Mei"),
        SeatRecord("Ann", "random"),
        SeatRecord("Bo", "random"),
    ]
    assert with_profile_name(seats, 0, None)[0] == SeatRecord("You")
    assert with_profile_name(seats, None, "Mei")[0] == SeatRecord("You"), "a server plays no seat"
    labelled = [SeatRecord("你", None, SeatLabel.YOU), *BOTS]
    assert with_profile_name(labelled, 0, "Mei")[0] == SeatRecord("Mei"), "a name, not a label"
    assert with_profile_name(labelled, 0, None)[0] == labelled[0]


async def test_a_corrupt_database_turns_history_off_once(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    path.write_bytes(b"not a database at all" * 100)
    problems = Problems()
    history = History(path, on_problem=problems)
    assert not await history.ready()
    assert (
        await history.record(finished(1).events, [SeatRecord("You"), *BOTS], 0, Origin.LOCAL)
        is None
    )
    with pytest.raises(StoreError, match="damaged"):
        await history.call(lambda store: store.stats())
    with pytest.raises(StoreError):
        await history.set_profile_name("Mei")
    assert len(problems) == 1 and problems[0].startswith(f"history is off: {path}: ")
    await history.close()


async def test_a_failed_write_turns_history_off_and_says_so_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "h.sqlite3"
    problems = Problems()
    history = History(path, on_problem=problems)
    seats = [SeatRecord("You"), *BOTS]
    assert await history.record(finished(1).events, seats, 0, Origin.LOCAL) == 1

    def disk_full(*args: object, **kwargs: object) -> int:
        raise _explain(path, sqlite3.OperationalError("database or disk is full"))

    monkeypatch.setattr(Store, "record_game", disk_full)
    both = [history.record(finished(seed).events, seats, 0, Origin.LOCAL) for seed in (2, 3)]
    assert await asyncio.gather(*both) == [None, None]  # both failed, one notice
    assert await history.record(finished(4).events, seats, 0, Origin.LOCAL) is None
    assert problems == [f"history is off: {path}: the disk is full"]
    assert history.problem == problems[0]
    await history.close()
    monkeypatch.undo()
    with Store.open(path) as store:
        assert [g.id for g in store.recent_games()] == [1], "the first game was kept"

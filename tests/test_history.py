"""History: finished games kept from a table, trouble reported once, play unharmed."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Game, Phase
from ddz_tui.history import History, keep_games, seat_records
from ddz_tui.store import Origin, SeatRecord, Store, StoreError, _explain
from ddz_tui.table import SeatInfo, SeatKind, TableHost

BOTS = [SeatInfo("Ann", SeatKind.BOT, "random"), SeatInfo("Bo", SeatKind.BOT, "random")]


def finished(seed: int) -> Game:
    game = Game(seed)
    play_out(game, [make_bot("random", seed + s) for s in range(3)])
    return game


class Problems(list):
    """An on_problem that remembers what it was told."""

    def __call__(self, problem: str) -> None:
        self.append(problem)


def test_seat_records_use_the_profile_name_for_my_seat_only() -> None:
    seats = [SeatInfo("You"), *BOTS]
    assert seat_records(seats, 0, "Mei") == [
        SeatRecord("Mei"),
        SeatRecord("Ann", "random"),
        SeatRecord("Bo", "random"),
    ]
    assert seat_records(seats, 0, None)[0] == SeatRecord("You")
    assert seat_records(seats, None, "Mei")[0] == SeatRecord("You"), "a server plays no seat"


async def test_keep_games_records_every_game_a_host_finishes(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    assert await history.ready()
    await history.set_profile_name("Mei")
    me = SeatInfo("You", level="random", takeover=True)  # a bot plays for us (托管)
    host = TableHost([me, *BOTS], bot_delay=0, seed=4)
    keep_games(host, history, my_seat=0, origin=Origin.LOCAL)
    games = []
    for _ in range(2):
        host.new_game()
        await host.settled()
        assert host.game is not None and host.game.phase is Phase.OVER
        games.append(host.game)
    await history.flush()
    kept = await history.call(lambda store: [store.game(i) for i in (1, 2)])
    assert [k.events for k in kept] == [tuple(g.events) for g in games]
    first = kept[0]
    assert first.summary.my_seat == 0 and first.summary.origin is Origin.LOCAL
    assert first.seats == (
        SeatRecord("Mei"),
        SeatRecord("Ann", "random"),
        SeatRecord("Bo", "random"),
    )
    await host.close()
    await history.close()


async def test_a_corrupt_database_turns_history_off_once(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    path.write_bytes(b"not a database at all" * 100)
    problems = Problems()
    history = History(path, on_problem=problems)
    assert not await history.ready()
    assert (
        await history.record(finished(1).events, [SeatInfo("You"), *BOTS], 0, Origin.LOCAL) is None
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
    seats = [SeatInfo("You"), *BOTS]
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

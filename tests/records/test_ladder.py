"""The server's ladder: points, games and wins per player over a day, a week and all
time, from the games its history keeps, by a clock handed in."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Game
from ddz_tui.records.ladder import Identity, Period, window_start
from ddz_tui.records.store import Origin, SeatLabel, SeatRecord, Store

UTC = dt.timezone.utc
NOW = dt.datetime(2026, 11, 27, 15, 30, tzinfo=UTC)  # a Friday
TODAY = dt.datetime(2026, 11, 27, 0, 5, tzinfo=UTC)
MONDAY = dt.datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
LAST_WEEK = dt.datetime(2026, 11, 22, 23, 59, tzinfo=UTC)  # Sunday

ANN = SeatRecord("ann", identity=Identity.RANKED)
BOB = SeatRecord("bob", identity=Identity.GUEST)
BOT = SeatRecord("Bot 3", "hard", SeatLabel.BOT, identity=Identity.BOT)


def _scores(seed: int) -> tuple[Game, tuple[int, int, int]]:
    game = Game(seed)
    play_out(game, [make_bot("random", seed * 3 + s) for s in range(3)])
    assert game.result is not None
    return game, game.result.scores


def _keep(
    store: Store, seed: int, when: dt.datetime, origin: Origin = Origin.SERVER
) -> tuple[int, int, int]:
    game, scores = _scores(seed)
    store.record_game(game.events, [ANN, BOB, BOT], None, origin, finished=when)
    return scores


def test_windows_open_at_midnight_and_on_monday_in_utc() -> None:
    assert window_start(Period.DAY, NOW) == dt.datetime(2026, 11, 27, tzinfo=UTC)
    assert window_start(Period.WEEK, NOW) == dt.datetime(2026, 11, 23, tzinfo=UTC)
    assert window_start(Period.ALL, NOW) is None
    east = NOW.astimezone(dt.timezone(dt.timedelta(hours=10)))  # 01:30 on Saturday there
    assert window_start(Period.DAY, east) == dt.datetime(2026, 11, 27, tzinfo=UTC)


def test_each_window_counts_its_own_games(tmp_path: Path) -> None:
    with Store.open(tmp_path / "h.sqlite3") as store:
        today = _keep(store, 1, TODAY)
        monday = _keep(store, 2, MONDAY)
        old = _keep(store, 3, LAST_WEEK)
        _keep(store, 4, NOW, Origin.LOCAL)  # a game against bots here: no server's
        for period, counted in (
            (Period.DAY, [today]),
            (Period.WEEK, [today, monday]),
            (Period.ALL, [today, monday, old]),
        ):
            ladder = store.ladder(period, NOW)
            rows = {(row.identity, row.name): row for row in ladder.rows}
            assert set(rows) == {
                (Identity.RANKED, "ann"),
                (Identity.GUEST, "bob"),
                (Identity.BOT, "hard"),
            }, period
            for seat, key in enumerate(((Identity.RANKED, "ann"), (Identity.GUEST, "bob"))):
                row = rows[key]
                assert row.points == sum(s[seat] for s in counted)
                assert row.games == len(counted)
                assert row.wins == sum(s[seat] > 0 for s in counted)
            points = [row.points for row in ladder.rows]
            assert points == sorted(points, reverse=True)
            assert ladder.rows[0].rank == 1


def test_the_top_rows_and_the_askers_own(tmp_path: Path) -> None:
    with Store.open(tmp_path / "h.sqlite3") as store:
        for n in range(6):  # eighteen guests, a game each
            game, _ = _scores(10 + n)
            seats = [SeatRecord(f"p{n}-{s}", identity=Identity.GUEST) for s in range(3)]
            store.record_game(game.events, seats, None, Origin.SERVER, finished=TODAY)
        full = store.ladder(Period.ALL, NOW)
        assert len(full.rows) == 18 and full.you is None
        last = full.rows[-1]
        top = store.ladder(Period.ALL, NOW, limit=5, asker=(last.name, Identity.GUEST))
        assert top.rows == full.rows[:5]
        assert top.you == last, "the asker's own row, beyond the top"
        mine = store.ladder(Period.ALL, NOW, limit=5, asker=(full.rows[0].name, Identity.GUEST))
        assert mine.you is None, "already among the rows"
        ranked = store.ladder(Period.ALL, NOW, limit=5, asker=(last.name, Identity.RANKED))
        assert ranked.you is None, "a guest's row is not the ranked player's of that name"


def test_equal_points_share_a_rank(tmp_path: Path) -> None:
    with Store.open(tmp_path / "h.sqlite3") as store:
        _keep(store, 1, TODAY)
        ladder = store.ladder(Period.ALL, NOW)
        ranks = {row.points: row.rank for row in ladder.rows}
        for row in ladder.rows:
            assert row.rank == 1 + sum(other.points > row.points for other in ladder.rows)
        assert ranks


def test_old_seats_count_as_guests_and_odd_rows_count_nowhere(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with Store.open(path) as store:
        _keep(store, 1, TODAY)
    db = sqlite3.connect(path)
    db.execute("UPDATE seats SET identity = NULL WHERE name = 'ann'")  # kept before version 6
    db.execute("UPDATE seats SET name = 'b\x1b[2Jb' WHERE name = 'bob'")
    db.commit()
    db.close()
    with Store.open(path) as store:
        names = {(row.identity, row.name) for row in store.ladder(Period.ALL, NOW).rows}
    assert (Identity.GUEST, "ann") in names
    assert (Identity.GUEST, "b[2Jb") in names, "made printable as it is read"
    db = sqlite3.connect(path)
    db.execute("UPDATE seats SET score = 'lots' WHERE name = 'ann'")
    db.commit()
    db.close()
    with Store.open(path) as store:
        names = {row.name for row in store.ladder(Period.ALL, NOW).rows}
    assert "ann" not in names

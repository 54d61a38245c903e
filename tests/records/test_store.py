"""The history database: migrations, one transaction per game, trouble as one line."""

from __future__ import annotations

import sqlite3
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Game, LandlordMode, Rules, dumps, parse_rules
from ddz_tui.i18n import Lang, set_language
from ddz_tui.paths import history_file
from ddz_tui.records.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Origin,
    SeatLabel,
    SeatRecord,
    Store,
    StoreError,
)

SEATS = [SeatRecord("Mei"), SeatRecord("Bot A", "random"), SeatRecord("Bot B", "random")]


def _finished(seed: int) -> Game:
    game = Game(seed, LandlordMode.RANDOM if seed % 2 else LandlordMode.BID)
    play_out(game, [make_bot("random", seed * 3 + s) for s in range(3)])
    return game


def test_a_new_database_gets_the_latest_schema_and_wal(tmp_path: Path) -> None:
    with Store.open(tmp_path / "h.sqlite3") as store:
        assert store.schema_version == SCHEMA_VERSION == 6
        assert store.recent_games() == [] and store.stats().games == 0
        assert store.profile_name() is None
    db = sqlite3.connect(tmp_path / "h.sqlite3")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_the_first_schema_is_migrated_and_its_games_kept(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    game = _finished(4)
    db = sqlite3.connect(path, isolation_level=None)
    MIGRATIONS[0](db)
    db.execute("PRAGMA user_version = 1")
    over = game.events[-1]
    db.execute(
        "INSERT INTO games (id, finished, seed, landlord_mode, my_seat, landlord, side,"
        " multiplier, spring, anti_spring, record) VALUES (1, '2026-01-02T03:04:05+00:00',"
        " ?, 'bid', 0, ?, ?, ?, 0, 0, ?)",
        (game.seed, game.landlord, over.side.value, over.multiplier, dumps(game.events)),
    )
    for seat, info in enumerate(SEATS):
        db.execute(
            "INSERT INTO seats VALUES (1, ?, ?, ?, ?)",
            (seat, info.name, info.bot_level, over.scores[seat]),
        )
    db.close()
    with Store.open(path) as store:
        assert store.schema_version == SCHEMA_VERSION
        [summary] = store.recent_games()
        assert summary.origin is Origin.LOCAL and summary.scores == over.scores
        assert summary.rules == Rules(LandlordMode.BID)
        assert store.record(1) == list(game.events)
        bombs = game.multiplier.bombs + game.multiplier.rocket
        assert store.stats().bombs <= bombs  # backfilled from the record, seat 0's share


def _keep_in_v2_schema(db: sqlite3.Connection, game_id: int, game: Game, record: str) -> None:
    """A game kept as the version 2 schema did, before it had a rules column."""
    over = game.events[-1]
    db.execute(
        "INSERT INTO games (id, finished, seed, landlord_mode, my_seat, landlord, side,"
        " multiplier, spring, anti_spring, record, origin) VALUES (?, '2026-01-02T03:04:05+00:00',"
        " ?, ?, 0, ?, ?, ?, 0, 0, ?, 'local')",
        (
            game_id,
            game.seed,
            game.rules.landlord.value,
            game.landlord,
            over.side.value,
            over.multiplier,
            record,
        ),
    )
    for seat, info in enumerate(SEATS):
        db.execute(
            "INSERT INTO seats VALUES (?, ?, ?, ?, ?, 0)",
            (game_id, seat, info.name, info.bot_level, over.scores[seat]),
        )


def test_a_version_2_database_is_migrated_and_its_games_get_their_rules(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite3"
    house = parse_rules("grab,double,show,bomb=3")
    games = [_finished(4), _finished(5)]
    games.append(Game(6, rules=house))
    play_out(games[-1], [make_bot("normal") for _ in range(3)])
    db = sqlite3.connect(path, isolation_level=None)
    MIGRATIONS[0](db)
    MIGRATIONS[1](db)
    db.execute("PRAGMA user_version = 2")
    for game_id, game in enumerate(games, 1):
        _keep_in_v2_schema(db, game_id, game, dumps(game.events))
    _keep_in_v2_schema(db, 4, games[1], "not a record")  # another program broke it
    db.close()
    with Store.open(path) as store:
        assert store.schema_version == SCHEMA_VERSION == 6
        summaries = {s.id: s for s in store.recent_games()}
        assert summaries[1].rules == Rules(LandlordMode.BID)
        assert summaries[2].rules == Rules(LandlordMode.RANDOM)
        assert summaries[3].rules == house
        assert summaries[4].rules == Rules(LandlordMode.RANDOM), "its mode, read from its row"
        assert store.record(3) == list(games[2].events)
        new = store.record_game(games[2].events, SEATS, my_seat=0)
        assert store.game(new).summary.rules == house


def test_every_game_keeps_its_house_rules(tmp_path: Path) -> None:
    with Store.open(tmp_path / "h.sqlite3") as store:
        for spec in ("bid", "random,show=4", "grab,double", "grab,double,show,spring=3"):
            game = Game(3, rules=parse_rules(spec))
            play_out(game, [make_bot("normal") for _ in range(3)])
            game_id = store.record_game(game.events, SEATS, my_seat=1)
            assert store.game(game_id).summary.rules == parse_rules(spec)
            assert store.game(game_id).events == game.events


def test_games_and_stats(tmp_path: Path) -> None:
    with Store.open(tmp_path / "h.sqlite3") as store:
        store.set_profile_name("  Mei ")
        assert store.profile_name() == "Mei"
        games = [_finished(seed) for seed in range(12)]
        ids = [store.record_game(g.events, SEATS, my_seat=0) for g in games]
        store.record_game(games[0].events, SEATS, my_seat=None, origin=Origin.SERVER)
        assert ids == list(range(1, 13))
        recent = store.recent_games(3)
        assert [g.id for g in recent] == [13, 12, 11]
        stats = store.stats()
        mine = [g.result.scores[0] for g in games]
        wins = [(g.landlord == 0) == (g.result.side.value == "landlord") for g in games]
        assert stats.games == 12 and stats.total_score == sum(mine) and stats.wins == sum(wins)
        assert stats.landlord_games + stats.peasant_games == 12
        assert store.score_over_time()[-1] == sum(mine)
        streak = best = 0
        for won in wins:
            streak = streak + 1 if won else 0
            best = max(best, streak)
        assert stats.best_streak == best
        assert store.record(5) == list(games[4].events)
        with pytest.raises(KeyError):
            store.record(99)
        with pytest.raises(ValueError, match="only have printable characters"):
            store.set_profile_name("\x07")


def test_only_a_finished_whole_record_is_kept(tmp_path: Path) -> None:
    with Store.open(tmp_path / "h.sqlite3") as store, pytest.raises(ValueError):
        store.record_game(Game(1).events, SEATS, 0)


def _write_games(args: tuple[str, int]) -> int:
    path, offset = args
    with Store.open(Path(path)) as store:
        for seed in range(offset, offset + 15):
            store.record_game(_finished(seed).events, SEATS, my_seat=0)
    return 15


def test_two_processes_writing_at_once(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    Store.open(path).close()
    with ProcessPoolExecutor(max_workers=2) as pool:
        written = sum(pool.map(_write_games, [(str(path), 0), (str(path), 100)]))
    with Store.open(path) as store:
        assert len(store.recent_games(100)) == written == 30


def test_a_corrupt_file_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError) as error:
        Store.open(path)
    assert str(error.value) == (
        f"history is off: {path}: the file is damaged or not a ddz-tui database"
    )


def test_a_locked_database_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with Store.open(path) as store:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        store._db.execute("PRAGMA busy_timeout = 50")
        with pytest.raises(StoreError, match="locked by another program"):
            store.record_game(_finished(1).events, SEATS, 0)
        other.execute("ROLLBACK")
        assert store.recent_games() == [], "nothing half-written"


def test_a_database_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 9")
    db.close()
    with pytest.raises(StoreError, match="newer ddz-tui") as error:
        Store.open(path)
    assert (
        error.value.phrase.render(Lang.ZH)
        == f"战绩记录已关闭：{path} 由更新版本的ddz-tui写入（结构版本9）"
    )


def test_a_path_that_cannot_be_a_file(tmp_path: Path) -> None:
    (tmp_path / "h.sqlite3").mkdir()
    with pytest.raises(StoreError, match="history is off"):
        Store.open(tmp_path / "h.sqlite3")


def test_where_the_database_lives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DDZ_DATA_DIR", str(tmp_path / "env"))
    assert history_file() == tmp_path / "env" / "ddz.sqlite3"
    assert history_file(tmp_path / "flag") == tmp_path / "flag" / "ddz.sqlite3"
    monkeypatch.delenv("DDZ_DATA_DIR")
    assert history_file().name == "ddz.sqlite3" and "ddz-tui" in str(history_file())


@pytest.mark.parametrize(
    ("exc", "reason"),
    [
        (sqlite3.OperationalError("database or disk is full"), "the disk is full"),
        (OSError(28, "No space left on device"), "the disk is full"),
        (sqlite3.OperationalError("attempt to write a readonly database"), "cannot be written"),
        (sqlite3.OperationalError("unable to open database file"), "cannot be opened"),
        (sqlite3.DatabaseError("database disk image is malformed"), "damaged"),
    ],
)
def test_every_kind_of_trouble_reads_as_one_line(exc: Exception, reason: str) -> None:
    from ddz_tui.records.store import _explain

    message = str(_explain(Path("/x/ddz.sqlite3"), exc))
    assert message.startswith("history is off: /x/ddz.sqlite3: ") and reason in message


def test_a_kept_game_comes_back_whole(tmp_path: Path) -> None:
    game = _finished(6)
    with Store.open(tmp_path / "h.sqlite3") as store:
        game_id = store.record_game(game.events, SEATS, my_seat=1, origin=Origin.CLIENT)
        kept = store.game(game_id)
        with pytest.raises(KeyError):
            store.game(game_id + 1)
    assert kept.events == tuple(game.events) and kept.seats == tuple(SEATS)
    assert kept.summary.my_seat == 1 and kept.summary.origin is Origin.CLIENT


HOSTILE = "\x1b]0;owned\x07m\u202eei\x9b2J"  # a window title, a bidi override, C1 CSI


def _unprintable(texts) -> list[str]:
    return [text for text in texts if text is not None and not text.isprintable()]


def test_names_are_kept_printable(tmp_path: Path) -> None:
    game = _finished(5)
    seats = [SeatRecord(HOSTILE), SeatRecord("Bot", HOSTILE), SeatRecord("\ud800x")]
    with Store.open(tmp_path / "h.sqlite3") as store:
        store.record_game(game.events, seats, my_seat=0, origin=Origin.CLIENT)
    rows = sqlite3.connect(tmp_path / "h.sqlite3").execute("SELECT name, bot_level FROM seats")
    stored = [text for row in rows for text in row]
    assert "]0;ownedmei2J" in stored and "x" in stored and not _unprintable(stored)


def test_names_a_file_already_holds_are_read_back_printable(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with Store.open(path) as store:
        game_id = store.record_game(_finished(6).events, SEATS, my_seat=0)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("UPDATE seats SET name = ?, bot_level = ? WHERE seat = 1", (HOSTILE, HOSTILE))
    db.execute("UPDATE seats SET name = ? WHERE seat = 2", (b"\x1b[2J",))  # not even text
    db.execute("INSERT INTO profile (id, name) VALUES (1, ?)", (HOSTILE,))
    db.close()
    with Store.open(path) as store:
        (summary,) = store.recent_games()
        kept = store.game(game_id)
        profile = store.profile_name()
    seats = [text for seat in kept.seats for text in (seat.name, seat.bot_level)]
    assert summary.names[1] == kept.seats[1].name == profile == "]0;ownedmei2J"
    assert not _unprintable([*summary.names, *seats, profile])


def _version_2_database(path: Path, rows: list[tuple[int | None, list[SeatRecord]]]) -> Game:
    """A database as version 2 wrote it: one game per row (my seat, its seats in words)."""
    game = _finished(4)
    over = game.events[-1]
    db = sqlite3.connect(path, isolation_level=None)
    for step in MIGRATIONS[:2]:
        step(db)
    db.execute("PRAGMA user_version = 2")
    for game_id, (my_seat, seats) in enumerate(rows, 1):
        db.execute(
            "INSERT INTO games (id, finished, seed, landlord_mode, my_seat, landlord, side,"
            " multiplier, spring, anti_spring, record) VALUES (?, '2026-01-02T03:04:05+00:00',"
            " ?, 'bid', ?, ?, ?, ?, 0, 0, ?)",
            (game_id, game.seed, my_seat, game.landlord, over.side.value, over.multiplier,
             dumps(game.events)),
        )  # fmt: skip
        for seat, info in enumerate(seats):
            db.execute(
                "INSERT INTO seats (game_id, seat, name, bot_level, score) VALUES (?, ?, ?, ?, ?)",
                (game_id, seat, info.name, info.bot_level, over.scores[seat]),
            )
    db.close()
    return game


def test_seats_the_game_named_are_shown_in_the_readers_language(tmp_path: Path) -> None:
    """A game played in Chinese, kept among English ones, reads in one language."""
    local = [SeatRecord("", None, SeatLabel.YOU)]
    local += [SeatRecord("", "hard", SeatLabel.RIGHT), SeatRecord("", "easy", SeatLabel.LEFT)]
    served = [SeatRecord("Mei"), SeatRecord("", "easy", SeatLabel.BOT), SeatRecord("Li")]
    with Store.open(tmp_path / "h.sqlite3") as store:
        store.record_game(_finished(1).events, local, my_seat=0)
        store.record_game(_finished(2).events, served, my_seat=None, origin=Origin.SERVER)
        kept = store._db.execute("SELECT name, label FROM seats ORDER BY game_id, seat")
        assert kept.fetchall() == [
            ("", "you"), ("", "right"), ("", "left"), ("Mei", None), ("", "bot"), ("Li", None)
        ]  # fmt: skip
        set_language(Lang.ZH)
        assert [g.names for g in store.recent_games()] == [
            ("Mei", "电脑2", "Li"), ("你", "下家", "上家")
        ]  # fmt: skip
        set_language(Lang.EN)
        assert [g.names for g in store.recent_games()] == [
            ("Mei", "Bot 2", "Li"), ("You", "Right", "Left")
        ]  # fmt: skip
        assert store.game(1).seats[2] == SeatRecord("Left", "easy", SeatLabel.LEFT)


def test_version_2_seats_in_words_become_labels(tmp_path: Path) -> None:
    """The words the game gave a seat, in either language, become labels; a person's
    name stays a name, even one that reads like a label."""
    path = tmp_path / "old.sqlite3"
    chinese = [SeatRecord("你"), SeatRecord("下家", "hard"), SeatRecord("上家", "hard")]
    english = [SeatRecord("Ann"), SeatRecord("Right", "normal"), SeatRecord("Left", "easy")]
    at_a_server = [SeatRecord("Left"), SeatRecord("电脑2", "easy"), SeatRecord("Bot 9", "easy")]
    game = _version_2_database(path, [(0, chinese), (0, english), (None, at_a_server)])
    with Store.open(path) as store:
        assert store.schema_version == SCHEMA_VERSION
        assert [g.names for g in reversed(store.recent_games())] == [
            ("You", "Right", "Left"), ("Ann", "Right", "Left"), ("Left", "Bot 2", "Bot 9")
        ]  # fmt: skip
        labels = store._db.execute("SELECT label FROM seats ORDER BY game_id, seat")
        assert [row[0] for row in labels] == [
            "you", "right", "left", None, "right", "left", None, "bot", None
        ]  # fmt: skip
        assert store.record(1) == list(game.events), "the games themselves are untouched"


def test_a_label_this_version_does_not_know_shows_the_kept_name(tmp_path: Path) -> None:
    with Store.open(tmp_path / "h.sqlite3") as store:
        store.record_game(_finished(1).events, SEATS, my_seat=0)
        store._db.execute("UPDATE seats SET label = 'dealer' WHERE seat = 1")
        assert store.recent_games()[0].names == ("Mei", "Bot A", "Bot B")


def test_a_version_1_database_with_unreadable_records_still_opens(tmp_path: Path) -> None:
    """The migrations read each record for its bombs and its rules, and each seat for its
    label: a record that is not one, or a row of the wrong types, is taken as what can be
    read of it, and the rest of the history is brought up to date."""
    path = tmp_path / "old.sqlite3"
    games = [_finished(seed) for seed in (4, 5, 6)]
    db = sqlite3.connect(path, isolation_level=None)
    MIGRATIONS[0](db)
    db.execute("PRAGMA user_version = 1")
    records: list[str | bytes] = [dumps(games[0].events), "[" * 100_000, b"\xff\x00"]
    for game_id, (game, record) in enumerate(zip(games, records, strict=True), 1):
        over = game.events[-1]
        db.execute(
            "INSERT INTO games (id, finished, seed, landlord_mode, my_seat, landlord, side,"
            " multiplier, spring, anti_spring, record) VALUES (?, '2026-01-02T03:04:05+00:00',"
            " ?, 'bid', ?, ?, ?, ?, 0, 0, ?)",
            (game_id, game.seed, "me" if game_id == 3 else 0, game.landlord, over.side.value,
             over.multiplier, record),
        )  # fmt: skip
        for seat, info in enumerate(SEATS):
            db.execute(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                (game_id, seat, info.name, info.bot_level, over.scores[seat]),
            )
    db.close()
    with Store.open(path) as store:
        assert store.schema_version == SCHEMA_VERSION
        games_read = store.recent_games()
        assert [g.id for g in games_read] == [2, 1] and games_read.skipped == (3,)
        assert games_read[0].rules == Rules(LandlordMode.BID)
        assert store.record(1) == list(games[0].events)
        for unreadable in (2, 3):
            with pytest.raises(ValueError):
                store.record(unreadable)

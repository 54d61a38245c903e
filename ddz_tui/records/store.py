"""Your record: the local profile and every finished game, in SQLite.

One database file in the user data directory (platformdirs; `DDZ_DATA_DIR` or
`--data-dir` override it), in WAL mode so two ddz processes can write at once.
The schema carries its version in `PRAGMA user_version` and is brought up to date
by the migrations below. Each game is written in one transaction. Any trouble with
the file — locked, corrupt, unwritable, a full disk — is a `StoreError` with one
clear line, so the game can go on with history off.
"""

from __future__ import annotations

import datetime as dt
import itertools
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TypeVar

from ddz_tui import paths
from ddz_tui.engine import (
    Event,
    GameOver,
    LandlordChosen,
    LandlordMode,
    Played,
    Rules,
    Side,
    Started,
    dumps,
    loads,
)
from ddz_tui.engine.events import Left, WildDrawn
from ddz_tui.engine.seats import per_seat
from ddz_tui.i18n import Phrase, t
from ddz_tui.records.errors import StoreError
from ddz_tui.records.ladder import LADDER_ROWS, Identity, Ladder, Period, read_ladder
from ddz_tui.records.names import check_name
from ddz_tui.text import printable

FILE_NAME = paths.HISTORY_FILE

T = TypeVar("T")

BUSY_TIMEOUT_MS = 5000
PLAIN_RULES = Rules()


class Origin(str, Enum):
    """Where a game was played: here against bots, at a server's table, or hosting one."""

    LOCAL = "local"
    CLIENT = "client"
    SERVER = "server"


class SeatLabel(str, Enum):
    """A seat the game named itself ("You", "Left", "Bot 3"): kept as this value, not
    in words, and named in the reader's language when shown."""

    YOU = "you"  # the local player, before they set a name
    LEFT = "left"  # the bot on the local player's left (上家)
    RIGHT = "right"  # the bot on their right (下家)
    BOT = "bot"  # a bot a server sat in an empty seat


_LABEL_KEYS = {
    SeatLabel.YOU: "ui.you",
    SeatLabel.LEFT: "ui.seat.left",
    SeatLabel.RIGHT: "ui.seat.right",
}


def seat_name(label: SeatLabel, seat: int) -> str:
    """The words for a labelled seat, in the active language."""
    if label is SeatLabel.BOT:
        return t("net.bot_name", n=seat + 1)
    return t(_LABEL_KEYS[label])


@dataclass(frozen=True)
class SeatRecord:
    """Who sat in a seat of a finished game. With a label, the name is the label's
    words (the store keeps the label alone); without, a name as given."""

    name: str
    bot_level: str | None = None  # None for a person
    label: SeatLabel | None = None
    identity: Identity | None = None  # a server's seat, for its ladder; None elsewhere


@dataclass(frozen=True)
class GameSummary:
    id: int
    finished: dt.datetime
    origin: Origin
    landlord_mode: str
    my_seat: int | None
    landlord: int
    side: Side
    multiplier: int
    scores: tuple[int, int, int]
    names: tuple[str, str, str]
    rules: Rules = PLAIN_RULES  # the house rules the game was played under
    bombs: tuple[int, int, int] = (0, 0, 0)  # bombs and rockets each seat played
    spring: bool = False  # won by a spring or an anti-spring
    left: int | None = None  # the seat that got up mid-game and lost it (逃跑), if any

    @property
    def my_score(self) -> int | None:
        return None if self.my_seat is None else self.scores[self.my_seat]

    @property
    def my_stake(self) -> int:
        """What the game was worth to me, won or lost (my score's size: a doubled
        peasant's stake or the landlord's, both peasants' together); the shared stake
        for a game I only watched."""
        return self.multiplier if self.my_score is None else abs(self.my_score)

    @property
    def i_won(self) -> bool | None:
        if self.my_seat is None:
            return None
        return (self.my_seat == self.landlord) == (self.side is Side.LANDLORD)


class Games(list[GameSummary]):
    """Kept games as read back, and the ids of those whose rows could not be read
    (skipped, so that one bad row costs one game, not the whole history)."""

    def __init__(self, games: Iterable[GameSummary] = (), skipped: Iterable[int] = ()) -> None:
        super().__init__(games)
        self.skipped = tuple(skipped)


class UnreadableGame(ValueError):
    """A kept game whose row holds what no version of the game writes (text where a
    number belongs, a seat out of range, a seat missing); the message says so, in the
    reader's language."""


@dataclass(frozen=True)
class KeptGame:
    """A kept game whole: who sat where, and its event record."""

    summary: GameSummary
    seats: tuple[SeatRecord, SeatRecord, SeatRecord]
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Stats:
    """How the local player has done, over the games where they had a seat."""

    games: int = 0
    wins: int = 0
    landlord_games: int = 0
    landlord_wins: int = 0
    peasant_games: int = 0
    peasant_wins: int = 0
    total_score: int = 0
    bombs: int = 0  # bombs and rockets the player played
    springs: int = 0  # games the player's side won by a spring or an anti-spring
    best_streak: int = 0
    current_streak: int = 0

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def landlord_win_rate(self) -> float | None:
        return self.landlord_wins / self.landlord_games if self.landlord_games else None

    @property
    def peasant_win_rate(self) -> float | None:
        return self.peasant_wins / self.peasant_games if self.peasant_games else None


def unreadable_note(skipped: int) -> str | None:
    """The one line a listing adds when it skipped games it could not read; None when
    it skipped none."""
    if not skipped:
        return None
    return t("history.unreadable_one") if skipped == 1 else t("history.unreadable", n=skipped)


# --- the schema ----------------------------------------------------------------------

_SCHEMA_V1 = """
CREATE TABLE profile (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    name TEXT NOT NULL
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    finished TEXT NOT NULL,
    seed INTEGER NOT NULL,
    landlord_mode TEXT NOT NULL,
    my_seat INTEGER,
    landlord INTEGER NOT NULL,
    side TEXT NOT NULL,
    multiplier INTEGER NOT NULL,
    spring INTEGER NOT NULL,
    anti_spring INTEGER NOT NULL,
    record TEXT NOT NULL
);
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot_level TEXT,
    score INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
"""

_MIGRATE_V2 = """
ALTER TABLE games ADD COLUMN origin TEXT NOT NULL DEFAULT 'local';
ALTER TABLE seats ADD COLUMN bombs INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_finished ON games(finished);
"""
"""Version 2 tells games played at a network table from local ones (origin), and counts
each seat's bombs so statistics need not re-read every record."""


def _events_or_none(record: object) -> list[Event] | None:
    """A kept record's events; None for one that cannot be read (not text, not JSON
    lines, nested past the recursion limit, not events), so that a migration takes it
    as what can be read of it and goes on instead of refusing the whole history."""
    if not isinstance(record, str):
        return None
    try:
        return loads(record)
    except (ValueError, RecursionError):
        return None


def _backfill_bombs(db: sqlite3.Connection) -> None:
    for game_id, record in db.execute("SELECT id, record FROM games").fetchall():
        events = _events_or_none(record)
        if events is None:
            continue  # an unreadable record: its seats keep no bombs
        counts = _bombs_by_seat(events)
        for seat, bombs in enumerate(counts):
            db.execute(
                "UPDATE seats SET bombs = ? WHERE game_id = ? AND seat = ?", (bombs, game_id, seat)
            )


_MIGRATE_V4 = """
ALTER TABLE games ADD COLUMN rules TEXT
"""
"""Version 4 keeps each game's house rules (as `Rules.to_dict` writes them, in JSON) beside
its landlord mode, so a list of games can say how each was played without reading its
record. Games kept before are given theirs from their records' first event."""


def _backfill_rules(db: sqlite3.Connection) -> None:
    rows = db.execute("SELECT id, record, landlord_mode FROM games").fetchall()
    for game_id, record, mode in rows:
        events = _events_or_none(record)
        started = events[0] if events else None  # None: a broken record, the row's mode
        rules = started.rules if isinstance(started, Started) else _rules_of(None, mode)
        db.execute("UPDATE games SET rules = ? WHERE id = ?", (_rules_text(rules), game_id))


def _rules_text(rules: Rules) -> str:
    return json.dumps(rules.to_dict(), separators=(",", ":"), sort_keys=True)


def _rules_of(text: object, mode: object) -> Rules:
    """A game's rules as kept; the plain game with its mode for anything unreadable."""
    try:
        return Rules.from_dict(json.loads(text))  # type: ignore[arg-type]
    except (ValueError, TypeError, RecursionError):
        try:
            return Rules(LandlordMode(mode))
        except (ValueError, TypeError):
            return PLAIN_RULES


def _run(script: str) -> Callable[[sqlite3.Connection], None]:
    """Statements one by one: executescript() would commit the migration's transaction."""

    def apply(db: sqlite3.Connection) -> None:
        for statement in script.split(";"):
            if statement.strip():
                db.execute(statement)

    return apply


def _to_v2(db: sqlite3.Connection) -> None:
    _run(_MIGRATE_V2)(db)
    _backfill_bombs(db)


_V2_WORDS = {
    SeatLabel.YOU: ("You", "你"),
    SeatLabel.LEFT: ("Left", "上家"),
    SeatLabel.RIGHT: ("Right", "下家"),
}
"""The words versions 1 and 2 kept for the seats the game named, in either language
(and "Bot {n}", "电脑{n}" for a server's bots): frozen here, as they were written."""


def _old_label(name: object, seat: object, bot: bool, my_seat: object) -> SeatLabel | None:
    """The label a seat kept in words by version 1 or 2 stands for; None for a name
    (and for a row of the wrong types, which the listing will skip)."""
    if not isinstance(seat, int) or not isinstance(name, str):
        return None
    if not isinstance(my_seat, int) or not 0 <= my_seat <= 2:
        my_seat = None
    if bot and name in (f"Bot {seat + 1}", f"电脑{seat + 1}"):
        return SeatLabel.BOT
    if my_seat is None:
        return None
    place = {0: SeatLabel.YOU, 1: SeatLabel.RIGHT, 2: SeatLabel.LEFT}[(seat - my_seat) % 3]
    a_bot_by_place = place is not SeatLabel.YOU  # the player's own seat is no bot's
    if bot != a_bot_by_place or name not in _V2_WORDS[place]:
        return None
    return place


def _to_v3(db: sqlite3.Connection) -> None:
    """Version 3 keeps the seats the game named as labels, not in the words of the
    language the game was played in."""
    db.execute("ALTER TABLE seats ADD COLUMN label TEXT")
    rows = db.execute(
        "SELECT s.game_id, s.seat, s.name, s.bot_level IS NOT NULL, g.my_seat"
        " FROM seats s JOIN games g ON g.id = s.game_id"
    ).fetchall()
    for game_id, seat, name, bot, my_seat in rows:
        label = _old_label(name, seat, bool(bot), my_seat)
        if label is not None:
            db.execute(
                "UPDATE seats SET label = ?, name = '' WHERE game_id = ? AND seat = ?",
                (label.value, game_id, seat),
            )


def _to_v4(db: sqlite3.Connection) -> None:
    _run(_MIGRATE_V4)(db)
    _backfill_rules(db)


_MIGRATE_V5 = """
ALTER TABLE games ADD COLUMN left_seat INTEGER
"""
"""Version 5 keeps games left mid-way (their records end in `Left`): the seat that got
up, so a list of games can say so without reading records. Every game kept before was
played to the end (NULL)."""


_MIGRATE_V6 = """
ALTER TABLE seats ADD COLUMN identity TEXT
"""
"""Version 6 keeps who a server's seat was (an `Identity`: ranked, guest, bot) for the
server's ladder. Seats kept before say nothing (NULL): a person there counts as a guest."""


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (
    _run(_SCHEMA_V1),
    _to_v2,
    _to_v3,
    _to_v4,
    _run(_MIGRATE_V5),
    _run(_MIGRATE_V6),
)
"""MIGRATIONS[k] takes the schema from version k to version k + 1."""

SCHEMA_VERSION = len(MIGRATIONS)


def _bombs_by_seat(events: Sequence[Event]) -> list[int]:
    from ddz_tui.rules import classify  # the rule table loads with the first game kept
    from ddz_tui.wild import readings

    counts = [0, 0, 0]
    wild = None  # 癞子: a play with wilds is a bomb if it was read as one
    for event in events:
        if isinstance(event, WildDrawn):
            wild = event.rank
        elif isinstance(event, Played) and event.wilds and wild is not None:
            read = [r for r in readings(event.ranks, wild) if r.wilds == event.wilds]
            counts[event.seat] += bool(read) and read[0].is_bomb
        elif isinstance(event, Played):
            combo = classify(event.ranks)
            if combo is not None and combo.is_bomb:
                counts[event.seat] += 1
    return counts


# --- the store -----------------------------------------------------------------------


def _kept(value: object) -> str:
    """A name as kept and shown: printable, whatever an older version or another
    program left in the file (or a server sent): text of another type (a blob, a
    number) is shown as the text it holds, not refused."""
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    return printable(value if isinstance(value, str) else str(value))


def _level(value: object) -> str | None:
    return None if value is None else _kept(value)


def _label(value: object) -> SeatLabel | None:
    """A kept label; None for none, or for one this version does not know."""
    try:
        return None if value is None else SeatLabel(value)
    except ValueError:
        return None


def _seat(seat: int, name: object, level: object, label: object) -> SeatRecord:
    """A kept seat as shown: a label named in the active language, else its name."""
    known = _label(label)
    shown = _kept(name) if known is None else seat_name(known, seat)
    return SeatRecord(shown, _level(level), known)


# --- reading rows back -----------------------------------------------------------------
#
# The file is the user's, and other programs (or older versions, or a hostile hand) may
# have written it: SQLite keeps whatever type it is given, whatever the column says. So
# every value read back is checked here, and a game whose row fails is skipped by the
# listing and refused by `game`, never passed on to code that trusts its types.

Seats = tuple[SeatRecord, SeatRecord, SeatRecord]
_Read = tuple[GameSummary, Seats]  # a game as read back, with its seats

_GAME_COLUMNS = (
    "id, finished, origin, landlord_mode, my_seat, landlord, side, multiplier,"
    " spring, anti_spring, rules, left_seat"
)
_SEAT_COLUMNS = "game_id, seat, name, bot_level, label, score, bombs"


class _Unreadable(Exception):
    """A value read back that no version of the game writes there."""


def _int(value: object, low: int | None = None, high: int | None = None) -> int:
    """A whole number, within [low, high] when given."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Unreadable
    if (low is not None and value < low) or (high is not None and value > high):
        raise _Unreadable
    return value


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise _Unreadable
    return value


def _known(kind: Callable[[str], T], value: object) -> T:
    """One of an enumeration's values (`Origin`, `Side`, `LandlordMode`)."""
    try:
        return kind(_str(value))
    except ValueError:
        raise _Unreadable from None


def _when(value: object) -> dt.datetime:
    """A finishing time as `record_game` writes it (ISO 8601, UTC), one this machine can
    show in local time (a year out of range would fail there)."""
    try:
        when = dt.datetime.fromisoformat(_str(value))
        if when.tzinfo is None:
            when = when.replace(tzinfo=dt.timezone.utc)
        when.astimezone()
    except (ValueError, OverflowError, OSError):
        raise _Unreadable from None
    return when


def _seat_rows(rows: list[tuple]) -> tuple[Seats, tuple[int, int, int], tuple[int, int, int]]:
    """A game's three seats, their scores and their bombs; every seat there once."""
    found: dict[int, tuple[SeatRecord, int, int]] = {}
    for seat, name, level, label, score, bombs in rows:
        number = _int(seat, 0, 2)
        found[number] = (_seat(number, name, level, label), _int(score), _int(bombs, 0))
    if len(found) != 3 or len(rows) != 3:
        raise _Unreadable
    return (
        per_seat(found[s][0] for s in range(3)),
        per_seat(found[s][1] for s in range(3)),
        per_seat(found[s][2] for s in range(3)),
    )


def _game_row(row: tuple, seat_rows: list[tuple]) -> tuple[GameSummary, Seats]:
    """A game's row and its seats' rows, checked; _Unreadable when any value fails."""
    game_id, finished, origin, mode, my_seat, landlord, side, multiplier = row[:8]
    spring, anti_spring, rules, left = row[8:]
    seats, scores, bombs = _seat_rows(seat_rows)
    summary = GameSummary(
        id=_int(game_id),
        finished=_when(finished),
        origin=_known(Origin, origin),
        landlord_mode=_known(LandlordMode, mode).value,
        my_seat=None if my_seat is None else _int(my_seat, 0, 2),
        landlord=_int(landlord, 0, 2),
        side=_known(Side, side),
        multiplier=_int(multiplier, 1),
        scores=scores,
        names=per_seat(seat.name for seat in seats),
        rules=_rules_of(rules, mode),
        bombs=bombs,
        spring=bool(_int(spring, 0, 1) or _int(anti_spring, 0, 1)),
        left=None if left is None else _int(left, 0, 2),
    )
    return summary, seats


def _decoded(data: bytes) -> str:
    """A TEXT value as a str, whatever bytes another program left in it: sqlite3's own
    decoding fails the whole query on one invalid UTF-8 name (and history turns off)."""
    return data.decode("utf-8", "replace")


def _explain(path: Path, exc: Exception) -> StoreError:
    text = str(exc).lower()
    if "locked" in text or "busy" in text:
        reason = Phrase("store.locked")
    elif "not a database" in text or "malformed" in text or "corrupt" in text:
        reason = Phrase("store.corrupt")
    elif "full" in text or (isinstance(exc, OSError) and exc.errno == 28):
        reason = Phrase("store.full")
    elif "readonly" in text or "read-only" in text or isinstance(exc, PermissionError):
        reason = Phrase("store.readonly")
    elif "unable to open" in text or isinstance(exc, OSError):
        reason = Phrase("store.cannot_open")
    else:
        reason = Phrase.as_is(str(exc))
    return StoreError(Phrase("store.error", path=str(path), reason=reason))


class Store:
    """The history database. Open with `Store.open()`; every method may raise StoreError."""

    def __init__(self, path: Path, db: sqlite3.Connection) -> None:
        self.path = path
        self._db = db

    @classmethod
    def open(cls, path: Path | None = None, busy_timeout: float = BUSY_TIMEOUT_MS / 1000) -> Store:
        """Open (creating and migrating as needed) the database at `path`.

        `busy_timeout` is how long to wait for another process's write to finish."""
        path = path or paths.history_file()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise _explain(path, exc) from None
        db.text_factory = _decoded
        store = cls(path, db)
        try:
            with store._errors():
                db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
                db.execute("PRAGMA foreign_keys = ON")
                db.execute("PRAGMA journal_mode = WAL")
                store._migrate()
        except StoreError:
            db.close()
            raise
        return store

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except (sqlite3.Error, OSError) as exc:
            raise _explain(self.path, exc) from None

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE takes the write lock up front, so a busy database waits
        (up to the busy timeout) instead of failing halfway through a game."""
        with self._errors():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(Phrase("store.newer", path=str(self.path), version=version))
        for step in range(version, SCHEMA_VERSION):
            with self._transaction() as db:
                MIGRATIONS[step](db)
                db.execute(f"PRAGMA user_version = {step + 1}")

    @property
    def schema_version(self) -> int:
        with self._errors():
            return self._db.execute("PRAGMA user_version").fetchone()[0]

    # --- the profile ---------------------------------------------------------------

    def profile_name(self) -> str | None:
        with self._errors():
            row = self._db.execute("SELECT name FROM profile WHERE id = 1").fetchone()
        return None if row is None else _kept(row[0])

    def set_profile_name(self, name: str) -> None:
        name = check_name(name)
        with self._transaction() as db:
            db.execute(
                "INSERT INTO profile (id, name) VALUES (1, ?) "
                "ON CONFLICT(id) DO UPDATE SET name = excluded.name",
                (name,),
            )

    # --- games ---------------------------------------------------------------------

    def record_game(
        self,
        events: Sequence[Event],
        seats: Sequence[SeatRecord],
        my_seat: int | None,
        origin: Origin = Origin.LOCAL,
        finished: dt.datetime | None = None,
    ) -> int:
        """Keep a finished game (its full event record) in one transaction; its id. A
        game left mid-way is finished by its `Left`, which scores it."""
        started, over = events[0], events[-1]
        if not isinstance(started, Started) or not isinstance(over, GameOver | Left):
            raise ValueError("only a finished game's whole record can be kept")
        if isinstance(over, Left):
            landlord, left, spring = over.landlord, over.seat, (False, False)
        else:
            chosen = next(e for e in reversed(events) if isinstance(e, LandlordChosen))
            landlord, left, spring = chosen.seat, None, (over.spring, over.anti_spring)
        when = (finished or dt.datetime.now(dt.timezone.utc)).isoformat(timespec="seconds")
        bombs = _bombs_by_seat(events)
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (finished, seed, landlord_mode, my_seat, landlord, side,"
                " multiplier, spring, anti_spring, record, origin, rules, left_seat)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    when,
                    started.seed,
                    started.landlord_mode.value,
                    my_seat,
                    landlord,
                    over.side.value,
                    over.multiplier,
                    *spring,
                    dumps(events),
                    origin.value,
                    _rules_text(started.rules),
                    left,
                ),
            )
            game_id = cursor.lastrowid
            db.executemany(
                "INSERT INTO seats (game_id, seat, name, bot_level, score, bombs, label, identity)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id,
                        seat,
                        "" if info.label else _kept(info.name),
                        _level(info.bot_level),
                        over.scores[seat],
                        bombs[seat],
                        None if info.label is None else info.label.value,
                        None if info.identity is None else info.identity.value,
                    )
                    for seat, info in enumerate(seats)
                ],
            )
        assert game_id is not None
        return game_id

    def recent_games(self, limit: int = 20) -> Games:
        """The latest games first (those that cannot be read skipped, by id)."""
        return self._summaries("ORDER BY id DESC LIMIT ?", (limit,))

    def my_games(self) -> Games:
        """Every game the local player had a seat in, oldest first."""
        return self._summaries("WHERE my_seat IS NOT NULL ORDER BY id", ())

    def _summaries(self, clause: str, params: tuple) -> Games:
        read, skipped = self._read(clause, params)
        return Games((summary for summary, _ in read), skipped)

    def _read(self, clause: str, params: tuple) -> tuple[list[_Read], list[int]]:
        """The games `clause` picks, with their seats, each row checked as it comes back
        (another program may have written the file); the ids of those that fail."""
        with self._errors():
            query = f"SELECT {_GAME_COLUMNS} FROM games {clause}"
            games = self._db.execute(query, params).fetchall()
            seats: dict[object, list[tuple]] = {}
            ids = [row[0] for row in games]
            for start in range(0, len(ids), 500):  # stay under SQLite's parameter limit
                chunk = ids[start : start + 500]
                marks = ",".join("?" * len(chunk))
                for row in self._db.execute(
                    f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id IN ({marks})", chunk
                ):
                    seats.setdefault(row[0], []).append(row[1:])
        read: list[_Read] = []
        skipped: list[int] = []
        for row in games:
            try:
                read.append(_game_row(row, seats.get(row[0], [])))
            except _Unreadable:
                skipped.append(row[0])
        return read, skipped

    def record(self, game_id: int) -> list[Event]:
        """A kept game's event record; KeyError if there is no such game, UnreadableGame
        (a ValueError) if its record cannot be read."""
        with self._errors():
            row = self._db.execute("SELECT record FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(game_id)
        events = _events_or_none(row[0])
        if events is None:
            raise UnreadableGame(t("history.unreadable_record"))
        return events

    def game(self, game_id: int) -> KeptGame:
        """A kept game with its seats and record; KeyError if there is no such game,
        UnreadableGame (a ValueError) if its rows cannot be read."""
        read, skipped = self._read("WHERE id = ?", (game_id,))
        if skipped:
            raise UnreadableGame(t("history.unreadable_game"))
        if not read:
            raise KeyError(game_id)
        summary, seats = read[0]
        return KeptGame(summary, seats, tuple(self.record(game_id)))

    def stats(self, games: Sequence[GameSummary] | None = None) -> Stats:
        """games: `my_games()`, when the caller has read them already. Counted from the
        games as read, so a row that cannot be read counts nowhere."""
        games = self.my_games() if games is None else games
        mine = [g for g in games if g.my_seat is not None]
        wins = streak = best = 0
        as_landlord = [g for g in mine if g.my_seat == g.landlord]
        as_peasant = [g for g in mine if g.my_seat != g.landlord]
        for game in mine:
            streak = streak + 1 if game.i_won else 0
            best = max(best, streak)
            wins += bool(game.i_won)
        return Stats(
            games=len(mine),
            wins=wins,
            landlord_games=len(as_landlord),
            landlord_wins=sum(bool(g.i_won) for g in as_landlord),
            peasant_games=len(as_peasant),
            peasant_wins=sum(bool(g.i_won) for g in as_peasant),
            total_score=sum(g.my_score or 0 for g in mine),
            bombs=sum(g.bombs[g.my_seat] for g in mine if g.my_seat is not None),
            springs=sum(bool(g.spring and g.i_won) for g in mine),
            best_streak=best,
            current_streak=streak,
        )

    def ladder(
        self,
        period: Period,
        now: dt.datetime,
        limit: int = LADDER_ROWS,
        asker: tuple[str, Identity] | None = None,
    ) -> Ladder:
        """The server's ladder over `period` as of `now` (`records.ladder`)."""
        with self._errors():
            return read_ladder(self._db, period, now, limit, asker)

    def score_over_time(self, games: Sequence[GameSummary] | None = None) -> list[int]:
        """The local player's running total after each of their games, oldest first
        (games: `my_games()`, when the caller has read them already)."""
        games = self.my_games() if games is None else games
        return list(itertools.accumulate(game.my_score or 0 for game in games))

"""A game server's ladder: each player's points, games and wins over a day, a week or
all time, read from the games its history keeps (`store`), in one SQL query.

Only games played at the server's tables count (`Origin.SERVER`). A person is one row
per name and identity: a name bound to an SSH key at the server's door is ranked; any
other person is a guest (the server cannot tell them from the next one to take the
name); bots are one row per level. The windows are calendar ones in UTC (a day from
midnight, a week from Monday's), by a clock the caller hands in.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from dataclasses import dataclass
from enum import Enum

from ddz_tui.i18n import EN, t
from ddz_tui.text import printable

LADDER_ROWS = 50  # rows of a ladder at most (the asker's own row comes besides)


class Identity(str, Enum):
    """Who a server's seat was, for its ladder: a name bound to an SSH key at the server's
    own door (ranked: only that key plays under it), a person the server cannot tell
    from anyone else who takes the name (a guest), or a bot."""

    RANKED = "ranked"
    GUEST = "guest"
    BOT = "bot"


class Period(str, Enum):
    DAY = "day"
    WEEK = "week"
    ALL = "all"


@dataclass(frozen=True)
class Standing:
    """One row of a ladder: a person by name, or a bot by its level."""

    rank: int  # 1 is the most points; rows with equal points share a rank
    name: str
    identity: Identity
    points: int
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Ladder:
    period: Period
    rows: tuple[Standing, ...]  # the best first, at most LADDER_ROWS
    you: Standing | None = None  # the asker's own row when it is not among `rows`


LADDER_COLUMNS = (
    "#",
    "history.ladder.player",
    "",
    "history.ladder.points",
    "history.ladder.games",
    "history.ladder.win_rate",
)
"""The ladder's columns, as i18n keys (the rank's and the mark's are no words)."""

_MARKS = {Identity.GUEST: "history.ladder.guest", Identity.BOT: "history.ladder.bot"}


def column_titles() -> tuple[str, ...]:
    return tuple(key if key in ("#", "") else t(key) for key in LADDER_COLUMNS)


def mark(identity: Identity) -> str:
    """A row's mark in the active language: none for a ranked name."""
    key = _MARKS.get(identity)
    return "" if key is None else t(key)


def shown_name(row: Standing) -> str:
    """A person's name as given; a bot's level in the active language ("Normal", "普通")
    when it is one the game names."""
    key = f"ui.level.{row.name}"
    return t(key) if row.identity is Identity.BOT and key in EN else row.name


def standing_cells(row: Standing) -> tuple[str, str, str, str, str, str]:
    """A row as the ladder's columns show it, in the active language."""
    return (
        str(row.rank),
        shown_name(row),
        mark(row.identity),
        f"{row.points:+d}",
        str(row.games),
        f"{round(100 * row.win_rate)}%",
    )


def window_start(period: Period, now: dt.datetime) -> dt.datetime | None:
    """Where a period's window opens (UTC): today's midnight, this Monday's; None for
    all time."""
    now = now.astimezone(dt.timezone.utc)
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if period is Period.DAY:
        return midnight
    if period is Period.WEEK:
        return midnight - dt.timedelta(days=now.weekday())
    return None


# Seats as the ladder counts them: a bot by its level, a person by name and identity
# (a seat kept before identities were: a guest); a score of another type (a file
# another program wrote) counts nowhere. The finishing times are ISO 8601 in UTC as
# `Store.record_game` writes them, so text order is time order.
_LADDER_SQL = """
WITH seat AS (
    SELECT CASE WHEN s.bot_level IS NOT NULL THEN 'bot'
                ELSE COALESCE(s.identity, 'guest') END AS who,
           CAST(COALESCE(s.bot_level, s.name) AS TEXT) AS shown,
           s.score AS score
    FROM seats s JOIN games g ON g.id = s.game_id
    WHERE g.origin = 'server' AND typeof(s.score) = 'integer'
      AND (:since IS NULL OR g.finished >= :since)
),
board AS (
    SELECT who, shown, SUM(score) AS points, COUNT(*) AS games, SUM(score > 0) AS wins
    FROM seat GROUP BY who, shown
),
placed AS (
    SELECT RANK() OVER (ORDER BY points DESC) AS rank,
           ROW_NUMBER() OVER (ORDER BY points DESC, games DESC, shown) AS place,
           who, shown, points, games, wins
    FROM board
)
SELECT rank, place, who, shown, points, games, wins FROM placed
WHERE place <= :limit OR (who = :who AND shown = :name)
ORDER BY place
"""


def read_ladder(
    db: sqlite3.Connection,
    period: Period,
    now: dt.datetime,
    limit: int = LADDER_ROWS,
    asker: tuple[str, Identity] | None = None,
) -> Ladder:
    """The ladder of `period` as of `now`: the top `limit` rows, and the asker's own
    (their name and identity) when it is not among them."""
    since = window_start(period, now)
    name, who = asker if asker is not None else (None, None)
    found = db.execute(
        _LADDER_SQL,
        {
            "since": None if since is None else since.isoformat(timespec="seconds"),
            "limit": limit,
            "who": None if who is None else who.value,
            "name": name,
        },
    ).fetchall()
    rows: list[Standing] = []
    you: Standing | None = None
    for rank, place, kind, shown, points, games, wins in found:
        try:
            identity = Identity(kind)
        except ValueError:
            continue  # an identity this version does not write
        row = Standing(rank, printable(shown), identity, points, games, wins)
        if place <= limit:
            rows.append(row)
        else:
            you = row
    return Ladder(period, tuple(rows), you)

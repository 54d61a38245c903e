"""A history with games in it, the same every time (seeds, seats and finishing times)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Game, LandlordMode
from ddz_tui.records.store import FILE_NAME, SeatRecord, Store

SEATS = (SeatRecord("Mei"), SeatRecord("Right", "random"), SeatRecord("Left", "random"))
START = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.timezone.utc)


def finished_game(seed: int, mode: LandlordMode = LandlordMode.BID) -> Game:
    game = Game(seed, mode)
    play_out(game, [make_bot("random", seed * 3 + seat) for seat in range(3)])
    return game


def seed_history(data_dir: Path, games: int, name: str | None = "Mei") -> list[Game]:
    """`games` finished games kept in the history in `data_dir`, seven minutes apart;
    every third drawn by lot."""
    played = []
    with Store.open(data_dir / FILE_NAME) as store:
        if name:
            store.set_profile_name(name)
        for seed in range(games):
            mode = LandlordMode.RANDOM if seed % 3 == 2 else LandlordMode.BID
            game = finished_game(seed, mode)
            when = START + dt.timedelta(minutes=7 * seed)
            store.record_game(game.events, SEATS, my_seat=0, finished=when)
            played.append(game)
    return played


HOSTILE_ROWS = {
    "a score stored as text": "UPDATE seats SET score = 'lots' WHERE game_id = 2 AND seat = 0",
    "a garbage finishing time": "UPDATE games SET finished = 'yesterday' WHERE id = 2",
    "an unknown origin": "UPDATE games SET origin = 'mars' WHERE id = 2",
    "an unknown side": "UPDATE games SET side = 'nobody' WHERE id = 2",
    "an unknown landlord mode": "UPDATE games SET landlord_mode = 'auction' WHERE id = 2",
    "my seat 7": "UPDATE games SET my_seat = 7 WHERE id = 2",
    "the landlord in seat 9": "UPDATE games SET landlord = 9 WHERE id = 2",
    "a missing seat row": "DELETE FROM seats WHERE game_id = 2 AND seat = 1",
    "a seat row out of range": "UPDATE seats SET seat = 5 WHERE game_id = 2 AND seat = 2",
    "an escape in the multiplier": "UPDATE games SET multiplier = '\x1b[2J' WHERE id = 2",
    "markup in the multiplier": (
        "UPDATE games SET multiplier = '[link=http://x]x[/link]' WHERE id = 2"
    ),
    "a spring stored as text": "UPDATE games SET spring = 'yes' WHERE id = 2",
    "bombs stored as text": "UPDATE seats SET bombs = 'many' WHERE game_id = 2 AND seat = 0",
}
"""Rows another program (or a hostile hand) could leave in the history, each spoiling game
2 of `seed_history(..., 3)`: statements run with sqlite3 directly."""

LINK_NAME = "[link=http://x]bob[/link]"


def spoil(data_dir: Path, *statements: str) -> None:
    """Run `statements` on the history in `data_dir`, past every check the store makes."""
    import sqlite3

    db = sqlite3.connect(data_dir / FILE_NAME, isolation_level=None)
    try:
        for statement in statements:
            db.execute(statement)
    finally:
        db.close()

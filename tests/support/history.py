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

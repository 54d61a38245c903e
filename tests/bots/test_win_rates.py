"""The script that fits `answers`' win-rate tables: generated games, a fit that finds
the odds it is given, the same numbers for the same seed."""

from __future__ import annotations

import math
import random

from ddz_tui.bots import answers
from ddz_tui.bots.lab import win_rates


def test_the_games_give_a_row_per_seat_for_each_table() -> None:
    rows = win_rates.games(30, seed=2)
    assert len(rows["landlord17"]) == len(rows["landlord20"]) == 30
    assert len(rows["peasant17"]) == 60
    width = len(answers.features(0)) + 1
    assert all(len(x) == width for table in rows.values() for x, _ in table)
    assert rows == win_rates.games(30, seed=2)
    for (_, won), peasant in zip(rows["landlord20"], rows["peasant17"][::2], strict=True):
        assert peasant[1] is not won  # the peasants win when the landlord loses


def test_the_fit_finds_the_odds_it_was_given() -> None:
    rng = random.Random(1)
    rows = []
    for _ in range(3000):
        x = (1.0, float(rng.randrange(3)), rng.random())
        p = 1 / (1 + math.exp(-(-1.0 + 0.8 * x[1] + 1.5 * x[2])))
        rows.append((x, rng.random() < p))
    weights = win_rates.fit(rows, ridge=0.01)
    assert all(abs(w - t) < 0.25 for w, t in zip(weights, (-1.0, 0.8, 1.5), strict=True))

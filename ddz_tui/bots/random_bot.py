"""The random bot: any legal play or pass, any legal bid, yes or no at
random to calling, grabbing, showing and doubling. A baseline and a test load."""

from __future__ import annotations

import random

from ddz_tui.bots.laizi import random_wild
from ddz_tui.engine import PlayerView
from ddz_tui.rules import Combo
from ddz_tui.wild import Reading


class RandomBot:
    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Combo | None:
        plays = view.legal_plays
        if view.leads:
            return self._rng.choice(plays)
        pick = self._rng.randrange(len(plays) + 1)
        return None if pick == len(plays) else plays[pick]

    def choose_wild(self, view: PlayerView) -> Reading | None:
        return random_wild(view, self._rng)

    def bid(self, view: PlayerView) -> int:
        return self._rng.choice(view.legal_bids)

    def answer(self, view: PlayerView) -> bool:
        return self._rng.random() < 0.5

    def super_double(self, view: PlayerView) -> bool:
        return self._rng.random() < 0.5

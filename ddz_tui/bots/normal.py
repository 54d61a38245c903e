"""The normal bot: plans its hand and plays as a team (see `policy`), and minds an
opponent's shown hand (`shown`)."""

from __future__ import annotations

from ddz_tui.bots import answers, policy, shown
from ddz_tui.bots.laizi import planned_wild
from ddz_tui.bots.situation import Situation
from ddz_tui.engine import PlayerView
from ddz_tui.moves import pack
from ddz_tui.rules import Combo
from ddz_tui.wild import Reading


class NormalBot:
    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # the normal bot decides by rule; the seed is accepted for the API

    def choose(self, view: PlayerView) -> Combo | None:
        """Its policy's play, checked against an opponent's shown hand (`shown.guard`)."""
        return shown.guard(view, policy.choose(Situation.of(view)))

    def choose_wild(self, view: PlayerView) -> Reading | None:
        """Under 癞子: its policy on the hand with the wilds placed where they plan best
        (`bots.laizi.planned_wild`)."""
        return planned_wild(view)

    def bid(self, view: PlayerView) -> int:
        return policy.bid(pack(view.hand_ranks), view.legal_bids)

    def answer(self, view: PlayerView) -> bool:
        return answers.answer(view)

    def super_double(self, view: PlayerView) -> bool:
        return answers.super_doubles(view)

"""Opponent styles for the arena: bots that play otherwise than the normal bot on purpose.

The hard bot's guesses weight the hidden deals by how likely the normal policy would
have made the plays seen (`bots.sampling`), so its margin over the normal bot may owe
something to that model. These styles measure it against opponents the model is
wrong about (`ddz arena hard aggressive`, figures in docs/bots.md, "Opponent styles"):

- **aggressive** leads the biggest group of its plan first (its longest chains and
  airplanes), follows an opponent whenever it can with the cheapest play that beats,
  bombs as soon as only a bomb beats the trick, and bids, calls, grabs, doubles and
  shows on weaker hands than the normal bot;
- **cautious** leads its lowest single or pair, follows an opponent only with a whole
  group of its plan (a play that keeps its plan) or to stop one who may go out next
  (the normal bot's stop, `policy.stop_going_out`, without bombs), holds its bombs and
  the rocket until an opponent is down to `HOLD_UNTIL` cards, always lets its
  partner's trick stand, and bids, calls, grabs and doubles only strong hands (never
  shows).

Both go out whenever one play empties the hand, and decide by rule: the same view
always gets the same play (the seed is accepted for `make_bot`'s API). They are lab
opponents, not table bots: `ddz arena` and `ddz simulate` name them (`player_of`), the
app's levels (`bots.Level`) do not. Under 癞子 both play as the normal bot does
(`planned_wild`): their styles are written for the plain game.
"""

from __future__ import annotations

from enum import Enum

from ddz_tui.bots import Bot, Level, answers, make_bot
from ddz_tui.bots.laizi import planned_wild
from ddz_tui.bots.packed import going_out, plays_of, whole_hand_play
from ddz_tui.bots.plan import group_cards, group_value, plan_of
from ddz_tui.bots.policy import hand_strength, stop_going_out
from ddz_tui.bots.situation import Situation
from ddz_tui.engine import YES_OR_NO, Decision, PlayerView
from ddz_tui.moves import pack
from ddz_tui.rules import Combo, Kind
from ddz_tui.wild import Reading

__all__ = ["Player", "Style", "make_player", "player_of"]


class Style(str, Enum):
    """The lab's opponent styles; the values are what `ddz arena` and `ddz simulate`
    accept beside the levels."""

    AGGRESSIVE = "aggressive"
    CAUTIOUS = "cautious"


Player = Level | Style
"""Who plays a seat in the lab: a table level or a lab style."""

HOLD_UNTIL = 2
"""The cautious style keeps its bombs and the rocket until an opponent holds this many
cards or fewer."""


def player_of(name: str) -> Player:
    """The level or style a name means; ValueError naming every choice otherwise."""
    for kind in (Level, Style):
        try:
            return kind(name)
        except ValueError:
            continue
    names = ", ".join(p.value for p in (*Level, *Style))
    raise ValueError(f"unknown bot level {name!r}: choose from {names}")


def make_player(player: Player | str, seed: int | None = None, **options: object) -> Bot:
    """A bot for a level (`make_bot`, with its options) or a style (which takes none)."""
    if isinstance(player, str) and not isinstance(player, (Level, Style)):
        player = player_of(player)
    if isinstance(player, Level):
        return make_bot(player, seed, **options)
    if options:
        raise TypeError(f"the {player.value} style takes no options: {sorted(options)}")
    return AggressiveBot(seed) if player is Style.AGGRESSIVE else CautiousBot(seed)


# --- shared ----------------------------------------------------------------------------


class _Style:
    """What both styles share: going out, answering by win-rate thresholds of their own,
    and 癞子 as the normal bot."""

    CALL_RATE = answers.CALL_RATE
    """Calling and grabbing: at this estimated landlord win rate or more."""
    DOUBLE_RATE = 0.5 + answers.DOUBLE_MARGIN
    """Doubling: at this estimated win rate of its side or more."""
    SUPER_RATE = 0.5 + answers.SUPER_MARGIN
    """A super double: at this rate or more."""
    SHOW_RATE = 2.0
    """Showing the 20 cards: at this estimated landlord win rate or more (never: 2)."""
    SHOW_START_AT = 99.0
    """Showing before the bidding: at this hand strength or more (never: 99)."""
    BID_AT = (0.5, 3.0, 6.0)
    """Hand strength (`policy.hand_strength`) needed to bid 1, 2 and 3."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # decides by rule; the seed is accepted for the API

    def choose(self, view: PlayerView) -> Combo | None:
        s = Situation.of(view)
        if s.to_beat is None:
            return whole_hand_play(s.hand) or self.lead(s)
        plays = plays_of(s.hand, s.to_beat)
        if not plays:
            return None
        if (out := going_out(s.hand, plays)) is not None:
            return out
        return self.follow(s, plays)

    def lead(self, s: Situation) -> Combo:
        raise NotImplementedError

    def follow(self, s: Situation, plays: tuple[Combo, ...]) -> Combo | None:
        raise NotImplementedError

    def choose_wild(self, view: PlayerView) -> Reading | None:
        return planned_wild(view)

    def bid(self, view: PlayerView) -> int:
        strength = hand_strength(pack(view.hand_ranks))
        wanted = sum(strength >= at for at in self.BID_AT)
        return max((b for b in view.legal_bids if 0 < b <= wanted), default=0)

    def answer(self, view: PlayerView) -> bool:
        decision = view.decision
        if decision not in YES_OR_NO:
            raise ValueError(f"not a yes-or-no decision: {decision}")
        hand = pack(view.hand_ranks)
        if decision in (Decision.CALL, Decision.GRAB):
            return answers.landlord_rate(view, hand) >= self.CALL_RATE
        if decision is Decision.SHOW:
            return answers.landlord20_rate(view, hand) >= self.SHOW_RATE
        if decision is Decision.SHOW_START:
            return hand_strength(hand) >= self.SHOW_START_AT
        return answers.double_rate(view, hand) >= self.DOUBLE_RATE

    def super_double(self, view: PlayerView) -> bool:
        return answers.double_rate(view, pack(view.hand_ranks)) >= self.SUPER_RATE


def _plain_groups(s: Situation) -> list[Combo]:
    """The plan's groups that are not bombs (all of them if it is only bombs)."""
    groups = plan_of(s.hand).groups
    return [g for g in groups if not g.is_bomb] or list(groups)


def _answerable_by(s: Situation, groups: list[Combo]) -> list[Combo]:
    """Groups no opponent with one card can answer: not singles where one holds a
    single card (the one caution both styles keep); all of them if none is left."""
    if min(s.left[o] for o in s.opponents) > 1:
        return groups
    return [g for g in groups if g.kind is not Kind.SINGLE] or groups


# --- aggressive ------------------------------------------------------------------------


class AggressiveBot(_Style):
    """Big plays first, follows and bombs at every chance, bids light (module doc)."""

    CALL_RATE = 0.35
    DOUBLE_RATE = 0.45
    SUPER_RATE = 0.55
    SHOW_RATE = 0.75
    SHOW_START_AT = 7.0
    BID_AT = (-2.5, 0.0, 3.0)

    def lead(self, s: Situation) -> Combo:
        """The biggest group of the plan (a chain or an airplane over other groups of
        as many cards), the lowest of those."""
        groups = _answerable_by(s, _plain_groups(s))
        return max(groups, key=lambda g: (g.size, g.kind.chain_length > 1, -g.level))

    def follow(self, s: Situation, plays: tuple[Combo, ...]) -> Combo | None:
        """Over an opponent, the cheapest play that beats, else at once the weakest bomb
        (or the rocket); a partner's trick it leaves alone."""
        if s.by_partner:
            return None
        ordinary = [p for p in plays if not p.is_bomb]
        return ordinary[0] if ordinary else plays[0]


# --- cautious --------------------------------------------------------------------------


class CautiousBot(_Style):
    """Low singles and pairs, keeps its plan and its bombs, never over its partner,
    bids only strong hands (module doc)."""

    CALL_RATE = 0.65
    DOUBLE_RATE = 0.7
    SUPER_RATE = 2.0
    BID_AT = (4.0, 7.0, 10.0)

    def lead(self, s: Situation) -> Combo:
        """Its lowest single or pair of the plan, else its weakest other group."""
        groups = _answerable_by(s, _plain_groups(s))
        small = [g for g in groups if g.kind in (Kind.SINGLE, Kind.PAIR)]
        if small:
            return min(small, key=lambda g: (g.level, -g.size))
        return min(groups, key=group_value)

    def follow(self, s: Situation, plays: tuple[Combo, ...]) -> Combo | None:
        """A partner's trick stands. Over an opponent: the normal bot's stop of one who
        may go out next, if it is no bomb; else the cheapest play that is a whole group
        of its plan; once an opponent is at `HOLD_UNTIL` cards or fewer, any play (the
        highest single), and bombs."""
        if s.by_partner:
            return None
        ordinary = [p for p in plays if not p.is_bomb]
        if min(s.left[o] for o in s.opponents) <= HOLD_UNTIL:
            if ordinary:
                return ordinary[-1] if s.to_beat and s.to_beat.kind is Kind.SINGLE else ordinary[0]
            return plays[0]
        stop = stop_going_out(s, ordinary)
        if stop is not None:
            return stop
        groups = group_cards(s.hand)
        return next((p for p in ordinary if p.cards in groups), None)

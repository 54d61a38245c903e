"""Playing against a shown hand (明牌): the normal bot's check of its policy's choice.

Once an opponent's hand is shown, the view holds it (`PlayerView.shown_hands`), and the
third hand is known too (the cards unseen less the shown ones). The policy plays from
counts and the cards unseen; this looks at the shown hand itself: a choice that lets it
go out next (over the play, or after winning the trick with one play that neither
other hand can beat and then its last cards as one play; or a pass on its own play when
the rest of its hand is one play) is replaced by the weakest legal play that does not,
a plain play before a bomb. A choice that empties this seat's hand is kept.
"""

from __future__ import annotations

from ddz_tui.bots.packed import KEY_OF, plays_of, whole_hand_play
from ddz_tui.bots.plan import plan_of
from ddz_tui.bots.policy import lead_order
from ddz_tui.cards import ranks_of
from ddz_tui.engine import PlayerView
from ddz_tui.moves import pack
from ddz_tui.rules import Combo


def shown_opponents(view: PlayerView) -> list[tuple[int, int]]:
    """Each opponent whose hand is shown, as (seat, its cards now, packed)."""
    out = []
    for seat in view.opponents:
        shown = view.shown_hands[seat]
        if shown:
            out.append((seat, pack(ranks_of(shown))))
    return out


def guard(view: PlayerView, chosen: Combo | None) -> Combo | None:
    """`chosen` (the policy's play, None for a pass), unless it lets a shown opponent
    go out next: then the weakest legal play that does not (when leading, the plan's
    weakest such group first), if there is one."""
    shown = shown_opponents(view)
    if not shown:
        return chosen
    hand = pack(view.hand_ranks)
    if chosen is not None and KEY_OF[chosen.cards] == hand:
        return chosen  # this seat goes out
    unseen = pack(view.unseen)
    if not any(_lets_out(view, hand, unseen, seat, cards, chosen) for seat, cards in shown):
        return chosen

    def safe(play: Combo | None) -> bool:
        return not any(_lets_out(view, hand, unseen, seat, cards, play) for seat, cards in shown)

    if view.leads:
        groups = [g for g in plan_of(hand).groups if safe(g)]
        plain = [g for g in groups if not g.is_bomb]
        if plain or groups:
            return min(plain or groups, key=lead_order)
    plays = [p for p in view.legal_plays if safe(p)]
    plain = [p for p in plays if not p.is_bomb]
    if plain:
        return plain[0]
    if chosen is not None and not view.leads and safe(None):
        return None
    return plays[0] if plays else chosen


def _lets_out(
    view: PlayerView, hand: int, unseen: int, seat: int, cards: int, play: Combo | None
) -> bool:
    """Might the shown hand at `seat` (`cards`) go out next after this seat plays `play`
    (None: passes)? The third hand is the cards unseen less the shown ones."""
    third = unseen - cards
    if play is None:
        to_beat = view.to_beat
        assert to_beat is not None
        last = view.last_play
        if last is not None and last[0] == seat:  # its own play: it leads next
            return whole_hand_play(cards) is not None and not plays_of(third, to_beat)
        return _out_over(cards, to_beat, (hand, third))
    return _out_over(cards, play, (hand - KEY_OF[play.cards], third))


def _out_over(cards: int, play: Combo, others: tuple[int, int]) -> bool:
    """Can `cards` go out over `play`: at once, or with a play neither of `others` can
    beat and then the rest of its cards as one play?"""
    for answer in plays_of(cards, play):
        rest = cards - KEY_OF[answer.cards]
        if not rest:
            return True
        if whole_hand_play(rest) is not None and not any(plays_of(h, answer) for h in others):
            return True
    return False

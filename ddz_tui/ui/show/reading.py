"""Reading a PlayerView for display: what lies on the table in front of each seat.

Nothing here decides a rule; it only arranges what the view already says.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ddz_tui.cards import Card
from ddz_tui.engine import Decision, PlayerView, Side
from ddz_tui.engine.trick import Trick, tricks, tricks_of_readings
from ddz_tui.engine.view import cards_for
from ddz_tui.rules import main_first, play_order
from ddz_tui.wild import Reading


@dataclass(frozen=True)
class Shown:
    """One seat's latest action in the current trick (or bid, while bidding)."""

    cards: tuple[Card, ...] = ()  # empty for a pass
    bid: int | None = None  # set for a bid (0 = pass)
    to_beat: bool = False  # the play the next player must beat
    stands: tuple[str, ...] = ()  # 癞子: what each card stands for, "" for a natural one

    @property
    def passed(self) -> bool:
        return not self.cards and self.bid in (None, 0)


def on_table(view: PlayerView) -> dict[int, Shown]:
    """Each seat's latest action in the trick being played, or the bids before the
    first play. After two passes the finished trick stays until the next lead.
    A play's cards are in `play_order`: main part first, kickers after."""
    if not view.history:
        return {seat: Shown(bid=bid) for seat, bid in view.bids}
    after = list(_tricks(view))
    # the trick in play began after the last entry that ended one: only its plays are
    # laid out (each is read for its main part), not the whole game's again
    start = next((i + 1 for i in range(len(after) - 2, -1, -1) if after[i].ended), 0)
    plays = _history_cards(view)
    shown: dict[int, Shown] = {}
    for index in range(start, len(after)):
        laid, stands = laid_out(plays[index], view.readings[index] if view.readings else None)
        shown[view.history[index][0]] = Shown(cards=laid, stands=stands)
    last = after[-1].last_play
    if last is not None:
        shown[last[0]] = replace(shown[last[0]], to_beat=True)
    return shown


def _tricks(view: PlayerView) -> Iterable[Trick]:
    """The trick after each entry of the history, by the engine's rule: under 癞子 each
    play as it was read (a play holding wilds may be no play of the classic game)."""
    if view.wild is None:
        return tricks(view.history)
    return tricks_of_readings(zip((seat for seat, _ in view.history), view.readings, strict=True))


def laid_out(
    cards: Sequence[Card], reading: Reading | None
) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """A play's cards as players lay it down (`play_order`: main part first), and under
    癞子, for a play holding wilds, each wild put where the rank it stands for goes, with
    that rank beside it ("" for a natural card): `7 7 7 9(癞)` read as a bomb of 7s is
    laid out as 7 7 7 and the 9 standing for a 7."""
    if not cards:
        return (), ()
    if reading is None or not reading.wild_count:
        return play_order(cards), ()
    wild = reading.wild_rank
    naturals = sorted(card for card in cards if card.rank != wild)
    wilds = sorted(card for card in cards if card.rank == wild)
    laid: list[Card] = []
    stands: list[str] = []
    for rank in main_first(reading.combo):
        natural = next((card for card in naturals if card.rank == rank), None)
        if natural is not None:
            naturals.remove(natural)
            laid.append(natural)
            stands.append("")
        elif wilds:
            laid.append(wilds.pop(0))
            stands.append(rank)
    return tuple(laid), tuple(stands)


def last_trick(view: PlayerView) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """The last trick that two passes ended: each seat's play (in `play_order`) or
    pass (no cards), in order from its lead; () while no trick has ended yet."""
    finished: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    trick: list[tuple[int, tuple[Card, ...]]] = []
    cards_of = _history_cards(view)
    for index, ((seat, _), cards, after) in enumerate(
        zip(view.history, cards_of, _tricks(view), strict=True)
    ):
        trick.append((seat, laid_out(cards, view.readings[index] if view.readings else None)[0]))
        if after.ended:
            finished, trick = tuple(trick), []
    return finished


def _history_cards(view: PlayerView) -> Sequence[tuple[Card, ...]]:
    """The cards of each play: the real ones when the view has them, else by rank."""
    if len(view.history_cards) == len(view.history):
        return view.history_cards
    return [cards_for(text) if text else () for _, text in view.history]


def won(view: PlayerView) -> bool:
    """Whether this seat's side won the game (which must be over)."""
    assert view.winner is not None and view.landlord is not None
    return (view.seat == view.landlord) == (view.winner is Side.LANDLORD)


def answers(view: PlayerView) -> dict[int, str]:
    """What each seat last said before the first play: "call", "no_call", "grab",
    "no_grab" (叫地主/抢地主), "show_start"/"no_show_start" while 明牌开始 is asked,
    then "show"/"no_show" (明牌) and "double"/"no_double"
    (加倍; the landlord's is "redouble"/"no_redouble", as its question says; a super
    double, 超级加倍, is "super_double"). The first seat to take the landlord called it;
    every later take grabs."""
    said = {seat: word for (seat, _), word in zip(view.calls, call_words(view.calls), strict=True)}
    if view.decision is Decision.SHOW_START:  # 明牌开始, until the bidding
        for seat, cards in view.start_shows:
            said[seat] = "show_start" if cards else "no_show_start"
    for seat, cards in view.shows:
        said[seat] = "show" if cards else "no_show"
    for seat, doubled in view.doubles:
        said[seat] = double_word(doubled, seat == view.landlord, seat in view.super_doubles)
    return said


def double_word(doubled: bool, landlord: bool, super_double: bool = False) -> str:
    """A 加倍 answer in words: the landlord's, asked after the peasants', is a redouble;
    a super double (超级加倍) is one, whoever says it."""
    if super_double:
        return "super_double"
    word = "redouble" if landlord else "double"
    return word if doubled else f"no_{word}"


def doubled(doubles: Sequence[tuple[int, bool]], seat: int) -> bool:
    """Whether `seat` doubled (加倍), by the answers so far."""
    return (seat, True) in doubles


def call_words(calls: Sequence[tuple[int, bool]]) -> list[str]:
    """Each 叫地主/抢地主 answer in words: "call" or "no_call" until someone calls,
    then "grab" or "no_grab"."""
    words = []
    called = False
    for _, took in calls:
        words.append(
            ("grab" if called else "call") if took else ("no_grab" if called else "no_call")
        )
        called = called or took
    return words

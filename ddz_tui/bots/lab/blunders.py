"""Blunders in finished games: the mistakes a strong player never makes.

The lab sees every hand, so it can read a finished game back turn by turn and ask, of
each seat's decisions, three questions:

- **kept bomb**: its side lost while it still held the rocket or a bomb that was a
  legal play at one of its turns (it never played it afterwards: it still holds it)
  and that nobody on the winning side could then have beaten with the hand it held: a
  bomb the winners would have topped (their rocket, a higher bomb) takes no trick, and
  played in a lost game it only doubles the loss.
- **let out**: the opponent who went out did so on the next play after this seat's
  decision (nothing but passes, or this seat's side's plays, came between), and this
  seat could have stopped it. With few cards left in all hands (`EXACT_CARDS` or
  fewer) "could have" is the exact endgame search's answer (`endgame.Solver`, every
  hand known and every defence tried): some move of this seat wins for its side and
  the move it made loses. With more, it is one look ahead: a legal play existed
  that the opponent could not beat with the hand it actually held (or a pass on a
  partner's play the opponent could not beat), and the seat passed or played
  something the opponent beat to go out.
- **missed win**: one legal play emptied the hand, and the seat made another move.

Counts are per seat of a game, so per level in the arena; `per_100` scales a total by
the games played.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields

from ddz_tui.bots.deal import Deal
from ddz_tui.bots.endgame import Solver, side_of
from ddz_tui.bots.packed import going_out, plays_of, size
from ddz_tui.cards import DECK, ranks_of
from ddz_tui.engine import Dealt, Game, Passed, Played
from ddz_tui.engine.trick import ends_trick
from ddz_tui.moves import BY_KEY, pack
from ddz_tui.rules import Combo

EXACT_CARDS = 15
"""With this many cards or fewer in all hands, "could have stopped" is decided by the
exact endgame search (every defence tried: `endgame.PERFECT_DEFENCE_CARDS`)."""


@dataclass(frozen=True)
class Blunders:
    """Counts of each kind of blunder."""

    kept_bomb: int = 0
    let_out: int = 0
    missed_win: int = 0

    def __add__(self, other: Blunders) -> Blunders:
        return Blunders(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(Blunders)))

    @property
    def total(self) -> int:
        return self.kept_bomb + self.let_out + self.missed_win

    def per_100(self, games: int) -> tuple[float, float, float, float]:
        """Each count and the total per 100 games (`games` > 0)."""
        scale = 100 / games
        return (
            self.kept_bomb * scale,
            self.let_out * scale,
            self.missed_win * scale,
            self.total * scale,
        )


NONE = Blunders()


@dataclass(frozen=True)
class Turn:
    """One play decision: the hands before it (packed, by seat), the play to beat and
    who made it, and what the seat did (None: passed)."""

    seat: int
    hands: tuple[int, int, int]
    to_beat: Combo | None
    last: int
    play: Combo | None


def turns_of(game: Game) -> tuple[list[Turn], int]:
    """A finished game's play decisions in order, and its landlord."""
    landlord = game.landlord
    assert landlord is not None
    events = game.events
    dealt = [e for e in events if isinstance(e, Dealt)][-1]
    hands = [pack(ranks_of(DECK[i] for i in hand)) for hand in dealt.hands]
    hands[landlord] += pack(ranks_of(DECK[i] for i in dealt.bottom))
    moves: list[tuple[int, Combo | None]] = []
    for event in events[events.index(dealt) :]:
        if isinstance(event, Played):
            moves.append((event.seat, BY_KEY[pack(event.ranks)]))
        elif isinstance(event, Passed):
            moves.append((event.seat, None))
    return turns_from(hands, landlord, moves), landlord


def turns_from(
    hands: Sequence[int], landlord: int, moves: Iterable[tuple[int, Combo | None]]
) -> list[Turn]:
    """The play decisions of a game dealt `hands` (packed, the landlord's with the
    bottom), whose moves were `moves` (seat, play or None for a pass), the landlord
    leading first."""
    held = list(hands)
    turns: list[Turn] = []
    to_beat: Combo | None = None
    last = landlord
    for seat, play in moves:
        turns.append(Turn(seat, (held[0], held[1], held[2]), to_beat, last, play))
        if play is not None:
            held[seat] -= pack(play.cards)
            to_beat, last = play, seat
        elif ends_trick(seat, last):
            to_beat = None
    return turns


def blunders_of(game: Game) -> list[Blunders]:
    """Each seat's blunders in a finished game (none counted under 癞子, whose plays
    with wilds are not the plain plays the counter reads)."""
    if game.rules.laizi:
        return [NONE, NONE, NONE]
    return blunders_in(*turns_of(game))


def blunders_in(turns: list[Turn], landlord: int) -> list[Blunders]:
    """Each seat's blunders in a game's play decisions, the last of them going out."""
    found = [NONE, NONE, NONE]
    if not turns:
        return found
    winner = turns[-1].seat
    for turn in turns:
        if _missed_win(turn):
            found[turn.seat] += Blunders(missed_win=1)
    winners = side_of(winner, landlord)
    losers = [s for s in range(3) if s not in winners]
    for seat in losers:
        if _kept_bomb(turns, seat, winners):
            found[seat] += Blunders(kept_bomb=1)
    for turn in _before_going_out(turns):
        if turn.seat in losers and _let_out(turn, turns[-1], landlord):
            found[turn.seat] += Blunders(let_out=1)
    return found


def _missed_win(turn: Turn) -> bool:
    hand = turn.hands[turn.seat]
    out = going_out(hand, plays_of(hand, turn.to_beat))
    return out is not None and turn.play != out


def _kept_bomb(turns: list[Turn], seat: int, winners: frozenset[int]) -> bool:
    """Does `seat` end the game holding a bomb or the rocket that was a legal play at
    one of its turns, where no hand of the winning side could have beaten it?"""
    final = turns[-1].hands[seat]  # the last turn is the winner's, not this seat's
    kept = [p for p in plays_of(final, None) if p.is_bomb]
    if not kept:
        return False
    for turn in turns:
        if turn.seat != seat:
            continue
        for play in plays_of(turn.hands[seat], turn.to_beat):
            if play in kept and not any(plays_of(turn.hands[w], play) for w in winners):
                return True
    return False


def _before_going_out(turns: list[Turn]) -> list[Turn]:
    """The decisions between the winner's last turn before it went out and its going out."""
    winner = turns[-1].seat
    start = max((i for i, t in enumerate(turns[:-1]) if t.seat == winner), default=-1)
    return turns[start + 1 : -1]


def _let_out(turn: Turn, going: Turn, landlord: int) -> bool:
    """Could `turn`'s seat have stopped the opponent who went out with `going` (see the
    module's docstring), and did it not?"""
    if sum(size(h) for h in turn.hands) <= EXACT_CARDS:
        return _exact_let_out(turn, landlord)
    opponent = going.hands[going.seat]
    stops = [p for p in plays_of(turn.hands[turn.seat], turn.to_beat) if not plays_of(opponent, p)]
    partners = turn.to_beat is not None and turn.last in side_of(turn.seat, landlord)
    pass_stops = partners and turn.to_beat is not None and not plays_of(opponent, turn.to_beat)
    stopped = pass_stops if turn.play is None else turn.play in stops
    if stopped or not (stops or pass_stops):
        return False
    return turn.play is None or going.to_beat == turn.play


def _exact_let_out(turn: Turn, landlord: int) -> bool:
    """Exact: some move wins for the seat's side, and the one it made does not."""
    solver = Solver(side_of(turn.seat, landlord))
    deal = Deal(turn.hands, landlord, turn.seat, turn.to_beat, turn.last)
    ours = landlord == turn.seat

    def wins(play: Combo | None) -> bool:
        after = deal.after(play)
        if play is not None and play.size == size(turn.hands[turn.seat]):
            return True
        return solver.landlord_wins(after) == ours

    if wins(turn.play):
        return False
    moves: list[Combo | None] = list(plays_of(turn.hands[turn.seat], turn.to_beat))
    if turn.to_beat is not None:
        moves.append(None)
    return any(wins(m) for m in moves if m != turn.play)

"""What one seat may know: its own hand and the public record, nothing else.

`PlayerView(seat, hand, landlord, bottom, history, bids)` is built from public facts
and that seat's hand (with, under house rules, the rules and the calls, shown hands
and doubles as keyword facts); every other field is derived from those, so a view
cannot hold another seat's hidden cards: a hand its owner showed is public. Bots, the
table UI and the network read the game through views only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, overload

from ddz_tui.cards import DECK, RANKS, Card, lowest_suits, ranks_of
from ddz_tui.engine.actions import PASS, Action, Answer, MakeBid, Play
from ddz_tui.engine.calling import Calling, calling
from ddz_tui.engine.deal import BOTTOM_SIZE, HAND_SIZE, SEATS
from ddz_tui.engine.events import Side
from ddz_tui.engine.house import YES_OR_NO, Decision, LandlordMode, Rules
from ddz_tui.engine.phases import Phase, Role
from ddz_tui.engine.progress import Standing, grabs_of, progress, springs, stake
from ddz_tui.engine.score import Multiplier
from ddz_tui.engine.seats import per_seat
from ddz_tui.engine.trick import LEAD, Trick, trick_of, trick_of_readings
from ddz_tui.moves import legal_plays
from ddz_tui.rules import BY_CARDS, Combo, Kind, canonical
from ddz_tui.wild import WILD_RANKS, BombClass, Reading, readings, wild_plays

MAX_BID = 3
_FULL_DECK = ranks_of(DECK)

ShownHands = tuple[tuple[Card, ...] | None, tuple[Card, ...] | None, tuple[Card, ...] | None]
"""Cards of each seat's hand that are public (明牌), None for a hidden hand."""


_PLAIN = Rules()


T = TypeVar("T")


class lazy(Generic[T]):
    """A computed-once attribute. functools.cached_property takes a lock in Python 3.11,
    which costs more than most of these computations."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> lazy[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object, owner: type | None = None) -> lazy[T] | T:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


def cards_for(ranks: str, taken: Iterable[Card] = ()) -> tuple[Card, ...]:
    """Some cards with these ranks (lowest suits first), for views built from text."""
    used = set(taken)
    return lowest_suits(canonical(ranks), (card for card in DECK if card not in used))


def _is_cards(value: object) -> bool:
    """Already a tuple of cards (as Game passes them); cheap, it runs for every view."""
    return type(value) is tuple and (not value or type(value[0]) is Card)


def _as_cards(cards: str | Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return cards_for(cards)
    return tuple(sorted(cards))


def next_seat(seat: int) -> int:
    return (seat + 1) % 3


@dataclass(frozen=True, init=False)
class PlayerView:
    """One seat's knowledge of a game.

    hand, bottom: rank strings or cards (stored as sorted cards).
    landlord: the landlord's seat, None while bidding (bottom is then hidden, empty).
    history: the plays so far as (seat, rank string), "" for a pass.
    bids: the bids so far as (seat, n), 0 for a pass.
    first_bidder: who bid (or called) first (tells whose turn it is before any answer).
    history_cards: the actual cards of each history entry, for display (optional).

    Keyword facts, for house rules (their defaults are the plain game):
    rules: the house rules.
    calls: 叫地主/抢地主 answers so far as (seat, took), in order.
    shows: 明牌 decisions as (seat, the hand as shown), () for a hand not shown.
    doubles: 加倍 answers as (seat, doubled), in order.
    super_doubles: the seats whose double was a super double (超级加倍), in order.
    wild: 癞子, the wild rank once drawn (after the landlord took the bottom); None
    before, and in a game without the rule.
    readings: 癞子, each history entry's reading (what its wilds stood for), None for a
    pass; () in a game without the rule.
    start_shows: 明牌开始's answers as (seat, the hand as shown before the bidding), ()
    for a hand not shown, in order.

    hands_at_end: every seat's cards left when the game ended, laid open for all; ()
    until the game is over (a view refuses them before). For display, like
    history_cards: views of the same facts compare equal with or without them.

    standing: where the deal stands (phase, decision, turn, cards left, the trick), as
    the `Game` that made the view worked it out step by step: the view reads it. A view
    built from facts alone (from the network, a replay, a test) has none, checks its
    facts and works it out from them by the same rules (`progress`, `trick_of`).

    Its constructor fills the fields in one step (a frozen dataclass's own `__init__`
    sets them one by one, at twice the cost, and a game makes a view per decision).
    """

    seat: int
    hand: tuple[Card, ...]
    landlord: int | None
    bottom: tuple[Card, ...]
    history: tuple[tuple[int, str], ...]
    bids: tuple[tuple[int, int], ...] = ()
    first_bidder: int | None = None
    history_cards: tuple[tuple[Card, ...], ...] = field(default=(), compare=False)
    rules: Rules = field(default=_PLAIN, kw_only=True)
    calls: tuple[tuple[int, bool], ...] = field(default=(), kw_only=True)
    shows: tuple[tuple[int, tuple[Card, ...]], ...] = field(default=(), kw_only=True)
    doubles: tuple[tuple[int, bool], ...] = field(default=(), kw_only=True)
    super_doubles: tuple[int, ...] = field(default=(), kw_only=True)
    hands_at_end: tuple[tuple[Card, ...], ...] = field(default=(), compare=False, kw_only=True)
    standing: Standing | None = field(default=None, compare=False, kw_only=True, repr=False)
    wild: str | None = field(default=None, kw_only=True)
    readings: tuple[Reading | None, ...] = field(default=(), kw_only=True)
    start_shows: tuple[tuple[int, tuple[Card, ...]], ...] = field(default=(), kw_only=True)

    def __init__(
        self,
        seat: int,
        hand: tuple[Card, ...],
        landlord: int | None,
        bottom: tuple[Card, ...],
        history: tuple[tuple[int, str], ...],
        bids: tuple[tuple[int, int], ...] = (),
        first_bidder: int | None = None,
        history_cards: tuple[tuple[Card, ...], ...] = (),
        *,
        rules: Rules = _PLAIN,
        calls: tuple[tuple[int, bool], ...] = (),
        shows: tuple[tuple[int, tuple[Card, ...]], ...] = (),
        doubles: tuple[tuple[int, bool], ...] = (),
        super_doubles: tuple[int, ...] = (),
        hands_at_end: tuple[tuple[Card, ...], ...] = (),
        standing: Standing | None = None,
        wild: str | None = None,
        readings: tuple[Reading | None, ...] = (),
        start_shows: tuple[tuple[int, tuple[Card, ...]], ...] = (),
    ) -> None:
        self.__dict__.update(
            seat=seat,
            hand=hand,
            landlord=landlord,
            bottom=bottom,
            history=history,
            bids=bids,
            first_bidder=first_bidder,
            history_cards=history_cards,
            rules=rules,
            calls=calls,
            shows=shows,
            doubles=doubles,
            super_doubles=super_doubles,
            hands_at_end=hands_at_end,
            standing=standing,
            wild=wild,
            readings=readings,
            start_shows=start_shows,
        )
        if standing is None:
            self._check_facts()
            if self.rules.landlord is LandlordMode.GRAB:
                self._calling  # noqa: B018 - raises ValueError for answers out of turn
        if hands_at_end:
            self._check_hands_at_end()

    def _check_facts(self) -> None:
        """Facts from outside the game: each normalised and checked."""
        if self.seat not in SEATS or (self.landlord is not None and self.landlord not in SEATS):
            raise ValueError("seats are 0, 1 and 2")
        if not _is_cards(self.hand):
            object.__setattr__(self, "hand", _as_cards(self.hand))
        if not _is_cards(self.bottom):
            object.__setattr__(self, "bottom", _as_cards(self.bottom))
        if not isinstance(self.history, tuple):
            object.__setattr__(
                self, "history", tuple((s, canonical(text)) for s, text in self.history)
            )
        if not isinstance(self.bids, tuple):
            object.__setattr__(self, "bids", tuple((s, n) for s, n in self.bids))
        if not isinstance(self.rules, Rules):
            raise ValueError("rules must be Rules")
        object.__setattr__(self, "calls", tuple((s, took) for s, took in self.calls))
        object.__setattr__(self, "doubles", tuple((s, d) for s, d in self.doubles))
        object.__setattr__(
            self,
            "shows",
            tuple((s, cards if _is_cards(cards) else _as_cards(cards)) for s, cards in self.shows),
        )
        self._check_start_shows()
        answers = self.calls + self.doubles + tuple((s, bool(c)) for s, c in self.shows)
        if any(s not in SEATS or type(answer) is not bool for s, answer in answers):
            raise ValueError("calls, shows and doubles are (seat, answer) with seats 0, 1 and 2")
        if self.calls and self.rules.landlord is not LandlordMode.GRAB:
            raise ValueError("calls are for a game that calls and grabs the landlord")
        if self.bids and self.rules.landlord is not LandlordMode.BID:
            raise ValueError("bids are for a game that bids for the landlord")
        if (self.shows and not self.rules.showing) or (self.doubles and not self.rules.doubling):
            raise ValueError("shows and doubles are for games with those house rules")
        object.__setattr__(self, "super_doubles", tuple(self.super_doubles))
        if self.super_doubles and (
            not self.rules.super_double
            or any((s, True) not in self.doubles for s in self.super_doubles)
            or len(set(self.super_doubles)) != len(self.super_doubles)
        ):
            raise ValueError("super doubles are doubles, under the super double rule")
        self._check_wilds()

    def _check_start_shows(self) -> None:
        """明牌开始's facts: only under the rule, one answer per seat in turn, each hand
        shown whole (17 cards, or the landlord's 20 when drawn by lot) and none holding
        this seat's cards or another shown hand's."""
        shows = tuple(
            (s, cards if _is_cards(cards) else _as_cards(cards)) for s, cards in self.start_shows
        )
        object.__setattr__(self, "start_shows", shows)
        if not shows:
            return
        if not self.rules.show_start or len(shows) > 3:
            raise ValueError("hands shown before the bidding are for games of 明牌开始")
        seats = [s for s, _ in shows]
        if any(s not in SEATS for s in seats) or any(
            b != (seats[0] + i) % 3 for i, b in enumerate(seats)
        ):
            raise ValueError("hands shown before the bidding are answered seat after seat")
        seen = set(self.hand)
        for seat, cards in shows:
            sizes = (HAND_SIZE, HAND_SIZE + BOTTOM_SIZE) if seat == self.landlord else (HAND_SIZE,)
            if not cards:
                continue
            mine = seat == self.seat  # its own hand, less what it played since
            if len(cards) not in sizes or (not mine and seen.intersection(cards)):
                raise ValueError("a hand shown before the bidding is a whole hand, once")
            if not mine:
                seen.update(cards)

    def _check_wilds(self) -> None:
        """癞子's facts: the wild rank only under the rule and once the landlord is
        chosen; a reading for each entry of the history (None for a pass), each one a
        reading of its cards with that wild rank."""
        wild = self.wild
        if wild is not None and (
            not self.rules.laizi or self.landlord is None or wild not in WILD_RANKS
        ):
            raise ValueError("a wild rank (3 to 2) is drawn under 癞子, once there is a landlord")
        object.__setattr__(self, "readings", tuple(self.readings))
        if wild is None:
            if self.readings or (self.rules.laizi and self.history):
                raise ValueError("readings are for plays under 癞子, once the wild rank is drawn")
            return
        if len(self.readings) != len(self.history):
            raise ValueError("a reading for each play, None for each pass")
        for (_, text), reading in zip(self.history, self.readings, strict=True):
            if (reading is None) != (not text) or (
                reading is not None and reading not in readings(text, wild)
            ):
                raise ValueError(f"not a reading of {text!r} with {wild} wild")

    @lazy
    def _worked_out(self) -> Standing:
        """Where the deal stands, worked out from the facts (a view no game made)."""
        left = [HAND_SIZE] * 3
        if self.landlord is not None:
            left[self.landlord] += BOTTOM_SIZE
        for seat, text in self.history:
            left[seat] -= len(text)
        first = self.first_bidder
        if first is None and self.start_shows:
            first = self.start_shows[0][0]
        if first is None:
            first = self.calls[0][0] if self.calls else self.seat
        now = progress(
            self.rules,
            self.landlord,
            first,
            self.bids,
            self.calls,
            bool(self.shows),
            self.doubles,
            self.history[-1][0] if self.history else None,
            0 in left,
            start_shows=self.start_shows,
        )
        if self.wild is not None:
            seats = (seat for seat, _ in self.history)
            trick = trick_of_readings(zip(seats, self.readings, strict=True))
            return Standing(now, per_seat(left), trick)
        return Standing(now, per_seat(left), trick_of(self.history))

    def _check_hands_at_end(self) -> None:
        """The hands are laid open only once the game is over, and must be what is left."""
        hands = tuple(_as_cards(cards) for cards in self.hands_at_end)
        object.__setattr__(self, "hands_at_end", hands)
        if self.phase is not Phase.OVER:
            raise ValueError("the hands are laid open only once the game is over")
        if len(hands) != 3 or tuple(len(h) for h in hands) != self.cards_left:
            raise ValueError("the hands at the end must hold each seat's cards left")
        if hands[self.seat] != self.hand:
            raise ValueError("the hands at the end must hold this seat's own hand")

    # --- the hand ------------------------------------------------------------------

    @lazy
    def hand_ranks(self) -> str:
        return ranks_of(self.hand)

    # --- phase and turn ------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return (self.standing or self._worked_out).progress.phase

    @property
    def decision(self) -> Decision | None:
        """What the seat whose turn it is must decide now (None once the game is over)."""
        return (self.standing or self._worked_out).progress.decision

    @property
    def turn(self) -> int | None:
        """Whose turn it is (None once the game is over)."""
        return (self.standing or self._worked_out).progress.turn

    @property
    def cards_left(self) -> tuple[int, int, int]:
        """Cards in each seat's hand now."""
        return (self.standing or self._worked_out).cards_left

    @property
    def trick(self) -> Trick:
        """Where the trick stands after the history: the play to beat, who made it."""
        return (self.standing or self._worked_out).trick

    @lazy
    def _calling(self) -> Calling:
        """Where calling and grabbing stand (叫地主/抢地主 only)."""
        first = self.first_bidder
        if first is None:
            first = self.calls[0][0] if self.calls else self.seat
        return calling(first, self.calls)

    @lazy
    def winner(self) -> Side | None:
        """The side that won, once a hand is empty."""
        if self.phase is not Phase.OVER or self.landlord is None:  # over: a landlord played
            return None
        return Side.LANDLORD if self.cards_left[self.landlord] == 0 else Side.PEASANTS

    @lazy
    def last_play(self) -> tuple[int, Combo] | None:
        """The play to beat and who made it; None when the player to act leads."""
        return self.trick.last_play

    @property
    def to_beat(self) -> Combo | None:
        return (self.standing or self._worked_out).trick.to_beat

    @property
    def my_turn(self) -> bool:
        return (self.standing or self._worked_out).progress.turn == self.seat

    @property
    def leads(self) -> bool:
        """This seat is to play and may play anything (nothing to beat)."""
        standing = self.standing or self._worked_out
        progress = standing.progress
        playing = progress.phase is Phase.PLAYING and progress.turn == self.seat
        return playing and standing.trick.to_beat is None

    # --- roles ---------------------------------------------------------------------

    def role_of(self, seat: int) -> Role | None:
        if self.landlord is None:
            return None
        return Role.LANDLORD if seat == self.landlord else Role.PEASANT

    @property
    def role(self) -> Role | None:
        return self.role_of(self.seat)

    @property
    def partner(self) -> int | None:
        """The other peasant, for a peasant; None for the landlord or while bidding."""
        if self.landlord is None or self.seat == self.landlord:
            return None
        return 3 - self.seat - self.landlord

    @property
    def opponents(self) -> tuple[int, ...]:
        """Everyone else while bidding and for the landlord; the landlord for a peasant."""
        if self.landlord is None or self.seat == self.landlord:
            return tuple(s for s in SEATS if s != self.seat)
        return (self.landlord,)

    # --- what has been seen --------------------------------------------------------

    def played_by(self, seat: int) -> str:
        """The ranks a seat has played, in canonical order."""
        return canonical("".join(text for s, text in self.history if s == seat))

    @lazy
    def unseen(self) -> str:
        """Cards outside this hand not yet played (they sit in the other two hands)."""
        left = Counter(_FULL_DECK)
        left.subtract(self.hand_ranks)
        for _, text in self.history:
            left.subtract(text)
        return "".join(rank * left[rank] for rank in RANKS)

    @lazy
    def shown(self) -> ShownHands:
        """Each seat's hand as it was shown (明牌), None for a hand not shown. A hand shown
        before the bidding (明牌开始) that became the landlord's holds the bottom too."""
        out: list[tuple[Card, ...] | None] = [None, None, None]
        for seat, cards in self.start_shows:
            if cards and seat == self.landlord and len(cards) == HAND_SIZE:
                cards = tuple(sorted(cards + self.bottom))
            if cards:
                out[seat] = cards
        for seat, cards in self.shows:
            if cards:
                out[seat] = cards
        return per_seat(out)

    @lazy
    def shown_hands(self) -> ShownHands:
        """The cards now in each shown hand: as shown, less what that seat has played
        since (hands are shown before the first play). A view built without the cards
        of the plays takes away a card of each played rank, the lowest suit first."""
        if self.shown == (None, None, None):
            return self.shown
        cards_known = len(self.history_cards) == len(self.history)
        out: list[tuple[Card, ...] | None] = []
        for seat, shown in enumerate(self.shown):
            if shown is None:
                out.append(None)
                continue
            left = list(shown)
            for index, (who, text) in enumerate(self.history):
                if who != seat or not text:
                    continue
                for card in self.history_cards[index] if cards_known else cards_for(text):
                    if card not in left:  # played ranks only: the same rank, another suit
                        card = next((c for c in left if c.rank == card.rank), card)
                    if card in left:
                        left.remove(card)
            out.append(tuple(left))
        return per_seat(out)

    @lazy
    def landlord_holds(self) -> str:
        """Cards surely in the landlord's hand (as ranks), as others see it: the whole
        hand once shown; else the bottom cards not yet played.

        The bottom was shown to all; of each rank, at most as many bottom cards have
        left the landlord's hand as the landlord has played of that rank.
        """
        if self.landlord is None or self.landlord == self.seat:
            return ""
        shown = self.shown_hands[self.landlord]
        if shown is not None:
            return ranks_of(shown)
        held = Counter(ranks_of(self.bottom))
        held.subtract(self.played_by(self.landlord))
        return "".join(rank * max(held[rank], 0) for rank in RANKS)

    @lazy
    def passed_on(self) -> tuple[tuple[int, Combo], ...]:
        """(seat, play) for every pass, with the play that seat declined to beat."""
        out = []
        trick = LEAD
        wild = self.wild is not None
        for index, (seat, text) in enumerate(self.history):
            if not text and trick.to_beat is not None:
                out.append((seat, trick.to_beat))
            if wild:
                trick = trick.after_reading(seat, self.readings[index])
            else:
                trick = trick.after_ranks(seat, text)
        return tuple(out)

    # --- bidding and worth ---------------------------------------------------------

    @property
    def highest_bid(self) -> int:
        return max((n for _, n in self.bids), default=0)

    @property
    def legal_bids(self) -> tuple[int, ...]:
        """0 (pass) and every bid above the highest so far, while bidding (叫分)."""
        if self.phase is not Phase.BIDDING or self.rules.landlord is not LandlordMode.BID:
            return ()
        return (0, *range(self.highest_bid + 1, MAX_BID + 1))

    @property
    def grabs(self) -> int:
        """How many grabs (抢地主) so far: every answer that took, after the first."""
        return grabs_of(self.calls)

    @lazy
    def multiplier(self) -> Multiplier:
        """The multiplier so far; spring flags are set once the game is over."""
        classes = Counter(reading.bomb for reading in self.readings if reading is not None)
        if self.wild is not None:  # 癞子: bombs by class
            bombs = classes[BombClass.HARD]
        else:
            bombs = sum(1 for _, text in self.history if text and BY_CARDS[text].kind is Kind.BOMB)
        rocket = any(text == "BR" for _, text in self.history)
        landlord_plays = sum(1 for s, text in self.history if text and s == self.landlord)
        peasant_plays = sum(1 for s, text in self.history if text and s != self.landlord)
        spring = springs(self.winner, landlord_plays, peasant_plays)
        base = max(self.highest_bid, 1)
        return stake(
            self.rules,
            base,
            bombs,
            rocket,
            spring,
            self.calls,
            self.shows,
            self.doubles,
            self.super_doubles,
            soft_bombs=classes[BombClass.SOFT],
            wild_bombs=classes[BombClass.WILD],
            start_shows=self.start_shows,
        )

    @lazy
    def legal_plays(self) -> list[Combo]:
        """Every play this seat may make now (empty when it is not its turn). Under
        癞子, only the plays that take no wild (`wild_plays` holds every play), so that
        each is its cards as they read."""
        standing = self.standing or self._worked_out
        progress = standing.progress
        if progress.phase is not Phase.PLAYING or progress.turn != self.seat:
            return []
        if self.wild is not None:
            return [play.combo for play in self.wild_plays if not play.wild_count]
        return legal_plays(self.hand, standing.trick.to_beat)

    @lazy
    def wild_plays(self) -> list[Reading]:
        """癞子: every distinct play this seat may make now, with its reading (empty
        when it is not its turn, and in a game without wilds)."""
        standing = self.standing or self._worked_out
        progress = standing.progress
        wild = self.wild
        if wild is None or progress.phase is not Phase.PLAYING or progress.turn != self.seat:
            return []
        return wild_plays(self.hand, wild, standing.trick.reading)

    def play_of(self, reading: Reading) -> Play:
        """癞子: the action that plays `reading` from this hand (the lowest suits of
        its cards, with the reading)."""
        return Play(lowest_suits(reading.cards, self.hand), reading)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action this seat may take now (none when it is not its turn): the
        bids, yes and no to the question due, or pass (when there is a play to beat)
        and every legal play, weakest first."""
        decision = self.decision
        if not self.my_turn or decision is None:
            return ()
        if decision is Decision.BID:
            return tuple(MakeBid(points) for points in self.legal_bids)
        if decision is Decision.DOUBLE and self.rules.super_double:
            return (Answer(decision, True), Answer(decision, True, 2), Answer(decision, False))
        if decision in YES_OR_NO:
            return (Answer(decision, True), Answer(decision, False))
        if self.wild is not None:
            plays = tuple(self.play_of(reading) for reading in self.wild_plays)
        else:
            plays = tuple(Play(combo) for combo in self.legal_plays)
        return plays if self.to_beat is None else (PASS, *plays)

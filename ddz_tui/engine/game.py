"""The game: deal, landlord, turns, passes, winner, score. The only place state changes.

Every accepted action appends frozen events and returns them (a pokerkit-style
record); an illegal action raises `IllegalAction` with a reason and leaves the game
exactly as it was, because every check runs before anything is changed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

from ddz_tui.cards import DECK, Card, format_ranks, ranks_of
from ddz_tui.engine.events import (
    Bid,
    Dealt,
    Event,
    GameOver,
    LandlordChosen,
    LandlordMode,
    Passed,
    Played,
    Side,
    Started,
    TrickWon,
)
from ddz_tui.engine.score import Multiplier, scores
from ddz_tui.engine.view import BOTTOM_SIZE, HAND_SIZE, MAX_BID, SEATS, Phase, PlayerView, next_seat
from ddz_tui.i18n import t
from ddz_tui.rules import Combo, Kind, beats, canonical, classify, refusal
from ddz_tui.rules import Reason as RuleReason


class Reason(str, Enum):
    """Why an action is refused."""

    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    NO_SUCH_SEAT = "no_such_seat"
    NOT_IN_HAND = "not_in_hand"
    NOTHING_SELECTED = "nothing_selected"
    INVALID_COMBINATION = RuleReason.INVALID_COMBINATION.value
    WRONG_KIND = RuleReason.WRONG_KIND.value
    NOT_STRONGER = RuleReason.NOT_STRONGER.value
    MUST_PLAY = "must_play"
    BID_OUT_OF_RANGE = "bid_out_of_range"
    BID_NOT_HIGHER = "bid_not_higher"


class IllegalAction(Exception):
    """An action the game refuses; `reason` for code, `message` for the player."""

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


def bubble_sort(items: list[int]) -> list[int]:
    """Sort in place, low to high, as the seed design does. Hands sort their card ids,
    which order cards by value, then suit."""
    end = len(items)
    swapped = True
    while swapped and end > 1:
        swapped = False
        for i in range(end - 1):
            if items[i] > items[i + 1]:
                items[i], items[i + 1] = items[i + 1], items[i]
                swapped = True
        end -= 1
    return items


def bubble_in(items: list[int], new: Iterable[int]) -> list[int]:
    """Add items to a sorted list, bubbling each one down into place (one bubble pass)."""
    for item in new:
        items.append(item)
        i = len(items) - 1
        while i and items[i - 1] > items[i]:
            items[i - 1], items[i] = items[i], items[i - 1]
            i -= 1
    return items


def _sorted_hand(ids: list[int]) -> list[Card]:
    return [DECK[i] for i in bubble_sort(ids)]


@dataclass(frozen=True)
class Result:
    side: Side
    seat: int
    multiplier: Multiplier
    scores: tuple[int, int, int]


class Game:
    """A game of Dou Dizhu between seats 0, 1 and 2.

    `Game(seed)` replays the same deal and landlord draw for the same seed; with no
    seed a random one is drawn and kept in `seed` (and in the record).
    """

    def __init__(self, seed: int | None = None, landlord_mode: LandlordMode | str = "bid") -> None:
        self.seed: int = random.SystemRandom().getrandbits(63) if seed is None else seed
        self.landlord_mode = LandlordMode(landlord_mode)
        self._rng = random.Random(self.seed)
        self._events: list[Event] = [Started(self.seed, self.landlord_mode)]
        self.redeals = 0
        self._deal()

    # --- reading the state ---------------------------------------------------------

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's hand. Private to that seat: players read views, not this."""
        return tuple(self._hands[seat])

    @property
    def bottom(self) -> tuple[Card, ...]:
        return self._bottom

    @property
    def multiplier(self) -> Multiplier:
        return Multiplier(self._base, self._bombs, self._rocket, *self._spring_flags())

    @property
    def result(self) -> Result | None:
        over = self._events[-1]
        if not isinstance(over, GameOver):
            return None
        return Result(over.side, over.seat, self.multiplier, over.scores)

    @property
    def to_beat(self) -> Combo | None:
        return None if self._last is None else self._last[1]

    def view(self, seat: int) -> PlayerView:
        """What `seat` may know, built only from its hand and the public record."""
        self._check_seat(seat)
        return PlayerView._trusted(
            seat=seat,
            hand=tuple(self._hands[seat]),
            landlord=self.landlord,
            bottom=self._bottom if self.landlord is not None else (),
            history=tuple(self._history),
            bids=tuple(self._bids),
            first_bidder=self._first_bidder,
            history_cards=tuple(self._history_cards),
            phase=self.phase,
            turn=self.turn,
            cards_left=tuple(len(hand) for hand in self._hands),
            _trick=(self._last, self._passes),
        )

    # --- actions -------------------------------------------------------------------

    def bid(self, seat: int, bid: int) -> tuple[Event, ...]:
        """Bid 1–3 above the highest bid so far, or 0 to pass."""
        self._check_turn(seat, Phase.BIDDING)
        high = max((n for _, n in self._bids), default=0)
        if not isinstance(bid, int) or not 0 <= bid <= MAX_BID:
            raise IllegalAction(Reason.BID_OUT_OF_RANGE, t("illegal.bid_out_of_range"))
        if bid and bid <= high:
            raise IllegalAction(Reason.BID_NOT_HIGHER, t("illegal.bid_not_higher", high=high))
        start = len(self._events)
        self._record(Bid(seat, bid))
        self._bids.append((seat, bid))
        if bid == MAX_BID or len(self._bids) == 3:
            if bid or high:
                winner = max(self._bids, key=lambda sb: sb[1])[0]
                self._make_landlord(winner, max(bid, high))
            else:
                self.redeals += 1
                self._deal()
        else:
            self.turn = next_seat(seat)
        return tuple(self._events[start:])

    def play(self, seat: int, cards: str | Combo | Iterable[Card | int]) -> tuple[Event, ...]:
        """Play cards: given as cards or card ids, or as ranks (a string or a Combo),
        in which case the lowest suits of each rank are taken from the hand."""
        self._check_turn(seat, Phase.PLAYING)
        chosen = self._pick(seat, cards)
        if not chosen:
            raise IllegalAction(Reason.NOTHING_SELECTED, t("illegal.nothing_selected"))
        combo = cards if isinstance(cards, Combo) else classify(chosen)
        if combo is None or not beats(combo, self.to_beat):
            refused = refusal(chosen, self.to_beat)
            assert refused is not None
            raise IllegalAction(Reason(refused.reason.value), refused.message)
        start = len(self._events)
        hand = self._hands[seat]
        gone = set(chosen)
        self._hands[seat] = [card for card in hand if card not in gone]
        self._record(Played(seat, tuple(card.id for card in chosen)))
        self._history.append((seat, combo.cards))
        self._history_cards.append(tuple(chosen))
        self._plays[seat] += 1
        self._bombs += combo.kind is Kind.BOMB
        self._rocket = self._rocket or combo.kind is Kind.ROCKET
        self._last = (seat, combo)
        self._passes = 0
        if self._hands[seat]:
            self.turn = next_seat(seat)
        else:
            self._finish(seat)
        return tuple(self._events[start:])

    def pass_turn(self, seat: int) -> tuple[Event, ...]:
        """Pass: allowed only when there is a play to beat."""
        self._check_turn(seat, Phase.PLAYING)
        if self._last is None:
            raise IllegalAction(Reason.MUST_PLAY, t("illegal.must_play"))
        start = len(self._events)
        self._record(Passed(seat))
        self._history.append((seat, ""))
        self._history_cards.append(())
        self._passes += 1
        if self._passes == 2:
            leader = self._last[0]
            self._record(TrickWon(leader))
            self._last = None
            self._passes = 0
            self.turn = leader
        else:
            self.turn = next_seat(seat)
        return tuple(self._events[start:])

    # --- the record ----------------------------------------------------------------

    @classmethod
    def replay(cls, events: Sequence[Event]) -> Game:
        """Rebuild a game from its record by replaying its actions from its seed.

        Raises ValueError if the record is not one this engine produces.
        """
        *_, (game, _) = cls.replaying(events)
        return game

    @classmethod
    def replaying(
        cls, events: Sequence[Event]
    ) -> Iterator[tuple[Game, Bid | Played | Passed | None]]:
        """The replay, step by step: the same game after the deal (with None) and after
        each action (with that action's event), for whoever wants every state on the way.

        Raises ValueError, once the record is read that far, if it is not one this
        engine produces.
        """
        if not events or not isinstance(events[0], Started):
            raise ValueError("a record starts with a 'started' event")
        game = cls(events[0].seed, events[0].landlord_mode)
        yield game, None
        for event in events[1:]:
            try:
                if isinstance(event, Bid):
                    game.bid(event.seat, event.bid)
                elif isinstance(event, Played):
                    game.play(event.seat, event.cards)
                elif isinstance(event, Passed):
                    game.pass_turn(event.seat)
                else:
                    continue
            except IllegalAction as exc:
                raise ValueError(f"the record holds an illegal action: {exc.message}") from None
            yield game, event
        if list(game.events) != list(events):
            at = next(
                (i for i, (a, b) in enumerate(zip(game.events, events, strict=False)) if a != b),
                min(len(game.events), len(events)),
            )
            raise ValueError(f"the record differs from the game it replays at event {at}")

    # --- inside --------------------------------------------------------------------

    def _record(self, event: Event) -> None:
        self._events.append(event)

    def _deal(self) -> None:
        """A random permutation of the 54 ids: 17 to each seat, the last 3 to the bottom."""
        order = list(range(len(DECK)))
        self._rng.shuffle(order)
        self._hands: list[list[Card]] = [
            _sorted_hand(order[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in SEATS
        ]
        self._bottom: tuple[Card, ...] = tuple(sorted(DECK[i] for i in order[-BOTTOM_SIZE:]))
        self.landlord: int | None = None
        self.phase = Phase.BIDDING
        self._bids: list[tuple[int, int]] = []
        self._history: list[tuple[int, str]] = []
        self._history_cards: list[tuple[Card, ...]] = []
        self._plays = [0, 0, 0]
        self._bombs = 0
        self._rocket = False
        self._base = 1
        self._last: tuple[int, Combo] | None = None
        self._passes = 0
        if self.landlord_mode is LandlordMode.RANDOM:
            self._first_bidder = None
            self._record(self._dealt(None))
            self._make_landlord(self._rng.randrange(3), base=1)
        else:
            self._first_bidder = self._rng.randrange(3)
            self.turn: int | None = self._first_bidder
            self._record(self._dealt(self._first_bidder))

    def _dealt(self, first: int | None) -> Dealt:
        hands = tuple(tuple(card.id for card in hand) for hand in self._hands)
        return Dealt(self.redeals, hands, tuple(c.id for c in self._bottom), first)  # type: ignore[arg-type]

    def _make_landlord(self, seat: int, base: int) -> None:
        self.landlord = seat
        self._base = base
        ids = bubble_in([c.id for c in self._hands[seat]], (c.id for c in self._bottom))
        self._hands[seat] = [DECK[i] for i in ids]
        self._record(LandlordChosen(seat, base, tuple(c.id for c in self._bottom)))
        self.phase = Phase.PLAYING
        self.turn = seat

    def _spring_flags(self) -> tuple[bool, bool]:
        if self.phase is not Phase.OVER or self.landlord is None:
            return False, False
        landlord_won = not self._hands[self.landlord]
        peasant_plays = sum(n for s, n in enumerate(self._plays) if s != self.landlord)
        return (
            landlord_won and peasant_plays == 0,
            not landlord_won and self._plays[self.landlord] == 1,
        )

    def _finish(self, seat: int) -> None:
        self.phase = Phase.OVER
        self.turn = None
        side = Side.LANDLORD if seat == self.landlord else Side.PEASANTS
        multiplier = self.multiplier
        assert self.landlord is not None
        self._record(
            GameOver(
                side,
                seat,
                multiplier.spring,
                multiplier.anti_spring,
                multiplier.total,
                scores(self.landlord, side, multiplier),
            )
        )

    def _check_seat(self, seat: int) -> None:
        if seat not in SEATS:
            raise IllegalAction(Reason.NO_SUCH_SEAT, t("illegal.no_such_seat", seat=seat))

    def _check_turn(self, seat: int, phase: Phase) -> None:
        self._check_seat(seat)
        if self.phase is not phase:
            raise IllegalAction(Reason.WRONG_PHASE, t(f"illegal.phase.{self.phase.value}"))
        if seat != self.turn:
            raise IllegalAction(
                Reason.NOT_YOUR_TURN, t("illegal.not_your_turn", seat=seat, turn=self.turn)
            )

    def _pick(self, seat: int, cards: str | Combo | Iterable[Card | int]) -> list[Card]:
        """The cards of `seat`'s hand meant by `cards`; IllegalAction if it lacks them."""
        hand = self._hands[seat]
        if isinstance(cards, Combo):
            cards = cards.cards
        if isinstance(cards, str):
            try:
                wanted = canonical(cards)
            except ValueError as exc:
                raise IllegalAction(Reason.INVALID_COMBINATION, str(exc)) from None
            need = Counter(wanted)
            chosen: list[Card] = []
            for card in hand:  # sorted, so the lowest suits come first
                if need.get(card.rank):
                    need[card.rank] -= 1
                    chosen.append(card)
            if len(chosen) != len(wanted):
                raise IllegalAction(
                    Reason.NOT_IN_HAND, t("illegal.not_in_hand", cards=format_ranks(wanted))
                )
            return chosen
        chosen = [DECK[c] if isinstance(c, int) else c for c in cards]
        held = set(hand)
        if len(set(chosen)) != len(chosen) or not held.issuperset(chosen):
            missing = sorted(set(chosen) - held) or chosen
            raise IllegalAction(
                Reason.NOT_IN_HAND, t("illegal.not_in_hand", cards=format_ranks(ranks_of(missing)))
            )
        return sorted(chosen)

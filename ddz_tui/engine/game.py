"""The game: deal, landlord, turns, passes, winner, score. The only place state changes.

Every accepted action appends frozen events and returns them (a pokerkit-style
record); an illegal action raises `IllegalAction` with a reason and leaves the game
exactly as it was, because every check runs before anything is changed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from ddz_tui.cards import DECK, Card, format_ranks, lowest_suits, ranks_of
from ddz_tui.engine.actions import Action, Answer, MakeBid, Pass, Play
from ddz_tui.engine.calling import calling, doubling_done
from ddz_tui.engine.deal import SEATS, check_order, cut, in_packets, split
from ddz_tui.engine.events import (
    Bid,
    Called,
    Dealt,
    Doubled,
    Event,
    GameOver,
    LandlordChosen,
    Passed,
    Played,
    Shown,
    ShownAtStart,
    Side,
    Started,
    TrickWon,
    WildDrawn,
)
from ddz_tui.engine.house import YES_OR_NO, Decision, LandlordMode, Rules
from ddz_tui.engine.phases import Phase
from ddz_tui.engine.progress import Progress, Standing, in_play, progress, springs, stake
from ddz_tui.engine.score import Multiplier, scores
from ddz_tui.engine.seats import per_seat
from ddz_tui.engine.trick import LEAD, Trick
from ddz_tui.engine.view import MAX_BID, PlayerView
from ddz_tui.i18n import Phrase, PhrasedError
from ddz_tui.rules import (
    Combo,
    Kind,
    Refusal,
    RefusalReason,
    beats,
    canonical,
    classify,
    refusal,
)
from ddz_tui.wild import WILD_RANKS, BombClass, Reading, readings
from ddz_tui.wild import beats as wild_beats


class IllegalReason(str, Enum):
    """Why an action is refused."""

    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    NO_SUCH_SEAT = "no_such_seat"
    NOT_IN_HAND = "not_in_hand"
    NOTHING_SELECTED = "nothing_selected"
    INVALID_COMBINATION = RefusalReason.INVALID_COMBINATION.value
    WRONG_KIND = RefusalReason.WRONG_KIND.value
    NOT_STRONGER = RefusalReason.NOT_STRONGER.value
    MUST_PLAY = "must_play"
    BID_OUT_OF_RANGE = "bid_out_of_range"
    BID_NOT_HIGHER = "bid_not_higher"
    NOT_YES_OR_NO = "not_yes_or_no"
    NO_SUPER_DOUBLE = "no_super_double"
    CHOOSE_READING = "choose_reading"  # 癞子: the cards read several ways; say which
    NOT_A_READING = "not_a_reading"  # 癞子: the reading given is not one of the cards'


class ActionRefused(PhrasedError):
    """A seat's action refused, by the game or by whoever holds the table (a server):
    `code` says why for code (an `IllegalReason`'s value when the game refused it),
    `phrase` says it to the player (in their language; `message` in this process's)."""

    def __init__(self, code: str, phrase: Phrase) -> None:
        super().__init__(phrase)
        self.code = code


class IllegalAction(ActionRefused):
    """An action the game refuses; `reason` for code, `phrase` for the player."""

    def __init__(self, reason: IllegalReason, phrase: Phrase) -> None:
        super().__init__(reason.value, phrase)
        self.reason = reason


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


REDEALS_BEFORE_LOT = 3
"""After this many redeals in a row (nobody bid, or nobody called), the landlord of
the next deal is drawn by lot (stake 1, as in the drawn-by-lot mode) instead of
being bid for again: seats that never bid could otherwise redeal for ever, and
three colluding seats did, 439 times in 26 seconds, the record growing with each."""

ActionEvent = Bid | Called | ShownAtStart | Shown | Doubled | Played | Passed
"""The events that record a seat's action (the rest follow from them)."""


def _not_now(due: Decision | None, tried: Decision) -> Phrase:
    """Why `tried` is refused while `due` is what the game waits for."""
    if due is None:
        return Phrase("illegal.phase.over")
    if due is Decision.BID:
        return Phrase("illegal.phase.bidding")
    if due is Decision.PLAY and tried is Decision.BID:
        return Phrase("illegal.phase.playing")
    return Phrase(f"illegal.due.{due.value}")


@dataclass(frozen=True)
class Result:
    """How a game ended: `side` won as `seat` went out. Each seat's stake and its
    parts are in `multiplier` (`multiplier.stake(seat, landlord)`)."""

    side: Side
    seat: int
    multiplier: Multiplier
    scores: tuple[int, int, int]
    landlord: int


class Game:
    """A game of Dou Dizhu between seats 0, 1 and 2.

    `Game(seed)` replays the same deal and landlord draw for the same seed; with no
    seed a random one is drawn and kept in `seed` (and in the record). The house
    rules are `rules`, or the plain rules with `landlord_mode` (叫分 by default).
    `deck`: under 不洗牌 (`Rules.no_shuffle`), the cards as the game before left them
    (its `played_order`), which the deal is cut from (the seed draws the cut) and the
    record keeps; None deals shuffled, as the first game of a run is.
    `redeal_limit`: after `REDEALS_BEFORE_LOT` redeals the landlord is drawn by lot,
    and the record keeps only the last deal declined (off only to replay records
    played before the limit). `always_redouble`: the landlord is asked to redouble
    even when neither peasant doubled (only to replay records from before version 4).
    """

    # the state of one deal, set afresh by `_deal` (a redeal starts it again)
    landlord: int | None
    _progress: Progress  # phase, decision and turn, from `progress` after each action
    _standing: Standing | None  # the last `standing`, until the next action
    _hands: list[list[Card]]
    _bottom: tuple[Card, ...]
    _first_bidder: int | None
    _bids: list[tuple[int, int]]
    # tuples, handed to views as they are (a decision adds one; a view copies none)
    _calls: tuple[tuple[int, bool], ...]
    _shows: tuple[tuple[int, tuple[Card, ...]], ...]
    _start_shows: tuple[tuple[int, tuple[Card, ...]], ...]  # 明牌开始's answers
    _doubles: tuple[tuple[int, bool], ...]
    _super_doubles: tuple[int, ...]
    _history: list[tuple[int, str]]
    _history_cards: list[tuple[Card, ...]]
    _plays: list[int]
    _bombs: int  # under 癞子, natural bombs (硬炸)
    _soft_bombs: int  # 癞子: bombs made with wilds (软炸)
    _wild_bombs: int  # 癞子: the four wilds (纯癞子炸)
    _rocket: bool
    _wild: str | None  # 癞子: the wild rank, once drawn
    _readings: list[Reading | None]  # 癞子: each history entry's reading, None a pass
    _base: int
    _trick: Trick
    _dealt_at: int  # where the deal's `Dealt` is in the record

    def __init__(
        self,
        seed: int | None = None,
        landlord_mode: LandlordMode | str | None = None,
        *,
        rules: Rules | None = None,
        redeal_limit: bool = True,
        always_redouble: bool = False,
        deck: Sequence[int] | None = None,
    ) -> None:
        if rules is None:
            rules = Rules(
                LandlordMode.BID if landlord_mode is None else LandlordMode(landlord_mode)
            )
        elif landlord_mode is not None:
            raise TypeError("give the rules or a landlord mode, not both")
        self.seed: int = random.SystemRandom().getrandbits(63) if seed is None else seed
        self.rules = rules
        self._rng = random.Random(self.seed)
        self._order = None if deck is None else check_order(deck)
        self._events: list[Event] = [Started(self.seed, rules, deck=self._order)]
        self.redeals = 0
        self._limited = redeal_limit
        self._always_redouble = always_redouble
        self._standing = None
        self._deal()

    # --- reading the state ---------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._progress.phase

    @property
    def decision(self) -> Decision | None:
        """What the seat whose turn it is decides (None once the game is over)."""
        return self._progress.decision

    @property
    def turn(self) -> int | None:
        return self._progress.turn

    @property
    def landlord_mode(self) -> LandlordMode:
        return self.rules.landlord

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
    def wild(self) -> str | None:
        """癞子: the wild rank, drawn once the landlord took the bottom (None before,
        and in a game without the rule)."""
        return self._wild

    @property
    def multiplier(self) -> Multiplier:
        landlord = self.landlord
        spring = (False, False)
        if self.phase is Phase.OVER and landlord is not None:
            winner = Side.PEASANTS if self._hands[landlord] else Side.LANDLORD
            peasant_plays = sum(n for s, n in enumerate(self._plays) if s != landlord)
            spring = springs(winner, self._plays[landlord], peasant_plays)
        return stake(
            self.rules,
            self._base,
            self._bombs,
            self._rocket,
            spring,
            self._calls,
            self._shows,
            self._doubles,
            self._super_doubles,
            soft_bombs=self._soft_bombs,
            wild_bombs=self._wild_bombs,
            start_shows=self._start_shows,
        )

    @property
    def result(self) -> Result | None:
        over = self._events[-1]
        if not isinstance(over, GameOver) or self.landlord is None:
            return None
        return Result(over.side, over.seat, self.multiplier, over.scores, self.landlord)

    @property
    def to_beat(self) -> Combo | None:
        return self._trick.to_beat

    def played_order(self) -> tuple[int, ...]:
        """The cards as this game leaves them, the deck of the next deal under 不洗牌:
        every card in the order it was played (each play's cards low to high), then
        the hands left in seat order, then the bottom if no landlord took it."""
        order = [card.id for cards in self._history_cards for card in cards]
        order += [card.id for hand in self._hands for card in hand]
        if self.landlord is None:
            order += [card.id for card in self._bottom]
        return tuple(order)

    def view(self, seat: int) -> PlayerView:
        """What `seat` may know: its hand and the public record, with where the deal
        stands as this game worked it out (the view reads it, never works it out again)."""
        self._check_seat(seat)
        hands = self._hands
        over = self.phase is Phase.OVER  # then every hand is laid open
        return PlayerView(
            seat,
            tuple(hands[seat]),
            self.landlord,
            self._bottom if self.landlord is not None else (),
            tuple(self._history),
            tuple(self._bids),
            self._first_bidder,
            tuple(self._history_cards),
            rules=self.rules,
            calls=self._calls,
            shows=self._shows,
            doubles=self._doubles,
            super_doubles=self._super_doubles,
            hands_at_end=tuple(tuple(hand) for hand in hands) if over else (),
            standing=self.standing,
            wild=self._wild,
            readings=tuple(self._readings),
            start_shows=self._start_shows,
        )

    def public_view(self, seat: int = 0) -> PlayerView:
        """What anyone may know, a spectator who sits nowhere: `seat`'s view with no hand
        (the seat only says which chair the table is drawn from). Every hidden hand stays
        hidden, a shown one (明牌) is public in the view's facts; once the game is over
        every hand is laid open, as for the players, and this is `seat`'s own view."""
        view = self.view(seat)
        if self.phase is Phase.OVER:
            return view
        return PlayerView(
            seat,
            (),
            view.landlord,
            view.bottom,
            view.history,
            view.bids,
            view.first_bidder,
            view.history_cards,
            rules=view.rules,
            calls=view.calls,
            shows=view.shows,
            doubles=view.doubles,
            super_doubles=view.super_doubles,
            standing=view.standing,
            wild=view.wild,
            readings=view.readings,
            start_shows=view.start_shows,
        )

    @property
    def standing(self) -> Standing:
        """Where the deal stands, as this game worked it out (what its views read)."""
        standing = self._standing
        if standing is None:
            hands = self._hands
            cards_left = (len(hands[0]), len(hands[1]), len(hands[2]))
            standing = self._standing = Standing(self._progress, cards_left, self._trick)
        return standing

    # --- actions -------------------------------------------------------------------

    def act(self, seat: int, action: Action) -> tuple[Event, ...]:
        """`seat` takes `action`: the events it adds to the record. IllegalAction (with
        its reason) when the game refuses it, leaving the game as it was."""
        if isinstance(action, Play):
            return self.play(seat, action.cards, action.reading)
        if isinstance(action, Pass):
            return self.pass_turn(seat)
        if isinstance(action, MakeBid):
            return self.bid(seat, action.points)
        if isinstance(action, Answer):
            return self._answer(seat, action)
        raise TypeError(f"not an action: {action!r}")

    def _answer(self, seat: int, answer: Answer) -> tuple[Event, ...]:
        """Yes or no to the decision the answer names, if that is the one due."""
        decision = answer.decision
        if decision not in YES_OR_NO:
            raise IllegalAction(IllegalReason.NOT_YES_OR_NO, Phrase("illegal.not_yes_or_no"))
        if answer.level != 1 and decision is not Decision.DOUBLE:
            raise IllegalAction(IllegalReason.NO_SUPER_DOUBLE, Phrase("illegal.no_super_double"))
        if decision in (Decision.CALL, Decision.GRAB):
            self._check_turn(seat, decision)
            return self.call(seat, answer.yes)
        if decision is Decision.SHOW:
            return self.show(seat, answer.yes)
        if decision is Decision.SHOW_START:
            return self.show_start(seat, answer.yes)
        return self.double(seat, answer.yes, answer.level)

    def bid(self, seat: int, bid: int) -> tuple[Event, ...]:
        """叫分: bid 1–3 above the highest bid so far, or 0 to pass."""
        self._check_turn(seat, Decision.BID)
        high = max((n for _, n in self._bids), default=0)
        if not isinstance(bid, int) or not 0 <= bid <= MAX_BID:
            raise IllegalAction(IllegalReason.BID_OUT_OF_RANGE, Phrase("illegal.bid_out_of_range"))
        if bid and bid <= high:
            raise IllegalAction(
                IllegalReason.BID_NOT_HIGHER, Phrase("illegal.bid_not_higher", high=high)
            )
        start = len(self._events)
        self._record(Bid(seat, bid))
        self._bids.append((seat, bid))
        if bid == MAX_BID or len(self._bids) == 3:
            if bid or high:
                winner = max(self._bids, key=lambda sb: sb[1])[0]
                self._make_landlord(winner, max(bid, high))
            else:
                self._redeal()
        else:
            self._advance()
        return tuple(self._events[start:])

    def call(self, seat: int, take: bool) -> tuple[Event, ...]:
        """叫地主 / 抢地主: call the landlord (or grab it, once someone has called), or
        not. `view.decision` says which it is; the order is in `calling`."""
        self._check_turn(seat, Decision.GRAB if self.decision is Decision.GRAB else Decision.CALL)
        self._check_answer(take)
        start = len(self._events)
        self._record(Called(seat, take))
        self._calls += ((seat, take),)
        assert self._first_bidder is not None
        state = calling(self._first_bidder, self._calls)
        if state.turn is not None:
            self._advance()
        elif state.landlord is not None:
            self._make_landlord(state.landlord, base=1)
        else:
            self._redeal()
        return tuple(self._events[start:])

    def show_start(self, seat: int, show: bool) -> tuple[Event, ...]:
        """明牌开始: before the bidding, each seat in turn plays with its hand shown to
        all from now on, or not (the stake counts `factors.show_start` once if any does)."""
        self._check_turn(seat, Decision.SHOW_START)
        self._check_answer(show)
        start = len(self._events)
        hand = tuple(self._hands[seat]) if show else ()
        self._record(ShownAtStart(seat, tuple(card.id for card in hand)))
        self._start_shows += ((seat, hand),)
        self._advance()
        return tuple(self._events[start:])

    def show(self, seat: int, show: bool) -> tuple[Event, ...]:
        """明牌: the landlord, having taken the bottom cards, shows the hand to all, or not."""
        self._check_turn(seat, Decision.SHOW)
        self._check_answer(show)
        start = len(self._events)
        hand = tuple(self._hands[seat]) if show else ()
        self._record(Shown(seat, tuple(card.id for card in hand)))
        self._shows += ((seat, hand),)
        self._advance()
        return tuple(self._events[start:])

    def double(self, seat: int, double: bool, level: int = 1) -> tuple[Event, ...]:
        """加倍: each peasant in turn from the landlord's left, then the landlord,
        doubles or not; the landlord (反加倍, redoubling) only if a peasant doubled.
        `level` 2 is a super double (超级加倍), only a yes and only under that rule.
        Then the landlord leads."""
        self._check_turn(seat, Decision.DOUBLE)
        self._check_answer(double)
        if type(level) is not int or level not in (1, 2):
            raise IllegalAction(IllegalReason.NO_SUPER_DOUBLE, Phrase("illegal.no_super_double"))
        if level == 2 and not (double and self.rules.super_double):
            raise IllegalAction(IllegalReason.NO_SUPER_DOUBLE, Phrase("illegal.no_super_double"))
        start = len(self._events)
        self._record(Doubled(seat, double, level))
        self._doubles += ((seat, double),)
        if level == 2:
            self._super_doubles += (seat,)
        if len(self._doubles) < 3 and doubling_done(self._doubles) and not self._always_redouble:
            self._mark_rested()
        self._advance()
        return tuple(self._events[start:])

    def play(
        self,
        seat: int,
        cards: str | Combo | Iterable[Card | int],
        reading: Reading | str | None = None,
    ) -> tuple[Event, ...]:
        """Play cards: given as cards or card ids, or as ranks (a string or a Combo),
        in which case the lowest suits of each rank are taken from the hand. Under
        癞子, `reading` says what the wilds stand for (a `Reading` of the cards, or its
        `wilds` as a record writes them): needed when the cards can be read several
        ways that are legal now (`_read`)."""
        self._check_turn(seat, Decision.PLAY)
        chosen = self._pick(seat, cards)
        if not chosen:
            raise IllegalAction(IllegalReason.NOTHING_SELECTED, Phrase("illegal.nothing_selected"))
        read: Reading | None = None
        if self._wild is not None:
            read = self._read(chosen, reading)
            combo: Combo | None = read.combo
        elif reading is not None:
            raise IllegalAction(IllegalReason.NOT_A_READING, Phrase("illegal.no_wilds"))
        else:
            combo = cards if isinstance(cards, Combo) else classify(chosen)
            if combo is None or not beats(combo, self.to_beat):
                refused = refusal(chosen, self.to_beat)
                assert refused is not None
                raise IllegalAction(IllegalReason(refused.reason.value), refused.phrase)
        assert combo is not None
        start = len(self._events)
        hand = self._hands[seat]
        gone = set(chosen)
        self._hands[seat] = [card for card in hand if card not in gone]
        wilds = read.wilds if read is not None and read.wild_count else ""
        self._record(Played(seat, tuple(card.id for card in chosen), wilds))
        self._history.append((seat, combo.cards if read is None else read.cards))
        self._history_cards.append(tuple(chosen))
        self._plays[seat] += 1
        if read is None:
            self._bombs += combo.kind is Kind.BOMB
            self._rocket = self._rocket or combo.kind is Kind.ROCKET
        else:
            self._readings.append(read)
            self._count_bomb(read.bomb)
        self._trick = self._trick.after(seat, combo, read)
        if self._hands[seat]:
            self._progress = in_play(seat, False)
        else:
            self._finish(seat)
        return tuple(self._events[start:])

    def pass_turn(self, seat: int) -> tuple[Event, ...]:
        """Pass: allowed only when there is a play to beat."""
        self._check_turn(seat, Decision.PLAY)
        if self._trick.to_beat is None:
            raise IllegalAction(IllegalReason.MUST_PLAY, Phrase("illegal.must_play"))
        start = len(self._events)
        self._record(Passed(seat))
        self._history.append((seat, ""))
        self._history_cards.append(())
        if self._wild is not None:
            self._readings.append(None)
        trick = self._trick = self._trick.after(seat, None)
        leader = trick.leader
        if leader is not None:  # two passes: the trick's winner leads the next
            self._record(TrickWon(leader))
        self._progress = in_play(seat, False)
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
    def replaying(cls, events: Sequence[Event]) -> Iterator[tuple[Game, ActionEvent | None]]:
        """The replay, step by step: the same game after the deal (with None) and after
        each action (with that action's event), for whoever wants every state on the way.

        Raises ValueError, once the record is read that far, if it is not one this
        engine produces.
        """
        if not events or not isinstance(events[0], Started):
            raise ValueError("a record starts with a 'started' event")
        started = events[0]
        game = cls(
            started.seed,
            rules=started.rules,
            redeal_limit=started.limited,
            always_redouble=not started.rested,
            deck=started.deck,
        )
        if started.limited and len(events) > 1 and isinstance(events[1], Dealt):
            game._skip_to(events[1].number)
        yield game, None
        for event in events[1:]:
            try:
                if isinstance(event, Bid):
                    game.bid(event.seat, event.bid)
                elif isinstance(event, Called):
                    game.call(event.seat, event.take)
                elif isinstance(event, Shown):
                    game.show(event.seat, bool(event.cards))
                elif isinstance(event, ShownAtStart):
                    game.show_start(event.seat, bool(event.cards))
                elif isinstance(event, Doubled):
                    game.double(event.seat, event.double, event.level)
                elif isinstance(event, Played):
                    game.play(event.seat, event.cards, event.wilds or None)
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
        self._standing = None  # every action records an event: where it stands moves on

    def _redeal(self) -> None:
        """Nobody bid (or called): deal again. Under the redeal limit the record keeps
        only the deal just declined before the new one (what a player may want to see
        again; the earlier ones would make a record without bound), and `_deal` draws
        the landlord by lot once there were `REDEALS_BEFORE_LOT` redeals."""
        self.redeals += 1
        if self._limited and self._dealt_at > 1:
            del self._events[1 : self._dealt_at]
            self._mark_limited()
        self._deal_again()

    def _deal_again(self) -> None:
        """A redeal. Under 不洗牌 the hands thrown in are gathered in seat order, the
        bottom last, and that is the order the next deal is cut from."""
        if self.rules.no_shuffle:
            self._order = self.played_order()
        self._deal()

    def _mark_limited(self) -> None:
        """The record dropped a redeal: it replays only under the limit (version 3)."""
        started = self._events[0]
        assert isinstance(started, Started)
        self._events[0] = replace(started, limited=True)

    def _mark_rested(self) -> None:
        """The landlord was not asked to redouble: the record is version 4."""
        started = self._events[0]
        assert isinstance(started, Started)
        self._events[0] = replace(started, rested=True)

    def _skip_to(self, number: int) -> None:
        """Replaying a record whose first deal is redeal `number` (the earlier ones
        dropped): deal that many times more, keeping only the last. No bids are needed:
        a deal draws from the generator the same whatever was bid before it."""
        if not 0 < number < REDEALS_BEFORE_LOT:
            raise ValueError(f"a record that starts with deal {number}")
        while self.redeals < number:
            self.redeals += 1
            self._deal_again()
        del self._events[1 : self._dealt_at]
        self._dealt_at = 1
        self._mark_limited()

    def _deal(self) -> None:
        """A random permutation of the 54 ids: 17 to each seat, the last 3 to the bottom;
        or, under 不洗牌 with an order to deal from, that order cut at a random point and
        dealt in packets (`engine/deal.py`). The landlord is drawn by lot in the
        drawn-by-lot mode, and after `REDEALS_BEFORE_LOT` redeals in a row under the
        limit (the same draws either way: a seat to bid first, or the landlord)."""
        if self._order is None:
            order = list(range(len(DECK)))
            self._rng.shuffle(order)
            hands, bottom = split(order)
        else:
            hands, bottom = in_packets(cut(self._order, self._rng.randrange(1, len(DECK))))
        self._hands = [_sorted_hand(hand) for hand in hands]
        self._bottom = tuple(sorted(DECK[i] for i in bottom))
        self.landlord = None
        self._bids = []
        self._calls = ()
        self._shows = ()
        self._start_shows = ()
        self._doubles = ()
        self._super_doubles = ()
        self._history = []
        self._history_cards = []
        self._plays = [0, 0, 0]
        self._bombs = 0
        self._soft_bombs = 0
        self._wild_bombs = 0
        self._rocket = False
        self._wild = None
        self._readings = []
        self._base = 1
        self._trick = LEAD
        self._dealt_at = len(self._events)
        if self.landlord_mode is LandlordMode.RANDOM or self._by_lot():
            self._first_bidder = None
            self._record(self._dealt(None))
            self._make_landlord(self._rng.randrange(3), base=1)
        else:
            self._first_bidder = self._rng.randrange(3)
            self._record(self._dealt(self._first_bidder))
            self._advance()

    def _by_lot(self) -> bool:
        """Too many redeals in a row: this deal's landlord is drawn by lot."""
        return self._limited and self.redeals >= REDEALS_BEFORE_LOT

    def _dealt(self, first: int | None) -> Dealt:
        hands = per_seat(tuple(card.id for card in hand) for hand in self._hands)
        return Dealt(self.redeals, hands, tuple(c.id for c in self._bottom), first)

    def _make_landlord(self, seat: int, base: int) -> None:
        self.landlord = seat
        self._base = base
        ids = bubble_in([c.id for c in self._hands[seat]], (c.id for c in self._bottom))
        self._hands[seat] = [DECK[i] for i in ids]
        self._record(LandlordChosen(seat, base, tuple(c.id for c in self._bottom)))
        if self.rules.laizi:  # 癞子: the wild rank is drawn once the bottom is taken
            self._wild = WILD_RANKS[self._rng.randrange(len(WILD_RANKS))]
            self._record(WildDrawn(self._wild))
        self._advance()

    def _advance(self) -> None:
        """Where the deal stands now, by the one statement of the game's order."""
        history, hands = self._history, self._hands
        self._progress = progress(
            self.rules,
            self.landlord,
            self._first_bidder,
            self._bids,
            self._calls,
            bool(self._shows),
            self._doubles,
            history[-1][0] if history else None,
            not (hands[0] and hands[1] and hands[2]),
            always_redouble=self._always_redouble,
            start_shows=self._start_shows,
        )

    def _finish(self, seat: int) -> None:
        self._advance()
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
            raise IllegalAction(
                IllegalReason.NO_SUCH_SEAT, Phrase("illegal.no_such_seat", seat=seat)
            )

    def _check_turn(self, seat: int, decision: Decision) -> None:
        self._check_seat(seat)
        if self.decision is not decision:
            raise IllegalAction(IllegalReason.WRONG_PHASE, _not_now(self.decision, decision))
        if seat != self.turn:
            raise IllegalAction(
                IllegalReason.NOT_YOUR_TURN,
                Phrase("illegal.not_your_turn", seat=seat, turn=self.turn),
            )

    def _read(self, chosen: Sequence[Card], reading: Reading | str | None) -> Reading:
        """癞子: the reading these cards are played as. One given must be a reading of
        the cards (a `Reading`, or its `wilds`, as a record writes them) that beats the
        play to beat. None: the cards' one reading that is legal now; refused, asking
        for a choice, when several are (the game never chooses for a player)."""
        wild = self._wild
        assert wild is not None
        found = readings(chosen, wild)
        text = ranks_of(chosen)
        if not found:
            refused = Refusal(RefusalReason.INVALID_COMBINATION, text)
            raise IllegalAction(IllegalReason.INVALID_COMBINATION, refused.phrase)
        last = self._trick.reading
        if reading is not None:
            match = next((r for r in found if r == reading or r.wilds == reading), None)
            if match is None or (isinstance(reading, str) and not match.wild_count):
                raise IllegalAction(IllegalReason.NOT_A_READING, Phrase("illegal.not_a_reading"))
            legal = [match] if wild_beats(match, last) else []
            strongest = match
        else:
            legal = [r for r in found if wild_beats(r, last)]
            strongest = found[0]
        if len(legal) == 1:
            return legal[0]
        if legal:
            raise IllegalAction(
                IllegalReason.CHOOSE_READING, Phrase("illegal.choose_reading", n=len(legal))
            )
        assert last is not None  # a lead is beaten by anything
        same = strongest.kind is last.kind or (strongest.is_bomb and last.is_bomb)
        why = RefusalReason.NOT_STRONGER if same else RefusalReason.WRONG_KIND
        refused = Refusal(why, text, strongest.combo, last.combo)
        raise IllegalAction(IllegalReason(why.value), refused.phrase)

    def _count_bomb(self, bomb: BombClass | None) -> None:
        """癞子: a bomb played, counted by its class for the stake."""
        if bomb is BombClass.HARD:
            self._bombs += 1
        elif bomb is BombClass.SOFT:
            self._soft_bombs += 1
        elif bomb is BombClass.WILD:
            self._wild_bombs += 1
        elif bomb is BombClass.ROCKET:
            self._rocket = True

    @staticmethod
    def _check_answer(answer: object) -> None:
        if type(answer) is not bool:
            raise IllegalAction(IllegalReason.NOT_YES_OR_NO, Phrase("illegal.not_yes_or_no"))

    def _pick(self, seat: int, cards: str | Combo | Iterable[Card | int]) -> list[Card]:
        """The cards of `seat`'s hand meant by `cards`; IllegalAction if it lacks them."""
        hand = self._hands[seat]
        if isinstance(cards, Combo):
            cards = cards.cards
        if isinstance(cards, str):
            try:
                wanted = canonical(cards)
            except ValueError as exc:
                raise IllegalAction(
                    IllegalReason.INVALID_COMBINATION, Phrase.as_is(str(exc))
                ) from None
            try:
                return list(lowest_suits(wanted, hand))
            except ValueError:
                raise IllegalAction(
                    IllegalReason.NOT_IN_HAND,
                    Phrase("illegal.not_in_hand", cards=format_ranks(wanted)),
                ) from None
        chosen = [DECK[c] if isinstance(c, int) else c for c in cards]
        held = set(hand)
        if len(set(chosen)) != len(chosen) or not held.issuperset(chosen):
            missing = sorted(set(chosen) - held) or chosen
            raise IllegalAction(
                IllegalReason.NOT_IN_HAND,
                Phrase("illegal.not_in_hand", cards=format_ranks(ranks_of(missing))),
            )
        return sorted(chosen)

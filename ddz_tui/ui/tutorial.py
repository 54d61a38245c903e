"""The first-game lesson: one real hand, on a fixed deal, played step by step.

The lesson is data (`LESSON`): what the player does at each step, and what the other
two seats answer. `TutorialTable` is the `TableClient` the table screen plays it
through: a real `Game` on the lesson's seed, whose other seats play the script, and
which refuses, with a word of help, any action the step does not ask for (the game is
left as it was, the cards stay raised). `coach` says what to do next, from the step,
the cards raised and whether the hint key was pressed. Nothing here is kept in the
history: the lesson's table keeps no records.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum

from ddz_tui.cards import RANK_INDEX, Card, lowest_suits
from ddz_tui.engine import (
    PASS,
    Action,
    ActionRefused,
    Game,
    MakeBid,
    Pass,
    Play,
    Rules,
    next_seat,
)
from ddz_tui.i18n import Phrase, t
from ddz_tui.records.store import SeatLabel
from ddz_tui.table.seats import Listener, SeatInfo, SeatKind, TableState

LESSON_SEED = 5230
"""The deal of the lesson (the plain rules, bidding): you bid first and, as the
landlord, hold 3 3 4 5 5 5 5 7 7 7 8 9 10 J Q K A 2 and both jokers; the others hold
what the script below plays. `tests/ui/test_tutorial.py` plays it through."""
YOU = 0
REFUSED = "tutorial"
"""The code of the lesson's refusals (`ActionRefused.code`)."""


class Lesson(str, Enum):
    """What a step teaches; its words are `ui.tutorial.<part>.<value>`."""

    BID = "bid"
    PAIR = "pair"
    PASS = "pass"
    HINT = "hint"
    STRAIGHT = "straight"
    TRIO = "trio"
    BOMB = "bomb"
    ROCKET = "rocket"


class Move(Enum):
    BID = "bid"
    PLAY = "play"
    PASS = "pass"


@dataclass(frozen=True)
class Step:
    """One thing the player does: bid 3, play `ranks` (low to high), or pass; then
    what the next seats in turn do (`replies`: ranks to play, "" to pass)."""

    lesson: Lesson
    move: Move
    ranks: str = ""
    replies: tuple[str, ...] = ()

    @property
    def hint(self) -> bool:
        """The step of the hint key: its cards come from H."""
        return self.lesson is Lesson.HINT

    @property
    def keys(self) -> str:
        """The keys that raise the play, as the coach writes them."""
        return key_text(self.ranks)


LESSON: tuple[Step, ...] = (
    Step(Lesson.BID, Move.BID),
    Step(Lesson.PAIR, Move.PLAY, "33", replies=("88", "QQ")),
    Step(Lesson.PASS, Move.PASS, replies=("", "3")),
    Step(Lesson.HINT, Move.PLAY, "4", replies=("", "")),
    Step(Lesson.STRAIGHT, Move.PLAY, "89TJQKA", replies=("", "")),
    Step(Lesson.TRIO, Move.PLAY, "7772", replies=("", "AAA4")),
    Step(Lesson.BOMB, Move.PLAY, "5555", replies=("", "")),
    Step(Lesson.ROCKET, Move.PLAY, "BR"),
)
LESSON_BID = 3


def _low_to_high(ranks: Iterable[str]) -> str:
    return "".join(sorted(ranks, key=RANK_INDEX.__getitem__))


def ranks_of(cards: Iterable[Card]) -> str:
    """Cards as ranks, low to high."""
    return _low_to_high(card.rank for card in cards)


def key_text(ranks: str) -> str:
    """The keys for `ranks`, one per card (a ten is 0)."""
    return " ".join("0" if rank == "T" else rank for rank in ranks)


def _missing(step: Step, raised: str) -> str | None:
    """The ranks still to raise when `raised` is a part of the step's play (None when
    it is not: another card is up, or more of a rank than the play has)."""
    need, have = Counter(step.ranks), Counter(raised)
    if have - need:
        return None
    left = need - have
    return "".join(sorted(left.elements(), key=RANK_INDEX.__getitem__))


def coach(step: Step | None, raised: str, hinted: bool) -> str:
    """The coach's line: what to do next, from the cards raised (`raised`, as ranks)
    and whether the hint key was pressed in this step. None: the lesson is over."""
    if step is None:
        return t("ui.tutorial.coach.done")
    lesson = step.lesson.value
    if step.move is not Move.PLAY:
        if raised:
            return t("ui.tutorial.lower_for_pass")
        return t(f"ui.tutorial.coach.{lesson}")
    if not raised:
        return t(f"ui.tutorial.coach.{lesson}")
    if step.hint and not hinted:  # the step is the hint key's, whatever is raised
        return t("ui.tutorial.hint_first" if raised == step.ranks else "ui.tutorial.wrong_hint")
    if raised == step.ranks:
        return t(f"ui.tutorial.ready.{lesson}")
    if step.hint:
        return t("ui.tutorial.hint_again")
    left = _missing(step, raised)
    if left is None:
        return t("ui.tutorial.wrong", keys=step.keys)
    return t("ui.tutorial.more", keys=key_text(left))


def refusal(step: Step | None, action: Action) -> Phrase | None:
    """Why the lesson refuses `action` at `step` (None: it is the step's)."""
    if step is None:
        return Phrase("ui.tutorial.refuse.over")
    if step.move is Move.BID:
        right = isinstance(action, MakeBid) and action.points == LESSON_BID
    elif step.move is Move.PASS:
        right = isinstance(action, Pass)
    else:
        right = isinstance(action, Play) and _low_to_high(action.ranks) == step.ranks
    if right:
        return None
    if isinstance(action, Play) and not action.ranks and step.move is not Move.BID:
        return _nothing_raised(step)  # Enter with no card up: nothing to lower
    return Phrase(f"ui.tutorial.refuse.{step.lesson.value}", keys=step.keys)


def _nothing_raised(step: Step) -> Phrase:
    """Enter with no card raised: what to do instead (the keys of the step's cards, the
    hint key, or P), not how to lower cards that are not up."""
    if step.move is Move.PASS:
        return Phrase("ui.tutorial.empty.pass")
    if step.hint:
        return Phrase("ui.tutorial.hint_first")
    return Phrase("ui.tutorial.empty.play", keys=step.keys)


def lesson_seats() -> tuple[SeatInfo, SeatInfo, SeatInfo]:
    """You, and the two seats the script plays (named as a game against bots names them)."""
    return (
        SeatInfo(t("ui.you"), label=SeatLabel.YOU),
        SeatInfo(t("ui.seat.right"), SeatKind.BOT, label=SeatLabel.RIGHT),
        SeatInfo(t("ui.seat.left"), SeatKind.BOT, label=SeatLabel.LEFT),
    )


class TutorialTable:
    """The lesson's table (a `TableClient`): a real game on `LESSON_SEED`, the other
    seats playing the script, `pace` seconds apart; an action the step does not ask
    for is refused (`ActionRefused`, code `REFUSED`) and changes nothing."""

    def __init__(self, pace: float = 0.0) -> None:
        self.seat = YOU
        self.pace = pace
        self.seats = lesson_seats()
        self.game = Game(LESSON_SEED, rules=Rules())
        self.index = 0
        self.hinted = False  # the hint key was pressed in this step
        self._listener: Listener | None = None

    @property
    def step(self) -> Step | None:
        """The step due now; None once the lesson's hand is over."""
        return LESSON[self.index] if self.index < len(LESSON) else None

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listener = listener
        self._publish()

        def unsubscribe() -> None:
            self._listener = None

        return unsubscribe

    def _publish(self, thinking: int | None = None) -> None:
        if self._listener is not None:
            view = self.game.view(YOU)
            self._listener(TableState(YOU, self.seats, view, thinking=thinking))

    async def act(self, action: Action) -> None:
        step = self.step
        if step is not None and step.hint and not self.hinted:
            raise ActionRefused(REFUSED, Phrase("ui.tutorial.hint_first"))
        why = refusal(step, action)
        if why is not None:
            raise ActionRefused(REFUSED, why)
        assert step is not None
        if self.game.turn != YOU:  # the script has not answered yet
            raise ActionRefused(REFUSED, Phrase("ui.tutorial.refuse.wait"))
        self.game.act(YOU, action)
        self.index += 1
        self.hinted = False
        self._publish()
        seat = YOU
        for reply in step.replies:
            seat = next_seat(seat)
            if self.pace > 0:
                self._publish(thinking=seat)
                await asyncio.sleep(self.pace)
            hand = self.game.view(seat).hand
            self.game.act(seat, Play(lowest_suits(reply, hand)) if reply else PASS)
            self._publish()

    async def next_game(self) -> None:
        """The lesson is one hand: there is no next one."""

    async def close(self) -> None:
        self._listener = None

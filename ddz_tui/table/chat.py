"""Chat at a table: quick phrases and players' own words, with their limits.

A quick phrase is a `QuickPhrase`, an id that every reader puts into words in their own
language (the wire carries the id, never the words). A player's own words are made
printable (`ddz_tui.text`, the one definition) and kept to `CHAT_MAX` characters. Each
sender is held to `PER_SECOND` and `PER_MINUTE` lines by a `ChatLimit` that reads an
injected clock; past it the sender is told how long to wait, and nothing is said.

`TableChat` is one table's chat: it hands each line to its listeners (the seats'
screens, a server's connections), keeps the last `HISTORY` lines, and lets a bot answer
a few phrases in kind, rarely: at most one answer to a line, each bot at most once
every `BOT_COOLDOWN` seconds. Chat is players' own words: the game never puts a card
into it, and a table can have it off (`TableChat.on`).
"""

from __future__ import annotations

import logging
import math
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from ddz_tui.engine import ActionRefused
from ddz_tui.i18n import Lang, Phrase, t
from ddz_tui.table.seats import SeatInfo, SeatKind
from ddz_tui.table.timing import Clock, Timer
from ddz_tui.text import printable

log = logging.getLogger(__name__)

CHAT_MAX = 80  # characters in a line of a player's own words
PER_SECOND = 1  # lines a sender may say in any second
PER_MINUTE = 30  # and in any minute
HISTORY = 50  # lines a table (or a screen) keeps
SHOWN_SECONDS = 4.0  # a line shows beside its sender's seat this long
BOT_ANSWER_CHANCE = 0.4  # how often a bot answers a phrase it can answer
BOT_AFTER_GAME_CHANCE = 0.2  # how often a bot says "well played" when a game ends
BOT_COOLDOWN = 45.0  # seconds between two lines of one bot
BOT_DELAY = 1.5  # seconds before a bot answers, as a person would


class QuickPhrase(str, Enum):
    """The classic table phrases: the value is the id on the wire and in the words'
    keys (`table.phrase.<id>`)."""

    HURRY = "hurry"
    WELL_PLAYED = "well_played"
    BOMB = "bomb"
    SORRY = "sorry"
    THANKS = "thanks"
    TEAMWORK = "teamwork"
    NICE_CARDS = "nice_cards"
    AGAIN = "again"

    def words(self, lang: Lang | None = None) -> str:
        return t(f"table.phrase.{self.value}", lang)


BOT_ANSWERS: dict[QuickPhrase, QuickPhrase] = {
    QuickPhrase.WELL_PLAYED: QuickPhrase.THANKS,
    QuickPhrase.NICE_CARDS: QuickPhrase.THANKS,
    QuickPhrase.TEAMWORK: QuickPhrase.TEAMWORK,
    QuickPhrase.AGAIN: QuickPhrase.AGAIN,
    QuickPhrase.HURRY: QuickPhrase.SORRY,
}
"""What a bot may answer to a phrase (to nothing else: never to a person's own words)."""


class ChatRefusal(str, Enum):
    """Why a line was not said; the value is the reason on the wire."""

    OFF = "chat_off"  # this table has chat turned off
    LIMITED = "chat_limited"  # past the sender's rate
    BAD_TEXT = "bad_field"  # empty, or too long


class ChatRefused(ActionRefused):
    """A line the table would not say: `refusal` for code, the phrase for the sender
    (the table screen shows it as it does a refused play)."""

    def __init__(self, refusal: ChatRefusal, phrase: Phrase) -> None:
        super().__init__(refusal.value, phrase)
        self.refusal = refusal


@dataclass(frozen=True)
class ChatLine:
    """One line said: by `name`, from `seat` (None: in the lobby), a quick phrase or
    the sender's own words (exactly one of them)."""

    name: str
    seat: int | None
    phrase: QuickPhrase | None = None
    text: str | None = None

    def words(self, lang: Lang | None = None) -> str:
        """What the line says, in the reader's language for a phrase."""
        return self.phrase.words(lang) if self.phrase is not None else self.text or ""


def chat_text(text: str) -> str:
    """A player's own words as they will be said: printable, trimmed, at most
    `CHAT_MAX` characters; ChatRefused when nothing is left or it is too long."""
    said = " ".join(printable(text).split())
    if not said:
        raise ChatRefused(ChatRefusal.BAD_TEXT, Phrase("table.chat.empty"))
    if len(said) > CHAT_MAX:
        raise ChatRefused(ChatRefusal.BAD_TEXT, Phrase("table.chat.too_long", n=CHAT_MAX))
    return said


class ChatLimit:
    """One sender's rate: `per_second` lines in any second and `per_minute` in any
    minute, by `now` (a clock's reading). A refused line does not count."""

    def __init__(
        self, now: Callable[[], float], per_second: int = PER_SECOND, per_minute: int = PER_MINUTE
    ) -> None:
        self._now = now
        self._second: deque[float] = deque(maxlen=per_second)
        self._minute: deque[float] = deque(maxlen=per_minute)

    def check(self) -> None:
        """Count a line now, or raise ChatRefused saying how long to wait."""
        now = self._now()
        for times, span, key in (
            (self._second, 1.0, "table.chat.too_fast"),
            (self._minute, 60.0, "table.chat.too_many"),
        ):
            if len(times) == times.maxlen and now - times[0] < span:
                wait = max(1, math.ceil(span - (now - times[0])))
                raise ChatRefused(ChatRefusal.LIMITED, Phrase(key, n=times.maxlen, s=wait))
        self._second.append(now)
        self._minute.append(now)


ChatListener = Callable[[ChatLine], object]  # what it returns is not read


class TableChat:
    """One table's chat. Use from the table's event loop.

    seats: who sits where now (a host's `seats`), for the senders' names and the bots.
    rng: draws whether a bot answers (a test hands in one of its own).
    on: False for a table with chat turned off: every line is refused, bots say nothing.
    """

    def __init__(
        self,
        seats: Callable[[], tuple[SeatInfo, SeatInfo, SeatInfo]],
        clock: Clock,
        rng: random.Random | None = None,
        on: bool = True,
    ) -> None:
        self._seats = seats
        self.clock = clock
        self.rng = rng or random.Random()
        self.on = on
        self.lines: deque[ChatLine] = deque(maxlen=HISTORY)
        self._listeners: list[ChatListener] = []
        self._limits = [ChatLimit(clock.now) for _ in range(3)]
        self._bot_spoke: dict[int, float] = {}  # a bot's seat: when it last said something
        self._timers: list[Timer] = []

    def subscribe(self, listener: ChatListener) -> Callable[[], None]:
        """Call `listener` with every line said from now on."""
        self._listeners.append(listener)

        def stop() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return stop

    def say(
        self,
        seat: int,
        phrase: QuickPhrase | None = None,
        text: str | None = None,
        limit: ChatLimit | None = None,
    ) -> ChatLine:
        """`seat` says a phrase or its own words (held to `limit`, the sender's, by
        default the seat's); ChatRefused says why not."""
        if not self.on:
            raise ChatRefused(ChatRefusal.OFF, Phrase("table.chat.off"))
        if (phrase is None) == (text is None):
            raise ChatRefused(ChatRefusal.BAD_TEXT, Phrase("table.chat.empty"))
        words = None if text is None else chat_text(text)
        (limit or self._limits[seat]).check()
        line = ChatLine(self._seats()[seat].name, seat, phrase, words)
        self._tell(line)
        if phrase is not None and phrase in BOT_ANSWERS:
            self._maybe_answer(seat, BOT_ANSWERS[phrase], BOT_ANSWER_CHANCE)
        return line

    def game_over(self, winners: frozenset[int]) -> None:
        """A game ended: a bot of the losing side may say "well played", now and then."""
        losers = frozenset(range(3)) - winners
        self._maybe_answer(None, QuickPhrase.WELL_PLAYED, BOT_AFTER_GAME_CHANCE, losers, 0.0)

    def close(self) -> None:
        for timer in self._timers:
            timer.cancel()
        self._timers.clear()
        self._listeners.clear()

    def _tell(self, line: ChatLine) -> None:
        self.lines.append(line)
        for listener in list(self._listeners):
            try:
                listener(line)
            except Exception:  # one reader's failure is not the table's
                log.exception("a chat listener failed")

    def _maybe_answer(
        self,
        sender: int | None,
        answer: QuickPhrase,
        chance: float,
        among: frozenset[int] = frozenset(range(3)),
        delay: float = BOT_DELAY,
    ) -> None:
        """One bot of `among` (not `sender`), free to speak, says `answer` now and then,
        after `delay` seconds (0: at once, with the game's end, and no timer left)."""
        if not self.on:
            return
        now = self.clock.now()
        seats = self._seats()
        bots = [
            seat
            for seat in sorted(among)
            if seat != sender
            and seats[seat].kind is SeatKind.BOT
            and now - self._bot_spoke.get(seat, -math.inf) >= BOT_COOLDOWN
        ]
        if not bots or self.rng.random() >= chance:
            return
        bot = self.rng.choice(bots)
        self._bot_spoke[bot] = now  # held from now, so two lines cannot both be answered

        def speak() -> None:
            self._timers[:] = [timer for timer in self._timers if timer is not handle]
            info = self._seats()[bot]
            if self.on and info.kind is SeatKind.BOT:
                self._tell(ChatLine(info.name, bot, answer))

        handle: Timer | None = None
        if delay <= 0:
            speak()
            return
        handle = self.clock.call_later(delay, speak)
        self._timers.append(handle)

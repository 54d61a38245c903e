"""A table's chat: quick phrases, players' own words made printable and short, each
sender's rate by a clock the test moves, a table with chat off, and bots that answer
a few phrases, rarely."""

from __future__ import annotations

import random

import pytest

from ddz_tui.i18n import Lang
from ddz_tui.table.chat import (
    BOT_COOLDOWN,
    BOT_DELAY,
    CHAT_MAX,
    HISTORY,
    ChatLimit,
    ChatLine,
    ChatRefusal,
    ChatRefused,
    QuickPhrase,
    TableChat,
    chat_text,
)
from ddz_tui.table.clients import Chatting, LocalTable
from ddz_tui.table.host import TableHost
from ddz_tui.table.seats import SeatInfo, SeatKind
from tests.support.clock import ManualClock

SEATS = (
    SeatInfo("ann"),
    SeatInfo("Bot 2", SeatKind.BOT, "normal"),
    SeatInfo("Bot 3", SeatKind.BOT, "normal"),
)


class Rigged(random.Random):
    """Draws `value` every time: a bot always (0.0) or never (0.99) answers."""

    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


def _chat(clock: ManualClock, rng: random.Random | None = None, **kwargs: object) -> TableChat:
    return TableChat(lambda: SEATS, clock, rng or Rigged(0.99), **kwargs)  # type: ignore[arg-type]


def _heard(chat: TableChat) -> list[ChatLine]:
    lines: list[ChatLine] = []
    chat.subscribe(lines.append)
    return lines


def test_every_phrase_has_words_in_both_languages() -> None:
    for phrase in QuickPhrase:
        english, chinese = phrase.words(Lang.EN), phrase.words(Lang.ZH)
        assert english and chinese and english != chinese
    assert QuickPhrase.HURRY.words(Lang.ZH).startswith("快点吧")
    assert len(QuickPhrase) >= 8


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("hi\x1b]52;c;aGk=\x07 there", "hi]52;c;aGk= there"),  # ESC and BEL dropped
        ("a\x9b2Jb", "a2Jb"),  # C1's CSI dropped
        ("evil\u202egnp.exe", "evilgnp.exe"),  # a bidi override dropped
        ("zero\u200bwidth\ufeff", "zerowidth"),
        ("two\nlines\tand  spaces ", "two lines and spaces"),
        ("你好 🂡", "你好 🂡"),
    ],
)
def test_own_words_are_made_printable(typed: str, said: str) -> None:
    assert chat_text(typed) == said


def test_own_words_are_at_most_80_characters_and_never_empty() -> None:
    assert chat_text("x" * CHAT_MAX) == "x" * CHAT_MAX
    with pytest.raises(ChatRefused) as long:
        chat_text("x" * (CHAT_MAX + 1))
    assert long.value.refusal is ChatRefusal.BAD_TEXT
    assert "80" in long.value.phrase.render(Lang.EN)
    for empty in ("", "   ", "\x1b\x07", "\u202e"):
        with pytest.raises(ChatRefused):
            chat_text(empty)


def test_a_sender_may_say_one_line_a_second() -> None:
    clock = ManualClock()
    limit = ChatLimit(clock.now)
    limit.check()
    clock.advance(0.5)
    with pytest.raises(ChatRefused) as refused:
        limit.check()
    assert refused.value.refusal is ChatRefusal.LIMITED
    assert refused.value.phrase.render(Lang.EN) == "1 line a second at most: wait 1 s"
    clock.advance(0.5)
    limit.check()  # a second after the first


def test_a_sender_may_say_30_lines_a_minute_and_is_told_how_long_to_wait() -> None:
    clock = ManualClock()
    limit = ChatLimit(clock.now)
    for _ in range(30):
        limit.check()
        clock.advance(1.0)
    # 30 lines in 30 s: the 31st waits until the first is a minute old
    with pytest.raises(ChatRefused) as refused:
        limit.check()
    assert refused.value.phrase.render(Lang.EN) == "30 lines a minute at most: wait 30 s"
    assert refused.value.phrase.render(Lang.ZH) == "每分钟最多30条：请等30秒"
    clock.advance(29.5)
    with pytest.raises(ChatRefused):
        limit.check()  # refused lines do not count, nor move the wait
    clock.advance(0.5)
    limit.check()


def test_lines_reach_every_listener_and_the_table_keeps_the_last_50() -> None:
    clock = ManualClock()
    chat = _chat(clock)
    first, second = _heard(chat), _heard(chat)
    chat.say(0, QuickPhrase.HURRY)
    clock.advance(1)
    chat.say(0, text="  good luck\x1b[2J ")
    assert (
        first
        == second
        == [
            ChatLine("ann", 0, QuickPhrase.HURRY),
            ChatLine("ann", 0, None, "good luck[2J"),
        ]
    )
    for _ in range(HISTORY + 5):
        clock.advance(2.5)  # within 30 lines a minute
        chat.say(0, QuickPhrase.SORRY)
    assert len(chat.lines) == HISTORY


def test_a_refused_line_is_said_to_nobody() -> None:
    clock = ManualClock()
    chat = _chat(clock)
    heard = _heard(chat)
    chat.say(0, QuickPhrase.BOMB)
    with pytest.raises(ChatRefused):
        chat.say(0, QuickPhrase.BOMB)  # within the second
    with pytest.raises(ChatRefused):
        chat.say(0, text="y" * 81)
    with pytest.raises(ChatRefused):
        chat.say(0)  # neither a phrase nor words
    assert len(heard) == 1


def test_a_table_with_chat_off_says_nothing_and_its_bots_neither() -> None:
    clock = ManualClock()
    chat = _chat(clock, Rigged(0.0), on=False)
    heard = _heard(chat)
    with pytest.raises(ChatRefused) as refused:
        chat.say(0, QuickPhrase.WELL_PLAYED)
    assert refused.value.refusal is ChatRefusal.OFF
    chat.game_over(frozenset({0}))
    clock.advance(BOT_DELAY * 10)
    assert heard == []


def test_a_bot_answers_a_phrase_in_kind_once_and_then_keeps_quiet_a_while() -> None:
    clock = ManualClock()
    chat = _chat(clock, Rigged(0.0))  # a bot always would
    heard = _heard(chat)
    chat.say(0, QuickPhrase.WELL_PLAYED)
    assert len(heard) == 1  # the bot takes a moment, as a person would
    clock.advance(BOT_DELAY)
    assert len(heard) == 2
    answer = heard[1]
    assert answer.seat in (1, 2) and answer.phrase is QuickPhrase.THANKS
    assert answer.name == SEATS[answer.seat].name
    # one answer to a line, then the bots that spoke keep quiet for BOT_COOLDOWN
    for _ in range(10):
        clock.advance(2)
        chat.say(0, QuickPhrase.WELL_PLAYED)
    clock.advance(BOT_DELAY)
    bot_lines = [line for line in heard if line.seat != 0]
    assert len(bot_lines) == 2  # both bots, once each, within BOT_COOLDOWN
    assert BOT_COOLDOWN > 10 * 2 + BOT_DELAY


def test_bots_answer_no_players_own_words_nor_any_phrase_but_a_few() -> None:
    clock = ManualClock()
    chat = _chat(clock, Rigged(0.0))
    heard = _heard(chat)
    chat.say(0, text="well played")
    clock.advance(2)
    chat.say(0, QuickPhrase.BOMB)
    clock.advance(BOT_DELAY * 4)
    assert [line.seat for line in heard] == [0, 0]


def test_bots_mostly_keep_quiet() -> None:
    clock = ManualClock()
    chat = _chat(clock, Rigged(0.99))
    heard = _heard(chat)
    for _ in range(20):
        chat.say(0, QuickPhrase.AGAIN)
        clock.advance(BOT_COOLDOWN)
    assert all(line.seat == 0 for line in heard)


def test_a_losing_bot_may_say_well_played_when_the_game_ends_at_once() -> None:
    clock = ManualClock()
    chat = _chat(clock, Rigged(0.0))
    heard = _heard(chat)
    chat.game_over(frozenset({0}))  # ann won
    assert len(heard) == 1 and heard[0].phrase is QuickPhrase.WELL_PLAYED
    assert heard[0].seat in (1, 2)
    assert clock.pending == []  # no timer left behind: the game's end waits for nothing


async def test_a_local_table_chats_through_its_host() -> None:
    clock = ManualClock()
    host = TableHost(list(SEATS), clock=clock, seed=1)
    table = LocalTable(host)
    assert isinstance(table, Chatting)
    heard: list[ChatLine] = []
    stop = table.subscribe_chat(heard.append)
    await table.say(QuickPhrase.SORRY)
    with pytest.raises(ChatRefused):
        await table.say(text="x" * 200)
    stop()
    clock.advance(2)
    await table.say(text="gone")
    assert heard == [ChatLine("ann", 0, QuickPhrase.SORRY)]
    await host.close()


async def test_a_host_made_with_chat_off_refuses_every_line() -> None:
    host = TableHost(list(SEATS), clock=ManualClock(), chat=False)
    with pytest.raises(ChatRefused):
        await LocalTable(host).say(QuickPhrase.HURRY)
    await host.close()

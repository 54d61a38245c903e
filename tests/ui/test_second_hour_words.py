"""Words of issue 34's second hour: the landlord's 加倍 is a redouble everywhere, as
its question says (the result, the replay, the seats), in English and Chinese.

At seed 3 of the random house game we (seat 0) are the landlord, a peasant doubles and
we redouble; at seed 8 we are the landlord and decline.
"""

from __future__ import annotations

import pytest

from ddz_tui.engine import Doubled, LandlordMode, Multiplier, Role, Rules
from ddz_tui.i18n import Lang
from ddz_tui.ui.app import DdzApp
from ddz_tui.ui.screens.replay import Replay, ReplayScreen
from ddz_tui.ui.screens.result import own_parts
from ddz_tui.ui.show.table import SeatShow
from ddz_tui.ui.widgets.table_parts import MessageLine, SeatPanel
from tests.support.house_play import random_game
from tests.support.ui import SpySound, make_app, text_of

HOUSE = Rules(LandlordMode.GRAB, doubling=True, showing=True)
WE_REDOUBLE = 3
WE_DO_NOT = 8

WORDS = {
    Lang.EN: {"yes": "Redouble", "no": "No redouble", "part": "landlord redoubled ×2"},
    Lang.ZH: {"yes": "再加倍", "no": "不加倍", "part": "地主再加倍 ×2"},
}


@pytest.mark.parametrize("lang", list(Lang))
async def test_the_result_says_the_landlord_redoubled(lang: Lang) -> None:
    """A peasant's stake: the landlord's factor is said as the question said it."""
    async with make_app(lang=lang).run_test():  # the app's language, not the process's
        line = own_parts(Multiplier(doubled=(False, False, True)), 0, 2, False, "X")
    assert WORDS[lang]["part"] in line
    assert "landlord doubled" not in line and "地主加倍" not in line


async def replay_lines(lang: Lang, seed: int) -> tuple[str, str, str]:
    """The landlord's 加倍 step of a replay of `seed`: the message, the calls line and
    our own line (we are the landlord)."""
    game = random_game(seed, HOUSE)
    store = make_app().store
    app = DdzApp(store, lang=lang, make_sound=SpySound, replay=Replay.of(game.events, my_seat=0))
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for _ in range(len(screen.replay.frames)):
            action = screen.frame.action
            if isinstance(action, Doubled) and action.seat == screen.frame.landlord == 0:
                return (
                    text_of(screen.query_one(MessageLine)),
                    str(screen.query_one("#bids").render()),
                    str(screen.query_one("#replay-me").render()),
                )
            await pilot.press("right")
    raise AssertionError("the landlord never answered")


@pytest.mark.parametrize("lang", list(Lang))
async def test_the_replay_says_the_landlord_redoubles(lang: Lang) -> None:
    said, calls, me = await replay_lines(lang, WE_REDOUBLE)
    words = WORDS[lang]
    stop = "." if lang is Lang.EN else "。"
    assert said.strip().endswith(f"{words['yes']}{stop}"), said
    doubled, redoubled = calls.split("Doubled: " if lang is Lang.EN else "  加倍：")[-1].split("  ")
    assert redoubled.startswith("Redoubled: " if lang is Lang.EN else "再加倍："), calls
    assert redoubled.split("：" if lang is Lang.ZH else ": ")[1] not in doubled, calls
    assert ("Redoubled" if lang is Lang.EN else "再加倍") in me, me
    said, _, _ = await replay_lines(lang, WE_DO_NOT)
    assert said.strip().endswith(f"{words['no']}{stop}"), said


@pytest.mark.parametrize("lang", list(Lang))
async def test_a_landlord_s_seat_says_redoubled(lang: Lang) -> None:
    """The seat panel of a landlord who said yes (the replay's and the table's)."""
    async with make_app(lang=lang).run_test():
        landlord = SeatPanel.role_line(SeatShow("L", role=Role.LANDLORD, doubled=True)).plain
        peasant = SeatPanel.role_line(SeatShow("P", role=Role.PEASANT, doubled=True)).plain
    assert landlord.endswith("Redoubled" if lang is Lang.EN else "再加倍"), landlord
    assert peasant.endswith("Doubled" if lang is Lang.EN else "加倍"), peasant
    assert "再加倍" not in peasant and "Redoubled" not in peasant


@pytest.mark.parametrize("lang", list(Lang))
async def test_the_replay_joins_its_sentences_as_the_language_writes_them(lang: Lang) -> None:
    """`你：1分。你成为地主，拿走底牌。`: no space after 。 in Chinese (there was one);
    `You: 1. Landlord: You, …` in English, in the same process."""
    game = random_game(1, Rules())
    app = DdzApp(
        make_app().store, lang=lang, make_sound=SpySound, replay=Replay.of(game.events, my_seat=0)
    )
    joined = []
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for _ in range(len(screen.replay.frames)):
            said = text_of(screen.query_one(MessageLine)).strip()
            if said.count("。" if lang is Lang.ZH else ". ") >= (2 if lang is Lang.ZH else 1):
                joined.append(said)
            await pilot.press("right")
    assert joined, "no step said two sentences"
    for said in joined:
        if lang is Lang.ZH:
            assert "。 " not in said, said
        else:
            assert ". " in said and ".L" not in said, said

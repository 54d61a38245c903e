"""The lesson in issue 34's second hour: the coach's two lines hide nothing of the
table at 80x24 (they hid the bottom edge of the cards played in the middle), in
English and Chinese."""

from __future__ import annotations

import pytest

from ddz_tui.i18n import Lang
from ddz_tui.ui.tutorial import Lesson
from tests.support.ui import make_app
from tests.ui.test_tutorial import SIZE, message_text, open_lesson, press, step_of

CARD_ROWS = 4  # a card of the chips style: its top edge, rank, suit and bottom edge


@pytest.mark.parametrize("lang", list(Lang))
async def test_the_coach_hides_none_of_the_cards_played(lang: Lang) -> None:
    app = make_app(lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lesson(pilot)
        await press(pilot, "3", "3", "3", "enter")  # bid 3, then the pair of 3s
        assert step_of(screen) is Lesson.PASS
        mine = screen.query_one("#my-play")
        coach = screen.query_one("#lesson-coach")
        assert mine.region.height >= CARD_ROWS, mine.region
        assert mine.region.bottom <= coach.region.y
        for side in ("#left-play", "#right-play"):
            lane = screen.query_one(side)
            assert lane.region.height >= CARD_ROWS + 1, lane.region  # below its padding
            assert lane.region.bottom <= mine.region.y


NOTHING_RAISED = {
    Lang.EN: {
        Lesson.PAIR: "press 3 3 to raise this step's cards, then Enter",
        Lesson.PASS: "press P to pass",
        Lesson.HINT: "Press H first",
    },
    Lang.ZH: {
        Lesson.PAIR: "先按 3 3 选出这一步的牌，再按回车",
        Lesson.PASS: "按 P 不出",
        Lesson.HINT: "先按 H",
    },
}


@pytest.mark.parametrize("lang", list(Lang))
async def test_enter_with_nothing_raised_says_what_to_raise(lang: Lang) -> None:
    """Not `Esc lowers the cards`: there are none to lower."""
    app = make_app(lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lesson(pilot)
        await press(pilot, "3")
        said = {}
        for keys in (("3", "3", "enter"), ("p",), ()):
            step = step_of(screen)
            assert step is not None and not screen.hand.selected
            await press(pilot, "enter")
            assert step_of(screen) is step, "refused: the step is the same"
            said[step] = message_text(pilot)
            await press(pilot, *keys)
    for step, words in NOTHING_RAISED[lang].items():
        assert words in said[step], said[step]
        assert "Esc" not in said[step], said[step]

"""The lesson in issue 34's second hour: the coach's two lines hide nothing of the
table at 80x24 (they hid the bottom edge of the cards played in the middle), in
English and Chinese."""

from __future__ import annotations

import pytest

from ddz_tui.i18n import Lang
from ddz_tui.ui.tutorial import Lesson
from tests.support.ui import make_app
from tests.ui.test_tutorial import SIZE, open_lesson, press, step_of

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

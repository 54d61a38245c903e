"""The lesson in issue 34's second hour: the coach's two lines hide nothing of the
table at 80x24 (they hid the bottom edge of the cards played in the middle), in
English and Chinese; Enter with nothing raised says what to raise; Chinese words in
its dialogs wrap between any two characters."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from ddz_tui.i18n import Lang
from ddz_tui.ui.screens.tutorial import TutorialOffer
from ddz_tui.ui.tutorial import Lesson
from tests.support.ui import make_app, text_of
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


# --- Chinese wraps between any two characters ------------------------------------------

STARTS_NOTHING = "、，。：；！？）」"


def shown_lines(widget) -> list[str]:
    return [line.strip() for line in text_of(widget).splitlines() if line.strip()]


async def test_chinese_dialog_words_wrap_between_characters() -> None:
    """The lesson's offer and its coach: no line starts with 、 (the offer's second line
    did), and a line breaks where it is full, not at the last space before a digit or a
    letter (`…上家又用对 Q` / `管上。…` broke 20 cells early)."""
    app = make_app(lang=Lang.ZH)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        pilot.app.push_screen(TutorialOffer())
        await pilot.pause()
        offer = shown_lines(pilot.app.screen.query_one(".tutorial-text"))
        assert len(offer) >= 2
        for line in offer[1:]:
            assert line[0] not in STARTS_NOTHING, offer
        room = pilot.app.screen.query_one(".tutorial-text").content_size.width
        for line in offer[:-1]:
            assert cell_len(line) >= room - 4, offer  # full but for a mark kept together
        await pilot.press("escape")
        screen = await open_lesson(pilot)
        await press(pilot, "3", "3", "3", "enter")
        coach = screen.query_one("#lesson-coach")
        lines = shown_lines(coach)
        assert len(lines) == 2 and "上家又用对 Q 管上。" in lines[0], lines
        assert cell_len(lines[0]) >= coach.content_size.width - 2, lines
        for line in lines[1:]:
            assert line[0] not in STARTS_NOTHING, lines


def test_fold_lines_keeps_marks_with_what_they_close() -> None:
    """Unit: a closing mark never starts a line, an opening one never ends one; English
    breaks at spaces only; a word too long for a line is cut at its end."""
    from ddz_tui.ui.widgets.prose import fold_lines  # here: the Pilot tests ran before it was

    assert fold_lines("甲乙丙、丁", 6) == ["甲乙", "丙、丁"]
    assert fold_lines("甲乙（丙丁", 6) == ["甲乙", "（丙丁"]
    assert fold_lines("对 Q 管上。能", 8) == ["对 Q 管", "上。能"]
    assert fold_lines("Keep your bomb for later", 10) == ["Keep your", "bomb for", "later"]
    assert fold_lines("abcdefghij", 4) == ["abcd", "efgh", "ij"]
    assert fold_lines("  缩进\n第二段", 20) == ["  缩进", "第二段"]

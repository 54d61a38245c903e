"""The first-game lesson (issue 34): a real hand at the real table, played by keys step
by step, wrong keys answered with help and the hand left as it was; offered once, on
the very first start; nothing kept in the history."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.pilot import Pilot

from ddz_tui.engine import Phase
from ddz_tui.i18n import Lang
from ddz_tui.ui.screens.title import TitleScreen
from ddz_tui.ui.screens.tutorial import TutorialDone, TutorialOffer, TutorialScreen
from ddz_tui.ui.settings import Settings, SettingsStore
from ddz_tui.ui.theme import theme_names
from ddz_tui.ui.tutorial import LESSON, Lesson, ranks_of
from tests.support.ui import NotingApp, SpySound, make_app, text_of, wait_for

SIZE = (80, 24)


def lesson_of(pilot: Pilot) -> TutorialScreen:
    screen = pilot.app.screen
    assert isinstance(screen, TutorialScreen), screen
    return screen


def coach_text(pilot: Pilot) -> str:
    return text_of(lesson_of(pilot).query_one("#lesson-coach")).replace("\n", " ")


def message_text(pilot: Pilot) -> str:
    return text_of(lesson_of(pilot).query_one("#message"))


async def settled(pilot: Pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def press(pilot: Pilot, *keys: str) -> None:
    await pilot.press(*keys)
    await settled(pilot)


async def open_lesson(pilot: Pilot) -> TutorialScreen:
    await pilot.press("u")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, TutorialScreen))
    await settled(pilot)
    return lesson_of(pilot)


def step_of(screen: TutorialScreen) -> Lesson | None:
    step = screen.lesson.step
    return None if step is None else step.lesson


async def play_the_lesson(pilot: Pilot, *, mistakes: bool) -> None:
    """Every step by keys; with `mistakes`, a wrong key first at each, and a check that
    it was answered with help and changed nothing."""
    screen = await open_lesson(pilot)

    async def refused(*keys: str, says: str) -> None:
        """The keys are refused with words of help: the step and the hand unchanged."""
        before = (screen.lesson.index, screen.view.hand if screen.view else ())
        await press(pilot, *keys)
        assert says in message_text(pilot), message_text(pilot)
        assert (screen.lesson.index, screen.view.hand if screen.view else ()) == before

    assert step_of(screen) is Lesson.BID
    assert "Press 3 to bid 3" in coach_text(pilot)
    if mistakes:
        await refused("1", says="bid 3")
        assert screen.view is not None and screen.view.phase is Phase.BIDDING
    await press(pilot, "3")

    assert step_of(screen) is Lesson.PAIR
    assert "press 3, then 3 again" in coach_text(pilot)
    if mistakes:
        await press(pilot, "4")
        assert "Not those cards" in coach_text(pilot)
        await refused("enter", says="two 3s")
        assert ranks_of(screen.hand.selected_cards) == "4", "the cards stay raised"
        await press(pilot, "escape")
    await press(pilot, "3")
    assert "keep going: 3" in coach_text(pilot)
    await press(pilot, "3")
    assert "make a pair" in coach_text(pilot)
    await press(pilot, "enter")

    assert step_of(screen) is Lesson.PASS
    assert "Press P to pass" in coach_text(pilot)
    if mistakes:
        await press(pilot, *"5555")
        assert "No cards this time" in coach_text(pilot)
        await refused("enter", says="Keep your bomb")
        await press(pilot, "escape")
    await press(pilot, "p")

    assert step_of(screen) is Lesson.HINT
    assert "Press H" in coach_text(pilot)
    if mistakes:
        await press(pilot, "4")
        await refused("enter", says="Press H first")
        await press(pilot, "escape")
    await press(pilot, "h")
    assert ranks_of(screen.hand.selected_cards) == "4"
    assert "The hint raised your 4" in coach_text(pilot)
    await press(pilot, "enter")

    assert step_of(screen) is Lesson.STRAIGHT
    if mistakes:
        await refused("p", says="Play the straight")
    await press(pilot, "8", "9", "0", "j", "q", "k")
    assert "keep going: A" in coach_text(pilot)
    await press(pilot, "a")
    assert "A straight" in coach_text(pilot)
    await press(pilot, "enter")

    assert step_of(screen) is Lesson.TRIO
    await press(pilot, "7", "7", "7", "2", "enter")

    assert step_of(screen) is Lesson.BOMB
    assert "three aces" in coach_text(pilot)
    if mistakes:
        await refused("p", says="Only your bomb")
    await press(pilot, "5", "5", "5", "5")
    assert "A bomb!" in coach_text(pilot)
    await press(pilot, "enter")

    assert step_of(screen) is Lesson.ROCKET
    assert "rocket" in coach_text(pilot).lower()  # raised for us, or not yet
    if screen.hand.selected:  # raised for us (with 要不起 on): lowered first
        await press(pilot, "escape")  # (with nothing raised, Esc leaves the lesson)
    await press(pilot, "b", "r", "enter")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, TutorialDone))
    assert screen.lesson.step is None
    assert screen.view is not None and screen.view.phase is Phase.OVER


@pytest.mark.parametrize("auto_pass", [True, False])
async def test_the_whole_lesson_by_keys_wrong_keys_and_all(auto_pass: bool) -> None:
    app = make_app(auto_pass=auto_pass)  # on: the last hand is raised for us
    async with app.run_test(size=SIZE) as pilot:
        await play_the_lesson(pilot, mistakes=True)
        assert "You're ready!" in text_of(app.screen.query_one(".tutorial-text"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
        games = await app.history.call(lambda store: store.recent_games())
        assert list(games) == [], "the lesson keeps no game"


async def test_the_lesson_in_chinese() -> None:
    app = make_app(lang=Lang.ZH)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lesson(pilot)
        assert "按 3 叫 3 分" in coach_text(pilot)
        await press(pilot, "2")
        assert "这一局请叫 3 分" in message_text(pilot)
        await press(pilot, "3", "3")
        assert "很好，继续按：3" in coach_text(pilot)
        assert step_of(screen) is Lesson.PAIR


async def test_esc_leaves_the_lesson_at_once() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_lesson(pilot)
        await press(pilot, "3", "3")  # bid, then a 3 raised: Esc lowers it first
        assert lesson_of(pilot).hand.selected
        await press(pilot, "escape")
        assert isinstance(app.screen, TutorialScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, TitleScreen), "no question: nothing is at stake"


async def test_every_step_of_the_script_is_one_the_lesson_plays() -> None:
    """The script is data: each step names what it teaches, once."""
    assert [step.lesson for step in LESSON] == list(Lesson)


# --- the first start ------------------------------------------------------------------


def fresh_app(config_dir: str) -> NotingApp:
    return NotingApp(SettingsStore(Path(config_dir)), lang=Lang.EN, make_sound=SpySound)


async def title_settled(pilot: Pilot) -> None:
    """The title is drawn and the preload (after which the offer comes) has run."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def stored(config_dir: str) -> dict[str, object]:
    return json.loads((Path(config_dir) / "settings.json").read_text())


async def test_the_very_first_start_offers_the_lesson_and_yes_opens_it(config_dir) -> None:
    app = fresh_app(config_dir)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TutorialOffer))
        await pilot.press("enter")  # Show me
        await wait_for(pilot, lambda: isinstance(app.screen, TutorialScreen))
    assert stored(config_dir)["tutorial_offered"] is True
    again = fresh_app(config_dir)
    async with again.run_test(size=SIZE) as pilot:
        await title_settled(pilot)
        assert isinstance(again.screen, TitleScreen), "offered once"


async def test_not_now_is_remembered_too(config_dir) -> None:
    app = fresh_app(config_dir)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TutorialOffer))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
    assert stored(config_dir)["tutorial_offered"] is True
    again = fresh_app(config_dir)
    async with again.run_test(size=SIZE) as pilot:
        await title_settled(pilot)
        assert isinstance(again.screen, TitleScreen)
        await open_lesson(pilot)  # U still opens it


async def test_a_player_from_before_the_lesson_is_not_offered_it(config_dir) -> None:
    store = SettingsStore(Path(config_dir))
    store.save(Settings(bot_delay=0.0))
    old = stored(config_dir)
    del old["tutorial_offered"]
    store.path.write_text(json.dumps(old))
    app = fresh_app(config_dir)
    async with app.run_test(size=SIZE) as pilot:
        await title_settled(pilot)
        assert isinstance(app.screen, TitleScreen)
    assert not app.notices_shown


def test_a_stored_value_that_is_not_yes_or_no_quietly_counts_as_offered(config_dir) -> None:
    store = SettingsStore(Path(config_dir))
    store.save(Settings())
    store.path.write_text(json.dumps({**stored(config_dir), "tutorial_offered": "maybe"}))
    loaded = store.load(theme_names())
    assert loaded.settings.tutorial_offered is True and loaded.problem is None
    assert SettingsStore(Path(config_dir) / "fresh").load(theme_names()).settings == Settings(
        tutorial_offered=False
    )


# --- how it looks -----------------------------------------------------------------------


async def at_the_hint_step(pilot: Pilot) -> None:
    """The lesson's fourth step, the hint key pressed: the coach says what it raised."""
    await open_lesson(pilot)
    await press(pilot, "3")
    await press(pilot, "3", "3", "enter")
    await press(pilot, "p")
    await press(pilot, "h")


def test_snapshot_of_the_hint_step(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=at_the_hint_step, terminal_size=SIZE)

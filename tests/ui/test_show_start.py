"""明牌开始 (show before the bidding) at the table: the question with its Y and N keys
and buttons before the first bid, a yes that puts ×5 on the top bar and in the result,
a no that does not, the rule in New game, and snapshots of the question (EN and ZH)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Markdown, Switch

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import (
    Decision,
    Game,
    LandlordMode,
    Rules,
    Shown,
    ShownAtStart,
    parse_rules,
)
from ddz_tui.i18n import Lang
from ddz_tui.table.clients import LocalTable
from ddz_tui.ui.app import DdzApp
from ddz_tui.ui.screens.new_game import NewGameScreen
from ddz_tui.ui.screens.replay import Replay, ReplayScreen
from ddz_tui.ui.screens.result import ResultScreen
from ddz_tui.ui.settings import SettingsStore
from ddz_tui.ui.widgets.table_parts import HouseRules, MessageLine
from tests.support.ui import (
    SpySound,
    make_app,
    our_turns,
    saved_settings,
    settle,
    sit_down,
    table_screen,
    take_a_turn,
)

START = Rules(LandlordMode.BID, show_start=True)
SEED = 3


async def show_start_due(pilot: Pilot, rules: Rules = START) -> None:
    """A local table under 明牌开始, at our 明牌开始 question."""
    await sit_down(pilot, rules=rules)
    screen = table_screen(pilot)
    for _ in range(3):
        await settle(pilot)
        view = screen.view
        assert view is not None
        if view.my_turn and view.decision is Decision.SHOW_START:
            return
    raise AssertionError("we were not asked 明牌开始")


async def test_y_shows_the_hand_from_the_start_and_the_stake_says_x5() -> None:
    app = make_app(seed=SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await show_start_due(pilot)
        screen = table_screen(pilot)
        view = screen.view
        assert view is not None and view.landlord is None and not view.bids
        yes = screen.query_one("#show_start-yes", Button)
        no = screen.query_one("#show_start-no", Button)
        assert yes.display and not yes.disabled and yes.label.plain == "Y Show hand"
        assert no.label.plain == "N Don't show"
        assert not screen.query_one("#bid-buttons").display
        message = str(screen.query_one("#message").render())
        assert "stake ×5" in message and "(Y" in message, message
        assert "Show at start" in str(screen.query_one(HouseRules).render())
        await pilot.press("y")
        await settle(pilot)
        view = screen.view
        assert view is not None
        assert any(seat == 0 and cards for seat, cards in view.start_shows)
        assert view.multiplier.shown_start and view.shown[0] is not None
        stakes = str(screen.query_one("#stakes").render())
        assert f"×{view.multiplier.total}" in stakes and view.multiplier.total % 5 == 0, stakes
        async for view in our_turns(pilot):
            await take_a_turn(pilot, view)
        assert isinstance(app.screen, ResultScreen)
        worth = str(app.screen.query_one("#worth").render())
        assert "shown at start ×5" in worth, worth


async def test_n_keeps_the_hand_hidden_and_the_stake_as_it_was() -> None:
    app = make_app(seed=SEED)
    async with app.run_test() as pilot:
        await show_start_due(pilot)
        screen = table_screen(pilot)
        await pilot.press("n")
        await settle(pilot)
        view = screen.view
        assert view is not None and (0, ()) in view.start_shows
        assert view.shown[0] is None


async def test_without_the_rule_nobody_is_asked() -> None:
    app = make_app(seed=SEED)
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, rules=Rules())
        view = screen.view
        assert view is not None and view.decision is not Decision.SHOW_START
        assert not screen.query_one("#show_start-buttons").display


async def test_new_game_offers_the_rule_and_remembers_it() -> None:
    app = make_app(seed=SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        switch = app.screen.query_one("#show_start", Switch)
        assert not switch.value
        switch.value = True
        await pilot.pause()
        await pilot.click("#deal")
        await settle(pilot)
        screen = table_screen(pilot)
        assert isinstance(screen.client, LocalTable) and screen.client.host.rules.show_start
    saved = saved_settings(app)
    assert saved.show_start and saved.rules.show_start


LANGS = pytest.mark.parametrize("lang", [Lang.EN, Lang.ZH], ids=["en", "zh"])


@LANGS
def test_show_start_prompt(snap_compare, lang) -> None:
    """The 明牌开始 question before the bidding: Y Show hand, N Don't show, the stake ×5
    in the question, the rule on the house rules' list (read as text)."""
    assert snap_compare(make_app(lang=lang, seed=SEED), run_before=show_start_due)


async def test_a_replay_says_each_answer_at_its_step() -> None:
    """Seed 0: seat 2 keeps its hand hidden, seat 0 too, seat 1 shows it; seat 0 is
    landlord and is still asked 明牌 (it did not show at the start)."""
    rules = Rules(LandlordMode.BID, showing=True, show_start=True)
    game = Game(0, rules=rules)
    play_out(game, [make_bot("random", seat) for seat in range(3)])
    said = [(e.seat, bool(e.cards)) for e in game.events if isinstance(e, ShownAtStart)]
    assert said == [(2, False), (0, False), (1, True)] and game.landlord == 0
    assert any(isinstance(e, Shown) for e in game.events)
    app = DdzApp(make_app().store, make_sound=SpySound, replay=Replay.of(game.events, my_seat=0))
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        words = []
        for _ in range(3):
            await pilot.press("right")
            assert isinstance(screen.frame.action, ShownAtStart)
            words.append(str(screen.query_one(MessageLine).render()))
        assert words[0] == f"{screen.name_of(2)}: Not shown."
        assert words[2] == f"{screen.name_of(1)}: Shown."
        assert screen.frame.shown[1] is not None and screen.frame.shown[2] is None
        await pilot.press("end")
        await pilot.pause()
        assert game.multiplier.shown_start and game.multiplier.total % 5 == 0
        stakes = str(screen.query_one("#stakes").render())
        assert f"×{game.multiplier.total}" in stakes, stakes


def test_ddz_rules_showstart_starts_the_session_with_it(tmp_path) -> None:
    """`ddz --rules showstart`: the forms start with the rule (as if chosen in Settings)."""
    app = DdzApp(SettingsStore(tmp_path), rules=parse_rules("showstart,show"))
    assert app.settings.show_start and app.settings.rules == Rules(showing=True, show_start=True)


@pytest.mark.parametrize(("lang", "heading"), [(Lang.EN, "(明牌开始)"), (Lang.ZH, "## 明牌开始")])
async def test_help_explains_showing_before_the_bidding(lang: Lang, heading: str) -> None:
    app = make_app(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        house = [md.source for md in app.screen.query(Markdown)]
        assert any(heading in text and "×5" in text for text in house), house

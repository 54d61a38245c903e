"""The house rules played through the app by keys: 叫地主/抢地主, 加倍 and 明牌 chosen in
New game, each decision prompted with its keys and buttons, refusals that say what to
answer, others' answers and a shown hand on their seats, each player's stake at the end.

Seeds are fixed, so the deals and the random bots' answers repeat: at seed 12 Left
grabs the landlord back and shows the hand; at seed 3 we end up the landlord and
a peasant doubles.
"""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Button, Select, Switch

from ddz_tui.engine import Called, Decision, Doubled, LandlordMode, Phase, Rules, Shown
from ddz_tui.i18n import Lang
from ddz_tui.table.clients import LocalTable
from ddz_tui.ui.app import DdzApp
from ddz_tui.ui.screens.new_game import NewGameScreen
from ddz_tui.ui.screens.replay import Replay, ReplayScreen
from ddz_tui.ui.screens.result import ResultScreen
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.widgets.table_parts import HouseRules, MessageLine, SeatPanel
from tests.support.house_play import random_game
from tests.support.ui import (
    SpySound,
    make_app,
    our_turns,
    saved_settings,
    settle,
    sit_down,
    table_screen,
    take_a_turn,
    text_of,
)

HOUSE = Rules(LandlordMode.GRAB, doubling=True, showing=True)
LEFT_SHOWS = 12  # Left grabs back and shows; we call or grab, and double
WE_REDOUBLE = 3  # we are the landlord, we show, a peasant doubles: we are asked to redouble
MAX_ANSWERS = 12  # more of our yes-or-no turns than a deal (and a redeal) can take


def said(pilot: Pilot) -> str:
    return text_of(table_screen(pilot).query_one(MessageLine))


def visible_buttons(screen: TableScreen) -> list[str]:
    """The ids of the answer buttons on show (the super double's only where the rules
    have it)."""
    return [
        str(button.id)
        for pair in screen.query(".answer-buttons")
        if pair.display
        for button in pair.query(Button)
        if button.display
    ]


async def answer_until(pilot: Pilot, decision: Decision) -> None:
    """Say yes (Y) to every question of ours before `decision` is ours to take."""
    screen = table_screen(pilot)
    for _ in range(MAX_ANSWERS):
        await settle(pilot)
        view = screen.view
        assert view is not None and view.my_turn
        if view.decision is decision:
            return
        await pilot.press("y")
    raise AssertionError(f"{decision} never came to us")


async def test_new_game_offers_the_house_rules_and_remembers_them() -> None:
    """New game offers 叫地主/抢地主 and the doubling and showing switches; the table
    plays what was chosen, and the choice is the next game's default."""
    app = make_app(seed=LEFT_SHOWS)
    async with app.run_test() as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#mode", Select).value = LandlordMode.GRAB
        app.screen.query_one("#doubling", Switch).value = True
        app.screen.query_one("#showing", Switch).value = True
        await pilot.pause()
        await pilot.click("#deal")
        await settle(pilot)
        screen = table_screen(pilot)
        assert isinstance(screen.client, LocalTable)
        assert screen.client.host.rules == HOUSE
        house = str(screen.query_one(HouseRules).render())
        assert "Call & grab" in house and "Doubling" in house and "Show cards" in house
    saved = saved_settings(app)
    assert saved.rules == HOUSE


async def test_a_grab_game_with_doubling_and_showing_by_keys() -> None:
    """Call or grab (Y), see Left grab back and show the hand face up on its seat,
    double (Y), play the game out by keys, and read each player's stake at the end."""
    app = make_app(seed=LEFT_SHOWS)
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, rules=HOUSE)
        view = screen.view
        assert view is not None and view.decision in (Decision.CALL, Decision.GRAB)
        word = view.decision.value
        assert visible_buttons(screen) == [f"{word}-yes", f"{word}-no"]
        assert "(Y" in said(pilot) and "(N)" in said(pilot)
        await answer_until(pilot, Decision.DOUBLE)
        view = screen.view
        assert view is not None and view.landlord == 2, "Left grabbed the landlord back"
        assert view.grabs >= 1 and f"Grabs {view.grabs}" in str(
            screen.query_one("#stakes").render()
        )
        assert visible_buttons(screen) == ["double-yes", "double-no"]
        assert "Double your stake" in said(pilot)
        left = screen.query_one("#left-seat", SeatPanel)
        assert left.seat is not None and left.seat.shown == view.shown_hands[2]
        assert left.has_class("-shown") and "Shown · 20 left" in str(left.border_subtitle)
        assert "Grab" in text_of(screen.query_one("#my-play"))  # our answer, in our lane
        await pilot.press("y")
        async for view in our_turns(pilot):
            await take_a_turn(pilot, view)
        events = screen.client.host.game.events  # type: ignore[attr-defined]
        assert Called(0, True) in events and Doubled(0, True) in events
        assert any(isinstance(e, Shown) and e.seat == 2 and e.cards for e in events)
        assert isinstance(app.screen, ResultScreen)
        view = screen.view
        assert view is not None and view.landlord == 2
        factors = str(app.screen.query_one("#factors").render())
        stakes = view.multiplier.stakes(2)
        total = view.multiplier.total
        assert f"You: ×{total} × doubled ×2" in factors
        assert f"= ×{stakes[0]}" in factors and f"= ×{stakes[2]}" in factors
        assert "both peasants" in factors
        assert "shown ×2" in str(app.screen.query_one("#worth").render())


async def test_the_landlord_shows_and_redoubles_by_keys() -> None:
    """Called and not grabbed: we take the bottom, show our hand (Y) and, a peasant
    having doubled, are asked to redouble once the peasants have answered."""
    app = make_app(seed=WE_REDOUBLE)
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, rules=HOUSE)
        await answer_until(pilot, Decision.SHOW)
        assert visible_buttons(screen) == ["show-yes", "show-no"]
        assert "Show your hand" in said(pilot)
        await pilot.press("y")
        await answer_until(pilot, Decision.DOUBLE)
        view = screen.view
        assert view is not None and view.landlord == 0 and len(view.doubles) == 2
        assert any(doubled for _, doubled in view.doubles)
        assert visible_buttons(screen) == ["redouble-yes", "redouble-no"]
        assert "Redouble" in said(pilot)
        assert "Shown" in text_of(screen.query_one("#my-play"))  # our answer, in our lane
        assert not screen.query_one("#seats").has_class("-shown"), "no other hand to lay out"
        await pilot.click("#redouble-no")
        await settle(pilot)
        view = screen.view
        assert view is not None and view.phase is Phase.PLAYING and (0, False) in view.doubles


async def test_keys_of_another_phase_are_refused_with_what_to_answer() -> None:
    """While our yes-or-no answer is due, a bid, a play or a pass is refused by the
    game with the reason (in English and in Chinese); N answers no."""
    reasons = {
        Lang.EN: {
            Decision.CALL: "call the landlord or not first",
            Decision.GRAB: "grab the landlord or not first",
            Decision.DOUBLE: "choosing whether to double",
        },
        Lang.ZH: {
            Decision.CALL: "请先选择叫地主或不叫",
            Decision.GRAB: "请先选择抢地主或不抢",
            Decision.DOUBLE: "正在选择是否加倍",
        },
    }
    for lang, reason in reasons.items():
        app = make_app(lang=lang, seed=LEFT_SHOWS)
        async with app.run_test() as pilot:
            screen = await sit_down(pilot, rules=HOUSE)
            view = screen.view
            assert view is not None and view.my_turn
            await pilot.press("3")
            await settle(pilot)
            assert reason[view.decision] in said(pilot)  # type: ignore[index]
            assert screen.query_one(MessageLine).tone == "error"
            assert screen.view is view, "the refused bid changed nothing"
            await answer_until(pilot, Decision.DOUBLE)
            await pilot.press("p")
            await settle(pilot)
            assert reason[Decision.DOUBLE] in said(pilot)
            await pilot.press("n")
            await settle(pilot)
            view = screen.view
            assert view is not None and (0, False) in view.doubles


async def test_a_call_key_out_of_turn_does_nothing() -> None:
    """Y and N answer only our own question: on another seat's turn, or in the
    play, they change nothing."""
    app = make_app(seed=LEFT_SHOWS)
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, rules=HOUSE)
        await answer_until(pilot, Decision.DOUBLE)
        await pilot.press("y")
        await settle(pilot)
        view = screen.view
        assert view is not None and view.phase is Phase.PLAYING
        before = view.doubles
        await pilot.press("y", "n")
        await settle(pilot)
        assert screen.view is not None and screen.view.doubles == before


async def test_a_replay_says_each_call_grab_show_and_double() -> None:
    """A replay of a house-rules game names every answer at its step (叫地主, 抢地主,
    明牌, 加倍 and their noes), lists the calls and doubles, and marks the seats."""
    game = random_game(5, HOUSE)
    answers = [e for e in game.events if isinstance(e, (Called, Shown, Doubled))]
    assert any(isinstance(e, Called) and e.take for e in answers)
    app = DdzApp(make_app().store, make_sound=SpySound, replay=Replay.of(game.events, my_seat=0))
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        lines = []
        for _ in range(len(screen.replay.frames)):
            frame = screen.frame
            if isinstance(frame.action, (Called, Shown, Doubled)):
                lines.append(str(screen.query_one(MessageLine).render()))
            await pilot.press("right")
        assert len(lines) == len(answers)
        words = {
            Called: ("Call", "No call", "Grab!", "No grab"),
            Shown: ("Shown", "Not shown"),
            Doubled: ("Double", "No double", "Redouble", "No redouble"),
        }
        for event, line in zip(answers, lines, strict=True):
            assert any(f": {word}." in line for word in words[type(event)]), line
        assert "Calls: " in str(screen.query_one("#bids").render())


async def test_a_replay_of_call_and_grab_says_call_not_bid_and_no_call_once() -> None:
    """At the deal, a call-and-grab replay says who calls first (it said `First to bid`),
    and `No call yet` once, on the top bar (the line below it said `No calls yet` too)."""
    game = random_game(5, HOUSE)
    app = DdzApp(make_app().store, make_sound=SpySound, replay=Replay.of(game.events, my_seat=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.frame.step == 0
        message = str(screen.query_one(MessageLine).render())
        assert "First to call: " in message and "bid" not in message
        words = [str(screen.query_one(part).render()) for part in ("#stakes", "#bids")]
        assert "No call yet" in words[0]
        assert "call" not in words[1].lower(), words[1]


async def test_the_factors_of_ddz_rules_hold_in_the_games_new_game_starts() -> None:
    """`ddz --rules bomb=4,double=3,laizi,soft_bomb=3`: New game deals under those
    factors (the form chooses none); with 癞子 switched off there, its factor goes with
    it and the others stay."""
    from ddz_tui.engine import Factors
    from ddz_tui.engine.house import parse_rules

    for laizi in (True, False):
        app = make_app(rules=parse_rules("bomb=4,double=3,laizi,soft_bomb=3"))
        async with app.run_test() as pilot:
            await pilot.press("n")
            assert isinstance(app.screen, NewGameScreen)
            app.screen.query_one("#laizi", Switch).value = laizi
            await pilot.pause()
            await pilot.click("#deal")
            await settle(pilot)
            screen = table_screen(pilot)
            assert isinstance(screen.client, LocalTable)
            rules = screen.client.host.rules
            assert rules.doubling and rules.laizi is laizi
            soft = 3 if laizi else Factors().soft_bomb
            assert rules.factors == Factors(bomb=4, double=3, soft_bomb=soft)

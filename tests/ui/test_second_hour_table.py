"""What a player still trips on in the second hour (issue 34) at the table: 要不起 and
the last cards (item 5), the laid-open table after a game (item 6), and the row of
buttons at 80 columns online, with the countdown and 托管 (item 9)."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input

from ddz_tui.engine import PASS, Phase, Play, PlayerView
from ddz_tui.i18n import Lang
from ddz_tui.table.seats import SeatInfo, SeatKind, TableState
from ddz_tui.ui.online import JoinRequest
from ddz_tui.ui.screens.last_trick import LastTrickScreen
from ddz_tui.ui.screens.lobby import LobbyScreen
from ddz_tui.ui.screens.settings import SettingsScreen
from ddz_tui.ui.screens.table import AUTO_PASS_PAUSE, TableScreen
from ddz_tui.ui.settings import Settings
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.table_parts import MessageLine
from tests.support.clock import ManualClock
from tests.support.loopback import running
from tests.support.scenes import scene
from tests.support.ui import (
    SCRIPTED_SEATS,
    ScriptedTable,
    make_app,
    sit_down,
    take_turns,
    text_of,
    wait_for,
)

SIZE = (80, 24)


def said(screen: TableScreen) -> str:
    return text_of(screen.query_one(MessageLine)).strip()


def screen_lines(pilot: Pilot) -> list[str]:
    """The screen as the player reads it, row by row."""
    return [strip.text for strip in pilot.app.screen._compositor.render_strips()]


def acts(table: ScriptedTable) -> list[object]:
    """The actions the screen asked of the table (not the deal it asks for first)."""
    return [asked for asked in table.asked if asked != "next game"]


# --- 5: 要不起 passes for you, a last hand that is one play is raised ---------------


def cannot_beat() -> PlayerView:
    """Ann (seat 1) played a pair of 2s; our two pairs beat nothing (no bomb, no rocket)."""
    unseen = "5677889999TTJJQQKKAABR"
    return scene("3344", landlord=1, left={1: 10, 2: 12}, unseen=unseen, last=(1, "22"))


def last_hand_beats() -> PlayerView:
    """Ann played three 5s; our last three queens beat them."""
    unseen = "6677889999TTJJKKAABR22"
    return scene("QQQ", landlord=1, left={1: 10, 2: 12}, unseen=unseen, last=(1, "555"))


def last_hand_misses() -> PlayerView:
    """Ann played three 5s; our last cards (three queens and a 3) do not beat them as one."""
    unseen = "6677889999TTJJKKAABR2"
    return scene("QQQ3", landlord=1, left={1: 10, 2: 11}, unseen=unseen, last=(1, "555"))


async def at_table(
    pilot: Pilot, view: PlayerView, seats=SCRIPTED_SEATS
) -> tuple[ScriptedTable, TableScreen, ManualClock]:
    """A scripted table showing `view`, its screen waiting by a clock the test moves."""
    table = ScriptedTable(seats)
    clock = ManualClock()
    screen = TableScreen(table, clock)
    pilot.app.push_screen(screen)
    await pilot.pause()
    table.publish(view)
    await pilot.pause()
    return table, screen, clock


async def test_nothing_beats_says_cant_beat_then_passes_after_a_pause() -> None:
    for lang, words in ((Lang.EN, "要不起 Nothing beats a pair of 2s"), (Lang.ZH, "要不起")):
        async with make_app(lang=lang, auto_pass=True).run_test() as pilot:
            table, screen, clock = await at_table(pilot, cannot_beat())
            assert words in said(screen)
            clock.advance(AUTO_PASS_PAUSE * 0.9)
            await pilot.pause()
            assert acts(table) == [], "not before the pause is over"
            clock.advance(AUTO_PASS_PAUSE * 0.1)
            await pilot.app.workers.wait_for_complete()
            assert acts(table) == [PASS]


async def test_no_pass_for_a_turn_gone_by_nor_twice_for_one_turn() -> None:
    async with make_app(auto_pass=True).run_test() as pilot:
        table, _screen, clock = await at_table(pilot, cannot_beat())
        table.publish(cannot_beat())  # the same turn again (a seat's news): one pass
        await pilot.pause()
        clock.advance(AUTO_PASS_PAUSE)
        await pilot.app.workers.wait_for_complete()
        assert acts(table) == [PASS]
    async with make_app(auto_pass=True).run_test() as pilot:
        table, _screen, clock = await at_table(pilot, cannot_beat())
        await pilot.press("p")  # passed by hand meanwhile: the turn moves on
        await pilot.app.workers.wait_for_complete()
        view = cannot_beat()
        moved = PlayerView(0, view.hand, 1, view.bottom, (*view.history, (0, "")))
        assert not moved.my_turn
        table.publish(moved)
        await pilot.pause()
        clock.advance(AUTO_PASS_PAUSE)
        await pilot.app.workers.wait_for_complete()
        assert acts(table) == [PASS], "no second pass for a turn gone by"


async def test_no_pass_made_while_a_bot_plays_the_seat_or_with_the_setting_off() -> None:
    me_taken_over = (SeatInfo("me", takeover=True), *SCRIPTED_SEATS[1:])
    async with make_app(auto_pass=True).run_test() as pilot:
        table, screen, clock = await at_table(pilot, cannot_beat(), me_taken_over)
        assert "要不起" not in said(screen)
        clock.advance(AUTO_PASS_PAUSE)
        await pilot.app.workers.wait_for_complete()
        assert acts(table) == []
    async with make_app(auto_pass=False).run_test() as pilot:
        table, screen, clock = await at_table(pilot, cannot_beat())
        assert "要不起" not in said(screen)
        assert clock.pending == []
        assert acts(table) == []
    async with make_app(auto_pass=True).run_test() as pilot:  # 托管 asked for during the pause
        table, screen, clock = await at_table(pilot, cannot_beat())
        state = screen.state
        table.listener(TableState(0, me_taken_over, state.view))
        await pilot.pause()
        clock.advance(AUTO_PASS_PAUSE)
        await pilot.app.workers.wait_for_complete()
        assert acts(table) == []


async def test_a_last_hand_that_is_one_play_is_raised_and_enter_plays_it() -> None:
    async with make_app(auto_pass=True).run_test() as pilot:
        table, screen, _clock = await at_table(pilot, last_hand_beats())
        hand = screen.hand
        assert hand.selected_cards == hand.cards and len(hand.cards) == 3
        assert "Enter plays them" in said(screen)
        await pilot.press("escape")  # lowered: not raised again for the same turn
        table.publish(last_hand_beats())
        await pilot.pause()
        assert not hand.selected
        await pilot.press("q", "q", "q", "enter")
        await pilot.app.workers.wait_for_complete()
        assert acts(table) == [Play(hand.cards)]
    async with make_app(auto_pass=True).run_test() as pilot:
        table, screen, _clock = await at_table(pilot, last_hand_misses())
        assert not screen.hand.selected, "QQQ3 is no play that beats three 5s"
    async with make_app(auto_pass=False).run_test() as pilot:
        table, screen, _clock = await at_table(pilot, last_hand_beats())
        assert not screen.hand.selected


def test_the_setting_is_on_by_default() -> None:
    assert Settings().auto_pass is True


async def test_the_setting_is_in_settings_in_both_languages() -> None:
    for lang, label in ((Lang.EN, "Auto pass and last play"), (Lang.ZH, "要不起自动过")):
        app = make_app(lang=lang, auto_pass=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("s")
            assert isinstance(app.screen, SettingsScreen)
            assert any(label in line for line in screen_lines(pilot))
            assert isinstance(app.focused, Input)
            app.screen.query_one("#auto_pass").focus()
            await pilot.press("enter")
            await pilot.pause()
            assert app.settings.auto_pass is False


# --- 6: the laid-open table shows only what works there ------------------------------


async def test_the_laid_open_table_shows_no_game_buttons_nor_keys_and_l_works() -> None:
    for lang in (Lang.EN, Lang.ZH):
        app = make_app(lang=lang, auto_pass=True)
        async with app.run_test(size=SIZE) as pilot:
            screen = await sit_down(pilot)
            await take_turns(pilot)
            await pilot.press("v")  # the result put aside: the hands laid open
            await pilot.pause()
            assert app.screen is screen and screen.view.phase is Phase.OVER
            for part in ("#play-buttons", "#bid-buttons", "#takeover"):
                assert not screen.query_one(part).display, part
            row = screen_lines(pilot)[-2]
            assert ("Play" if lang is Lang.EN else "出牌") not in row
            footer = text_of(screen.query_one(KeyFooter))
            for gone in ("Move", "Select", "移动", "选牌"):
                assert gone not in footer, footer
            hand = screen.hand
            before = hand.selected
            await pilot.press("space", "right")
            assert hand.selected == before, "no card is raised once the game is over"
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, LastTrickScreen), "L looks back here too"
            await pilot.press("l")
            await pilot.pause()
            await pilot.press("v")  # the result again
            await pilot.pause()
            assert app.screen is not screen


# --- 9: the row by the hand at 80 columns ---------------------------------------------


class SharedScriptedTable(ScriptedTable):
    """A scripted table that is shared and can be handed to a bot, as RemoteTable is:
    the table screen shows the 托管 button."""

    title = "friday"

    async def ready(self, ready: bool = True) -> None:
        self.asked.append("ready")

    async def fill(self, level: str) -> None:
        self.asked.append("fill")

    async def takeover(self, on: bool) -> None:
        self.asked.append(f"takeover {on}")


async def test_the_row_by_the_hand_fits_80_columns_with_the_countdown_and_takeover() -> None:
    """The landlord's 20 cards, our lead, the countdown and 托管 on: the widest line."""
    hand = "33445566778899TTJJQQ"
    seats = (
        SeatInfo("me", takeover=True),
        SeatInfo("Ann"),
        SeatInfo("Bo", SeatKind.BOT, "normal"),
    )
    for lang, buttons in (
        (Lang.EN, "Enter Play   P Pass   H Hint   U Auto"),
        (Lang.ZH, "Enter 出牌   P 不出   H 提示   U 托管"),
    ):
        async with make_app(lang=lang, auto_pass=True).run_test(size=SIZE) as pilot:
            table = SharedScriptedTable(seats)
            pilot.app.push_screen(TableScreen(table, ManualClock()))
            await pilot.pause()
            table.publish(PlayerView(0, hand, 0, "Q99", ()), turn_seconds=30.0)
            await pilot.pause()
            row = screen_lines(pilot)[-2]
            assert row.rstrip().endswith(buttons), row
            assert "30" in row and ("You" if lang is Lang.EN else "你") in row, row


# --- 5 and 9 at a networked table ------------------------------------------------------


async def test_at_a_networked_table_the_pass_is_made_and_the_buttons_fit_80_columns() -> None:
    """Through RemoteTable: "can't beat" passes after the pause (a clock the test moves),
    a last hand is raised, and the row by the hand, with the countdown and the 托管
    button, ends in the whole of its last button."""
    async with running(turn_seconds=30.0) as server:
        app = make_app(start=None, auto_pass=True)
        async with app.run_test(size=SIZE) as pilot:
            app.join_game(JoinRequest(server.url, "ann"))
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("c", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            screen = app.screen
            clock = screen.clock = ManualClock()
            await wait_for(pilot, lambda: screen.state is not None)
            await pilot.press("f")
            await wait_for(pilot, lambda: not any(s.is_empty for s in screen.state.seats))
            await pilot.press("enter")
            passed = raised = rows = 0
            for _ in range(6):  # games, until each has been seen
                await wait_for(pilot, lambda: screen.view is not None)
                while True:
                    await wait_for(
                        pilot,
                        lambda: screen.view.phase is Phase.OVER or screen.view.my_turn,
                    )
                    view = screen.view
                    if view.phase is Phase.OVER:
                        break
                    if view.phase is Phase.BIDDING:
                        await pilot.press(str(view.legal_bids[-1]))
                    elif view.decision is not None and view.phase is not Phase.PLAYING:
                        await pilot.press("y")
                    elif view.to_beat is not None and not view.legal_plays:
                        await wait_for(pilot, lambda: "要不起" in said(screen))
                        assert clock.pending, "the pass waits for the pause"
                        clock.advance(AUTO_PASS_PAUSE)
                        passed += 1
                    elif screen.hand.selected_cards == screen.hand.cards:
                        await pilot.press("enter")  # the last hand, raised for us
                        raised += 1
                    else:
                        if view.to_beat is None:  # we lead: the row as it stands
                            row = screen_lines(pilot)[-2]
                            assert row.rstrip().endswith("U Auto"), row
                            assert "Enter Play   P Pass   H Hint   U Auto" in row
                            rows += 1
                        combo = view.legal_plays[-1]  # the strongest: games go quickly
                        await pilot.press(*(c.lower() for c in combo.cards), "enter")
                    await wait_for(pilot, lambda view=view: screen.view is not view)
                if passed and raised and rows:
                    break
                await wait_for(pilot, lambda: app.screen is not screen)
                await pilot.press("enter")  # the next game
            assert passed and rows

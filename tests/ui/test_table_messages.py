"""The table's message line and labels as a newcomer reads them (issue 13): the
line always says what is true now, every key that does nothing says why, a seat
that went out looks out, and the selection's words fit at 80 columns."""

from __future__ import annotations

from textual.pilot import Pilot

from ddz_tui.engine import Action, IllegalAction, IllegalReason, MakeBid, Phase, Play, PlayerView
from ddz_tui.i18n import Phrase, t
from ddz_tui.net.client.remote import TableRefused
from ddz_tui.net.errors import ErrorReason
from ddz_tui.table.seats import SeatInfo, SeatKind
from ddz_tui.ui.widgets.table_parts import MessageLine
from tests.support.rigging import rigged
from tests.support.scenes import scene
from tests.support.ui import (
    ScriptedTable,
    keys_for,
    make_app,
    our_turns,
    settle,
    sit_down,
    table_screen,
    text_of,
)

SEATS = (SeatInfo("me"), SeatInfo("Ann", SeatKind.BOT, "easy"), SeatInfo("Bo"))


def said(pilot: Pilot) -> str:
    return str(pilot.app.screen.query_one(MessageLine).render())


class RefusingTable(ScriptedTable):
    """A table that refuses every bid and play as the engine would refuse them."""

    async def act(self, action: Action) -> None:
        if isinstance(action, MakeBid):
            high = Phrase("illegal.bid_not_higher", high=2)
            raise IllegalAction(IllegalReason.BID_NOT_HIGHER, high)
        if isinstance(action, Play):
            text = Phrase("refuse.not_stronger", play="a pair of 3s", last="a pair of 5s")
            raise IllegalAction(IllegalReason.NOT_STRONGER, text)
        self.asked.append(action)


def to_beat() -> PlayerView:
    """Our turn to beat Ann's pair of 5s; we hold no 9 and no small joker."""
    return scene(
        "3344667TJQKA2R",
        landlord=1,
        left={1: 10, 2: 12},
        unseen="5677889999TTJJQQKKAAB2",
        last=(1, "55"),
    )


async def open_scripted(pilot: Pilot, table: ScriptedTable, view: PlayerView) -> None:
    pilot.app.open_table(table)  # type: ignore[attr-defined]
    await pilot.pause()
    table.publish(view)
    await pilot.pause()


# --- 11: a message lasts until the selection or the game changes ------------------


async def test_esc_after_a_hint_brings_back_the_state_line() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot)
        async for view in our_turns(pilot):
            if view.phase is Phase.BIDDING:
                await pilot.press("3")
                continue
            await pilot.press("h")
            await settle(pilot)
            if not screen.hand.selected:
                await pilot.press("p")
                continue
            assert said(pilot).startswith("Hint 1 of")
            await pilot.press("escape")
            await pilot.pause()
            assert not screen.hand.selected
            assert said(pilot).startswith(("Your lead", "Your turn: beat")), said(pilot)
            return
        raise AssertionError("no turn to play a hint in")


async def test_a_raised_card_after_a_refusal_brings_back_the_state_line() -> None:
    table = ScriptedTable(SEATS)
    async with make_app().run_test() as pilot:
        await open_scripted(pilot, table, to_beat())
        reminder = said(pilot)
        assert reminder.startswith("Your turn: beat a pair of 5s")
        await pilot.press("b")  # no small joker to raise
        await pilot.pause()
        assert said(pilot) != reminder
        await pilot.press("r")  # the big joker rises
        await pilot.pause()
        assert said(pilot) == reminder


async def test_the_reminder_comes_back_after_a_refused_play() -> None:
    table = RefusingTable(SEATS)
    async with make_app().run_test() as pilot:
        await open_scripted(pilot, table, to_beat())
        reminder = said(pilot)
        await pilot.press("3", "3", "enter")
        await pilot.pause()
        assert said(pilot) != reminder, "the refusal is said"
        await pilot.press("escape")
        await pilot.pause()
        assert said(pilot) == reminder
        await pilot.press("4", "4")
        await pilot.pause()
        assert said(pilot) == reminder


# --- 12: keys that do nothing say why ------------------------------------------------


def bidding(bids: tuple[tuple[int, int], ...] = ()) -> PlayerView:
    first = (-len(bids)) % 3
    return PlayerView(0, "3456789TJQKA2BR33", None, "", (), bids, first_bidder=first)


async def test_a_bid_not_higher_than_the_last_says_why() -> None:
    table = RefusingTable(SEATS)
    async with make_app().run_test() as pilot:
        await open_scripted(pilot, table, bidding(((1, 2), (2, 0))))
        assert said(pilot).startswith("Bid more than 2")
        await pilot.press("1")
        await pilot.pause()
        assert said(pilot) == t("illegal.bid_not_higher", high=2)


class ServerRefusingTable(ScriptedTable):
    """A server's table that refuses as the server would, out of its own reasons."""

    async def act(self, action: Action) -> None:
        if isinstance(action, Play):
            raise TableRefused(ErrorReason.NOT_CONNECTED, Phrase.as_is("not connected: try later"))
        raise TableRefused(IllegalReason.NOT_YOUR_TURN, Phrase.as_is("not your turn"))


async def test_a_servers_refusal_is_said_as_the_games_is() -> None:
    table = ServerRefusingTable(SEATS)
    async with make_app().run_test() as pilot:
        await open_scripted(pilot, table, to_beat())
        reminder = said(pilot)
        await pilot.press("3", "3", "enter")
        await pilot.pause()
        assert said(pilot) == "not connected: try later"
        await pilot.press("escape", "p")  # a key pressed as the turn passed: no word
        await pilot.pause()
        assert said(pilot) == reminder


async def test_play_pass_and_hint_while_bidding_say_to_bid_first() -> None:
    table = ScriptedTable(SEATS)
    async with make_app().run_test() as pilot:
        await open_scripted(pilot, table, bidding())
        for n, key in enumerate(("enter", "p", "h")):
            # the game moves on: a bid (others' passes alone leave a message up)
            table.publish(bidding(((1, 1), (2, 0))[: n % 2 * 2]))
            await pilot.pause()
            state_line = said(pilot)
            await pilot.press(key)
            await pilot.pause()
            assert said(pilot) == t("ui.msg.bid_first"), key
            assert said(pilot) != state_line
        assert table.asked == ["next game"], "nothing was sent to the table"


async def test_play_pass_and_hint_while_another_bids_say_whose_bid_it_is() -> None:
    table = ScriptedTable(SEATS)
    async with make_app().run_test() as pilot:
        await open_scripted(pilot, table, bidding(((0, 1),)))
        await pilot.press("p")
        await pilot.pause()
        assert said(pilot) == t("ui.msg.wait_bids", who="Ann")


async def test_a_rank_you_do_not_hold_says_you_have_none() -> None:
    table = ScriptedTable(SEATS)
    async with make_app().run_test() as pilot:
        await open_scripted(pilot, table, to_beat())
        await pilot.press("9")
        await pilot.pause()
        assert said(pilot) == "You have no 9s."
        await pilot.press("a", "a")  # one ace: the second press finds no more
        await pilot.pause()
        assert said(pilot) == "No more As to raise."


# --- 8: a seat that went out ---------------------------------------------------------


def right_seat_went_out() -> PlayerView:
    """Seat 1 (on our right), the landlord, played out its whole hand."""
    d = "3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR"
    game = rigged([d[0:17], d[17:34], d[34:51]], d[51:], first=1)
    game.bid(1, 3)
    for play in ("8888", "9999", "TTTT", "BR", "777JJ", "2"):
        game.play(1, play)
        if play != "2":
            game.pass_turn(2)
            game.pass_turn(0)
    view = game.view(0)
    assert view.phase is Phase.OVER and view.cards_left[1] == 0
    return view


async def test_a_seat_that_went_out_shows_no_card_back_and_no_warning() -> None:
    table = ScriptedTable(SEATS)
    async with make_app().run_test() as pilot:
        await open_scripted(pilot, table, right_seat_went_out())
        panel = table_screen(pilot).query_one("#right-seat")  # under the result
        text = text_of(panel)
        assert "0 left" in text
        assert "nearly out" not in text and "▒" not in text


# --- 13: the selection's words fit at 80 columns -------------------------------------


async def raised_label(hand: str, keys: str) -> tuple[str, str]:
    """The selection's words after raising `keys` (we lead, holding `hand`, 20
    cards), and the line by the hand as it shows at 80×24."""
    table = ScriptedTable(SEATS)
    view = PlayerView(0, hand, 0, hand[:3], ())
    # a whole hand that is one play is raised at once: not here, the keys raise them
    async with make_app(auto_pass=False).run_test(size=(80, 24)) as pilot:
        await open_scripted(pilot, table, view)
        await pilot.press(*keys_for(keys))
        await pilot.pause()
        line = pilot.app.screen.my_line
        chosen = line.words.selection
        return ("" if chosen is None else chosen.text), text_of(line)


async def test_the_longest_selections_fit_at_80_columns() -> None:
    for hand, keys, words in (
        ("3456TTTJJJQQQKKKAAAB", "TTTJJJQQQKKK3456", "an airplane 10–K with 4 singles"),
        ("3456TTTJJJQQQKKKAAAB", "TTT3", "three 10s with a single"),
        ("3456TTTJJJQQQKKKAAAB", "B", "a single small joker"),
        ("33445TTTJJJQQQKKKKAA", "KKKK33AA", "four Ks with two pairs"),
    ):
        text, shown = await raised_label(hand, keys)
        assert text == words
        assert shown.rstrip().endswith(words), f"{text!r} cut: {shown!r}"

"""A redeal is said long enough to read (issue 34, item 16): the message line's news
of it lasted until the next bid, which a bot makes half a second later; the middle of
the table says it through the new deal's bidding, until the landlord is chosen."""

from __future__ import annotations

from textual.pilot import Pilot

from ddz_tui.engine import Game, LandlordMode, Phase, Rules
from ddz_tui.i18n import Lang
from ddz_tui.table.clients import LocalTable
from ddz_tui.table.host import TableHost
from ddz_tui.table.seats import SeatInfo, SeatKind, TableState
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.show.table import table_show
from ddz_tui.ui.widgets.table_parts import HouseRules
from tests.support.ui import make_app, text_of

SEATS = (
    SeatInfo("you"),
    SeatInfo("right", SeatKind.BOT, "random"),
    SeatInfo("left", SeatKind.BOT, "random"),
)
REDEAL_THEN_A_BOT_BIDS = 48
"""A seed where, when you pass, nobody bids on the first deal, and on the second a bot
bids before your turn comes."""


def middle(screen: TableScreen) -> str:
    """The middle of the table, between the other two seats, as one line."""
    house = screen.query_one("#house", HouseRules)
    return " ".join(text_of(house).split()) if house.display else ""


async def bid_until_a_bot_bids_after_a_redeal(pilot: Pilot) -> tuple[TableHost, TableScreen]:
    host = TableHost(SEATS, bot_delay=0, seed=REDEAL_THEN_A_BOT_BIDS)
    pilot.app.open_table(LocalTable(host))  # type: ignore[attr-defined]
    for _ in range(6):
        await host.settled()
        await pilot.pause()
        game = host.game
        assert game is not None and game.turn == 0 and game.phase is Phase.BIDDING
        if game.redeals:
            break
        await pilot.press("0")
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen) and screen.view is not None
    assert host.game is not None and host.game.redeals == 1
    assert any(bid for _, bid in screen.view.bids), "a bot bid right after the redeal"
    return host, screen


async def test_a_redeal_is_still_said_after_a_bot_bids_until_the_landlord_is_chosen() -> None:
    for lang, words in ((Lang.EN, "Dealt again (nobody bid)"), (Lang.ZH, "重新发牌 （无人叫分）")):
        async with make_app(lang=lang).run_test(size=(80, 24)) as pilot:
            host, screen = await bid_until_a_bot_bids_after_a_redeal(pilot)
            assert middle(screen) == words
            assert screen.view is not None
            await pilot.press("3")  # the landlord is chosen: the deal is like any other
            await host.settled()
            await pilot.pause()
            assert screen.view.phase is not Phase.BIDDING
            assert middle(screen) == ""
            await host.close()


def test_the_words_say_how_many_times_and_how_the_landlord_is_chosen() -> None:
    for rules, once, twice in (
        (Rules(), "Dealt again\n(nobody bid)", "Dealt again ×2\n(nobody bid)"),
        (
            Rules(LandlordMode.GRAB),
            "Dealt again\n(nobody called)",
            "Dealt again ×2\n(nobody called)",
        ),
    ):
        view = Game(4, rules=rules).view(0)
        said = [
            table_show(TableState(0, SEATS, view, redeals=n), None, None).redealt for n in (0, 1, 2)
        ]
        assert said == ["", once, twice]

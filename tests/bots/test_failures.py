"""A bot that fails never stops a game: the table logs it and makes a fallback move."""

from __future__ import annotations

import logging

import pytest

from ddz_tui.bots import policy
from ddz_tui.bots.normal import NormalBot
from ddz_tui.bots.runner import cautious, decide, fallback
from ddz_tui.engine import PASS, Game, LandlordMode, MakeBid, Phase, Play, PlayerView, Rules
from ddz_tui.rules import BY_CARDS, classify
from ddz_tui.table import host as table_module
from ddz_tui.table.host import TableHost
from ddz_tui.table.seats import SeatInfo, SeatKind
from tests.support.ui import make_app, settle, sit_down, table_screen


class Broken:
    """A bot whose every decision raises."""

    def __init__(self, seed: int | None = None) -> None:
        self.calls = 0

    def choose(self, view: PlayerView):
        self.calls += 1
        raise KeyError(1108689883168)  # what the plan caches' race raised

    def bid(self, view: PlayerView) -> int:
        self.calls += 1
        raise KeyError(1108689883168)

    def answer(self, view: PlayerView) -> bool:
        self.calls += 1
        raise KeyError(1108689883168)


class Cheating:
    """A bot that plays cards it may not: the lowest single, even when it cannot beat,
    and a first bid of 4 (then 3: bots that only ever pass would redeal for ever)."""

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view: PlayerView):
        return BY_CARDS[view.hand_ranks[0]]

    def bid(self, view: PlayerView) -> int:
        return 3 if view.bids else 4

    def answer(self, view: PlayerView) -> bool:
        return True  # always legal: every seat calls, grabs, shows and doubles


def _bots_only(monkeypatch: pytest.MonkeyPatch, bot: type, rules: Rules | None = None) -> TableHost:
    monkeypatch.setattr(table_module, "make_bot", lambda level, seed=None: bot(seed))
    seats = [SeatInfo(name, SeatKind.BOT, "hard") for name in "abc"]
    return TableHost(seats, bot_delay=0, seed=3, rules=rules)


HOUSE = Rules(LandlordMode.GRAB, doubling=True, showing=True)


@pytest.mark.parametrize("rules", [Rules(), HOUSE], ids=["plain", "house"])
@pytest.mark.parametrize("bot", [Broken, Cheating])
async def test_a_failing_bot_is_logged_and_the_game_reaches_its_end(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, bot: type, rules: Rules
) -> None:
    host = _bots_only(monkeypatch, bot, rules)
    with caplog.at_level(logging.ERROR, logger="ddz_tui.table.host"):
        for _ in range(3):  # three games in a row: the table never gives up on them
            host.new_game()
            await host.settled()
            assert host.game is not None and host.game.phase is Phase.OVER
    assert host.games == 3
    failures = [r for r in caplog.records if r.name == "ddz_tui.table.host"]
    assert failures and all(r.exc_info for r in failures)
    await host.close()


async def test_the_fallback_is_the_normal_bots_move() -> None:
    game = Game(4, LandlordMode.BID)
    bots = [NormalBot() for _ in range(3)]
    for _ in range(8):  # the bidding, then a few plays
        view = game.view(game.turn)
        assert fallback(view) == decide(bots[game.turn], view)
        action = decide(bots[game.turn], view)
        assert action in view.legal_actions()
        game.act(game.turn, action)


async def test_when_the_normal_bot_fails_too_the_move_is_the_cautious_one(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("no policy today")

    monkeypatch.setattr(policy, "bid", broken)
    monkeypatch.setattr(policy, "choose", broken)
    bidding = PlayerView(0, "3456789TJQKA2BR33", None, "", [])
    assert fallback(bidding) == MakeBid(0)
    leading = PlayerView(0, "3456789TJQKA2BR334", 0, "4", [])
    assert fallback(leading) == Play(BY_CARDS["3"])
    following = PlayerView(1, "3456789TJQKA2BR33", 0, "4", [(0, "R")])
    assert fallback(following) == PASS
    assert all(r.exc_info for r in caplog.records) and len(caplog.records) == 3
    cautious_moves = [cautious(v) for v in (bidding, leading, following)]
    assert cautious_moves == [MakeBid(0), Play(BY_CARDS["3"]), PASS]


async def test_a_hint_that_fails_suggests_the_legal_plays_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from ddz_tui.ui.screens import table as screen_module

    def broken(view: PlayerView) -> None:
        raise KeyError(1108689883168)

    monkeypatch.setattr(screen_module, "hints", broken)
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, LandlordMode.RANDOM)
        for _ in range(60):  # bounded: until it is our turn and we can play something
            view = screen.view
            if view.phase is Phase.PLAYING and view.my_turn and view.legal_plays:
                break
            await pilot.press("0" if view.phase is Phase.BIDDING else "p")
            await settle(pilot)
        view = screen.view
        assert view.my_turn and view.legal_plays
        await pilot.press("h")
        await settle(pilot)
        assert classify(screen.hand.selected) == view.legal_plays[0]
        assert table_screen(pilot) is app.screen
    assert any("hints failed" in r.getMessage() and r.exc_info for r in caplog.records)

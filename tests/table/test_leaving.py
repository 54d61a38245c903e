"""Leaving a game against bots mid-way (issue 34, item 17): it is kept, lost at the
stake it had (逃跑), and every reader of the history reads it as such."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddz_tui.bots.runner import cautious
from ddz_tui.cli import main
from ddz_tui.engine import Game, LandlordMode, Multiplier, Phase, Rules, Side, dumps, loads
from ddz_tui.engine.events import Left, event_from_dict, event_to_dict
from ddz_tui.engine.replay import frames
from ddz_tui.records.history import History
from ddz_tui.records.store import FILE_NAME
from ddz_tui.table.clients import LocalTable
from ddz_tui.table.host import TableHost
from ddz_tui.table.keeping import keep_local_games, left_game
from ddz_tui.table.seats import SeatInfo, SeatKind

BOTS = [SeatInfo("Ann", SeatKind.BOT, "random"), SeatInfo("Bo", SeatKind.BOT, "random")]


def test_a_landlord_who_leaves_pays_both_peasants() -> None:
    stake = Multiplier(base=3, bombs=1)  # ×6 shared
    left = left_game(1, 1, stake, [(0, 1), (1, 3)])
    assert left == Left(1, 1, Side.PEASANTS, 6, (6, -12, 6))


def test_a_peasant_who_leaves_loses_as_the_peasants_would() -> None:
    doubled = Multiplier(base=2, doubled=(True, False, False))  # seat 0 doubled
    left = left_game(0, 2, doubled, [(2, 2)])
    assert left.side is Side.LANDLORD and left.landlord == 2
    assert left.scores == (-4, -2, 6), "the leaver's own stake, the landlord's whole win"


def test_leaving_in_the_bidding_costs_the_highest_bid_as_a_landlord() -> None:
    left = left_game(0, None, Multiplier(), [(1, 2), (2, 0)])
    assert left == Left(0, 0, Side.PEASANTS, 2, (-4, 2, 2))
    assert left_game(2, None, Multiplier(), []).scores == (1, 1, -2), "at least 1"


def test_a_left_record_reads_back_and_a_hostile_one_is_refused() -> None:
    left = Left(0, 2, Side.LANDLORD, 2, (-2, -2, 4))
    assert loads(dumps([left])) == [left]
    good = event_to_dict(left)
    for key, value in (
        ("seat", 3),
        ("landlord", -1),
        ("side", "bots"),
        ("side", "peasants"),  # the leaver's own side never wins
        ("scores", [-2, -2, 5]),  # not zero-sum
        ("scores", [2, -2, 0]),  # the leaver did not lose
        ("multiplier", 0),
        ("multiplier", True),
        ("scores", ["-2", -2, 4]),
    ):
        with pytest.raises(ValueError, match="left"):
            event_from_dict({**good, key: value})
    with pytest.raises(ValueError, match="unexpected field"):
        event_from_dict({**good, "note": "x"})


def _bids_to_the_play(game: Game) -> None:
    while game.phase is not Phase.PLAYING:
        assert game.turn is not None
        game.act(game.turn, cautious(game.view(game.turn)))


def test_a_left_record_replays_up_to_the_leave() -> None:
    game = Game(7, LandlordMode.RANDOM)
    _bids_to_the_play(game)
    assert game.landlord is not None
    left = left_game(0, game.landlord, game.multiplier, game.view(0).bids)
    steps = frames((*game.events, left))
    assert steps[-1].phase is Phase.PLAYING and len(steps) == 1
    with pytest.raises(ValueError, match="stops before"):
        frames(game.events)
    with pytest.raises(ValueError, match="differs"):
        frames((*game.events, left, left))  # a leave is the last thing a record holds


async def _left_mid_game(tmp_path: Path) -> tuple[History, TableHost, Game]:
    history = History(tmp_path / FILE_NAME)
    assert await history.ready()
    host = TableHost([SeatInfo("You"), *BOTS], bot_delay=0, seed=4, rules=Rules())
    client = LocalTable(host, on_leave=keep_local_games(host, history, seat=0))
    host.new_game()
    await host.settled()
    assert host.playing and host.game is not None
    cost = client.leaving()
    assert cost is not None and cost.scores[0] < 0
    client.leave()
    client.leave()  # a second time records nothing more
    game = host.game
    await host.close()
    await history.flush()
    return history, host, game


async def test_a_game_left_mid_way_is_kept_lost_at_its_stake(tmp_path: Path) -> None:
    history, _, game = await _left_mid_game(tmp_path)
    kept = await history.call(lambda store: store.recent_games(10))
    assert len(kept) == 1
    summary = kept[0]
    assert summary.left == 0 and summary.i_won is False
    assert summary.my_score is not None and summary.my_score < 0
    assert sum(summary.scores) == 0
    stats = await history.call(lambda store: store.stats())
    assert (stats.games, stats.wins, stats.total_score) == (1, 0, summary.my_score)
    whole = await history.call(lambda store: store.game(summary.id))
    assert whole.events[:-1] == game.events and isinstance(whole.events[-1], Left)
    await history.close()


async def test_ddz_history_says_a_game_was_left(tmp_path: Path, capsys) -> None:
    history, _, _ = await _left_mid_game(tmp_path)
    await history.close()
    assert main(["--data-dir", str(tmp_path), "history"]) == 0
    assert "left, lost" in capsys.readouterr().out


async def test_a_table_whose_games_are_not_kept_costs_nothing_to_leave(tmp_path: Path) -> None:
    host = TableHost([SeatInfo("You"), *BOTS], bot_delay=0, seed=4)
    host.new_game()
    assert LocalTable(host).leaving() is None
    await host.close()

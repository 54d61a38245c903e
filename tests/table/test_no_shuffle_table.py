"""不洗牌 at a table: each game after the first is dealt from the cards of the game
before as they were played, and the history keeps records that replay those deals."""

from __future__ import annotations

import itertools
from pathlib import Path

from ddz_tui.engine import Dealt, Game, Phase, Rules, Started
from ddz_tui.engine.deal import cut, in_packets
from ddz_tui.engine.replay import frames
from ddz_tui.records.history import History
from ddz_tui.records.store import Origin
from ddz_tui.table.host import TableHost
from ddz_tui.table.keeping import keep_games
from ddz_tui.table.seats import SeatInfo, SeatKind

NO_SHUFFLE = Rules(no_shuffle=True)


def _bots() -> list[SeatInfo]:
    return [SeatInfo(name, SeatKind.BOT, "normal") for name in ("a", "b", "c")]


def _started(game: Game) -> Started:
    started = game.events[0]
    assert isinstance(started, Started)
    return started


def _first_deal(game: Game) -> tuple[list[list[int]], list[int]]:
    dealt = next(e for e in game.events if isinstance(e, Dealt))
    return [sorted(hand) for hand in dealt.hands], sorted(dealt.bottom)


async def _run(host: TableHost, games: int) -> list[Game]:
    played = []
    for _ in range(games):
        host.new_game()
        await host.settled()
        assert host.game is not None and host.game.phase is Phase.OVER
        played.append(host.game)
    return played


async def test_the_second_game_is_dealt_from_the_first_games_cards_as_played() -> None:
    host = TableHost(_bots(), bot_delay=0, seed=8, rules=NO_SHUFFLE)
    games = await _run(host, 3)
    assert _started(games[0]).deck is None  # the first game of a run is shuffled
    for before, game in itertools.pairwise(games):
        order = before.played_order()
        assert _started(game).deck == order
        cuts = [at for at in range(1, 54) if _first_deal(game) == _packets(order, at)]
        assert cuts, "the deal is no cut of the game before's cards, dealt in packets"
    await host.close()


def _packets(order: tuple[int, ...], at: int) -> tuple[list[list[int]], list[int]]:
    hands, bottom = in_packets(cut(order, at))
    return [sorted(hand) for hand in hands], sorted(bottom)


async def test_a_shuffled_table_gives_no_game_a_deck() -> None:
    host = TableHost(_bots(), bot_delay=0, seed=8)
    games = await _run(host, 2)
    assert [_started(game).deck for game in games] == [None, None]
    await host.close()


async def test_the_rule_switched_on_between_games_deals_from_the_last_game() -> None:
    host = TableHost(_bots(), bot_delay=0, seed=3)
    (first,) = await _run(host, 1)
    host.rules = NO_SHUFFLE
    (second,) = await _run(host, 1)
    assert _started(second).deck == first.played_order()
    await host.close()


async def test_the_history_keeps_no_shuffle_games_that_replay(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    assert await history.ready()
    host = TableHost(_bots(), bot_delay=0, seed=5, rules=NO_SHUFFLE)
    keep_games(host, history, my_seat=None, origin=Origin.SERVER)
    games = await _run(host, 2)
    await history.flush()
    kept = await history.call(lambda store: [store.game(i) for i in (1, 2)])
    assert [k.events for k in kept] == [tuple(g.events) for g in games]
    second = kept[1].events
    assert isinstance(second[0], Started) and second[0].deck == games[0].played_order()
    assert Game.replay(second).events == games[1].events
    dealt = [sorted(card.id for card in hand) for hand in frames(second)[0].hands]
    assert dealt == _first_deal(games[1])[0]
    await host.close()
    await history.close()

"""Keeping a table's games: its seats as the history keeps them, every game a host finishes."""

from __future__ import annotations

from pathlib import Path

from ddz_tui.engine import Phase
from ddz_tui.records.history import History
from ddz_tui.records.store import Origin, SeatRecord
from ddz_tui.table.host import TableHost
from ddz_tui.table.keeping import keep_games, seat_records
from ddz_tui.table.seats import EMPTY_SEAT, SeatInfo, SeatKind

BOTS = [SeatInfo("Ann", SeatKind.BOT, "random"), SeatInfo("Bo", SeatKind.BOT, "random")]


def test_a_bot_is_kept_with_its_level_and_a_person_without_one() -> None:
    stood_in = SeatInfo("You", level="hard", takeover=True)  # the bot that played for them
    assert seat_records([stood_in, *BOTS]) == (
        SeatRecord("You"),
        SeatRecord("Ann", "random"),
        SeatRecord("Bo", "random"),
    )
    assert seat_records([EMPTY_SEAT]) == (SeatRecord(""),)


async def test_keep_games_records_every_game_a_host_finishes(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    assert await history.ready()
    await history.set_profile_name("Mei")
    me = SeatInfo("You", level="random", takeover=True)  # a bot plays for us (托管)
    host = TableHost([me, *BOTS], bot_delay=0, seed=4)
    keep_games(host, history, my_seat=0, origin=Origin.LOCAL)
    games = []
    for _ in range(2):
        host.set_takeover(0, True)  # (托管 ends with each game)
        host.new_game()
        await host.settled()
        assert host.game is not None and host.game.phase is Phase.OVER
        games.append(host.game)
    await history.flush()
    kept = await history.call(lambda store: [store.game(i) for i in (1, 2)])
    assert [k.events for k in kept] == [tuple(g.events) for g in games]
    first = kept[0]
    assert first.summary.my_seat == 0 and first.summary.origin is Origin.LOCAL
    assert first.seats == (
        SeatRecord("Mei"),
        SeatRecord("Ann", "random"),
        SeatRecord("Bo", "random"),
    )
    await host.close()
    await history.close()


async def test_a_server_keeps_no_game_its_people_all_left_to_bots(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    assert await history.ready()
    host = TableHost([SeatInfo("ann"), *BOTS], bot_delay=0, seed=4, takeover_level="random")
    keep_games(host, history, my_seat=None, origin=Origin.SERVER, people_only=True)
    host.ready(0)
    assert host.playing
    host.set_takeover(0, True)  # ann lets a bot play for her, and stays: kept
    await host.settled()
    assert host.game is not None and host.game.phase is Phase.OVER
    host.set_takeover(0, False)
    host.ready(0)
    assert host.playing
    host.leave(0)  # she gets up: bots play it out for no one, not kept
    await host.settled()
    assert host.game is not None and host.game.phase is Phase.OVER
    await history.flush()
    kept = await history.call(lambda store: store.recent_games(10))
    assert [game.id for game in kept] == [1], "only the game she sat through"
    await host.close()
    await history.close()

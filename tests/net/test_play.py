"""Networked play on loopback: full games, two tables, drops, reconnects, takeovers."""

from __future__ import annotations

import asyncio

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.engine import MakeBid, Phase, Play
from ddz_tui.net.client.lobby import LobbyClient, Status
from ddz_tui.net.client.remote import RemoteTable, TableRefused
from ddz_tui.net.client.tokens import TokenStore
from ddz_tui.net.errors import ErrorReason
from ddz_tui.table.seats import TableState
from tests.support.botclient import BotPlayer
from tests.support.clock import ManualClock, time_out_to_the_end
from tests.support.loopback import clients, running, until


async def seat_three(server, names=("ann", "bob", "cat"), **options) -> tuple[list, list]:
    """Three players at one new table: (lobby clients, remote tables)."""
    players = await clients(server, *names, **options)
    first = await players[0].create()
    tables = [first] + [await p.join(first.table_id) for p in players[1:]]
    return players, tables


async def play(tables: list[RemoteTable], games: int, seed: int = 0) -> list[TableState]:
    bots = [BotPlayer(t, make_bot("random", seed + i)) for i, t in enumerate(tables)]
    return await asyncio.wait_for(asyncio.gather(*(b.play(games) for b in bots)), 60)


async def test_three_clients_play_a_full_game() -> None:
    async with running() as server:
        players, tables = await seat_three(server)
        assert [t.seat for t in tables] == [0, 1, 2]
        finals = await play(tables, 1)
        host = server.lobby.tables[tables[0].table_id].host
        assert host.games == 1 and host.game.phase is Phase.OVER
        for seat, state in enumerate(finals):
            assert state.games == 1 and state.view.phase is Phase.OVER
            assert state.view == host.game.view(seat), "each client holds its exact view"
            assert state.totals == tuple(host.totals) and sum(state.totals) == 0
        histories = {s.view.history for s in finals}
        assert len(histories) == 1, "everyone saw the same public plays"
        for p in players:
            await p.close()


async def test_games_go_on_when_everyone_is_ready_again() -> None:
    async with running() as server:
        players, tables = await seat_three(server)
        finals = await play(tables, 3, seed=10)
        assert {s.games for s in finals} == {3}
        for p in players:
            await p.close()


async def test_two_tables_play_at_once_without_touching_each_other() -> None:
    async with running() as server:
        _, left = await seat_three(server, ("ann", "bob", "cat"))
        _, right = await seat_three(server, ("dan", "eve", "fay"))
        assert left[0].table_id != right[0].table_id
        results = await asyncio.gather(play(left, 2, seed=1), play(right, 2, seed=7))
        hosts = [server.lobby.tables[side[0].table_id].host for side in (left, right)]
        for table in left + right:
            await table.lobby.close()
        for finals, host in zip(results, hosts, strict=True):
            assert {s.games for s in finals} == {2} and host.games == 2
            assert finals[0].totals == tuple(host.totals)
        assert hosts[0].game is not hosts[1].game


async def test_one_player_with_two_bots_from_the_server() -> None:
    async with running() as server:
        (ann,) = await clients(server, "ann")
        table = await ann.create(title="ann vs bots")
        await ann.fill("random")
        assert [s.kind.value for s in table.state.seats] == ["human", "bot", "bot"]
        (final,) = await play([table], 1)
        assert final.games == 1 and final.view.phase is Phase.OVER
        await ann.close()


async def test_the_lobby_lists_tables_and_seats_as_they_change() -> None:
    async with running() as server:
        ann, bob = await clients(server, "ann", "bob")
        seen: list = []
        bob.on_lobby(seen.append)
        table = await ann.create(title="friday")
        await until(lambda: seen and seen[-1] and seen[-1][0].seats[0].name == "ann")
        (summary,) = seen[-1]
        assert summary.title == "friday" and summary.free_seats == (1, 2) and not summary.playing
        await ann.ready()
        await until(lambda: seen[-1][0].seats[0].ready)
        await table.close()
        await until(lambda: seen[-1] == ())
        assert await bob.refresh() == ()
        assert server.lobby.tables == {}, "a table with no players left is closed"
        await ann.close()
        await bob.close()


async def test_lobby_requests_that_cannot_be_done_say_why() -> None:
    async with running() as server:
        ann, bob, cat, dan = await clients(server, "ann", "bob", "cat", "dan")
        with pytest.raises(Exception) as error:
            await ann.join(99)
        assert error.value.reason == ErrorReason.NO_SUCH_TABLE
        with pytest.raises(Exception) as error:
            await ann.leave()
        assert error.value.reason == ErrorReason.NOT_SEATED
        table = await ann.create()
        with pytest.raises(Exception) as error:
            await ann.create()
        assert error.value.reason == ErrorReason.ALREADY_SEATED
        with pytest.raises(Exception) as error:
            await bob.join(table.table_id, seat=0)
        assert error.value.reason == ErrorReason.SEAT_TAKEN and "seat 0" in error.value.message
        with pytest.raises(Exception) as error:
            await ann.fill("grandmaster")
        assert error.value.reason == ErrorReason.BAD_LEVEL and "random" in error.value.message
        await bob.join(table.table_id)
        await cat.join(table.table_id)
        with pytest.raises(Exception) as error:
            await dan.join(table.table_id)
        assert error.value.reason == ErrorReason.SEAT_TAKEN and "full" in error.value.message
        with pytest.raises(TableRefused) as refused:
            await table.act(MakeBid(1))
        assert "over" in refused.value.message or refused.value.reason.value == "wrong_phase"
        for p in (ann, bob, cat, dan):
            await p.close()


async def test_a_refused_play_is_refused_with_the_engines_reason() -> None:
    async with running() as server:
        _, tables = await seat_three(server)
        for t in tables:
            await t.next_game()
        await until(lambda: tables[0].state.view is not None)
        view = tables[0].state.view
        turn = view.turn
        other = tables[(turn + 1) % 3]
        with pytest.raises(TableRefused) as refused:
            await other.act(MakeBid(1))
        assert refused.value.reason.value == "not_your_turn"
        with pytest.raises(TableRefused) as refused:
            await tables[turn].act(Play(list(tables[turn].state.view.hand[:1])))
        assert refused.value.reason.value == "wrong_phase" and "bid first" in refused.value.message
        with pytest.raises(TableRefused) as refused:  # Enter with no card raised
            await tables[turn].act(Play([]))
        assert refused.value.reason.value == "nothing_selected"
        assert refused.value.message == "select the cards to play first", "as at a local table"
        for table in tables:
            await table.lobby.close()


async def test_a_dropped_player_comes_back_with_the_token_to_the_same_view(tmp_path) -> None:
    store = TokenStore(tmp_path / "sessions.json")
    async with running(grace=30) as server:
        players, tables = await seat_three(server, reconnect_for=0, tokens=store)
        for t in tables:
            await t.next_game()
        await until(lambda: all(t.state.view is not None for t in tables))
        # a few moves, then ann's connection dies
        turn = tables[0].state.view.turn
        await tables[turn].act(MakeBid(1))
        await until(lambda: tables[0].state.view.bids)
        before = tables[0].state.view
        players[0]._ws.transport.abort()
        await until(lambda: not tables[1].state.seats[0].connected)
        assert tables[1].state.notice == "ann lost the connection"
        await until(lambda: players[0].status is Status.CLOSED)
        with pytest.raises(TableRefused) as refused:
            await tables[0].act(MakeBid(2))
        assert refused.value.reason is ErrorReason.NOT_SEATED
        # ann runs the client again: the stored token resumes her seat
        again = await LobbyClient.connect(server.url, "ann", tokens=store)
        assert again.table is not None and again.table.seat == 0
        await until(lambda: again.table.state is not None)
        assert again.table.state.view == before
        await until(lambda: tables[1].state.seats[0].connected)
        assert tables[1].state.notice == "ann is back"
        finals = await play([again.table, tables[1], tables[2]], 1)
        assert {s.games for s in finals} == {1}
        for client in (again, *players[1:]):
            await client.close()


async def test_the_client_reconnects_by_itself_after_a_drop() -> None:
    async with running(grace=30) as server:
        players, tables = await seat_three(server)
        statuses: list[Status] = []
        players[0].on_status(lambda status, _: statuses.append(status))
        for t in tables:
            await t.next_game()
        await until(lambda: all(t.state.view is not None for t in tables))
        before = tables[0].state.view
        players[0]._ws.transport.abort()
        await until(lambda: statuses[-2:] == [Status.RECONNECTING, Status.CONNECTED])
        assert players[0].table is tables[0], "the same RemoteTable goes on"
        await until(lambda: tables[0].state.notice != "connection lost: reconnecting…")
        assert tables[0].state.view == before
        finals = await play(tables, 1)
        assert {s.games for s in finals} == {1}
        for client in players:
            await client.close()


async def test_a_bot_takes_over_after_the_grace_and_the_player_resumes() -> None:
    clock = ManualClock()
    async with running(clock, grace=20) as server:
        (ann,) = await clients(server, "ann", reconnect_for=0)
        bob = await LobbyClient.connect(server.url, "bob")
        table = await ann.create()
        bob_table = await bob.join(table.table_id)
        await ann.fill("random")
        await table.next_game()
        await bob_table.next_game()
        await until(lambda: bob_table.state.view is not None)
        token = ann.token
        ann._ws.transport.abort()
        await until(lambda: not bob_table.state.seats[0].connected)
        clock.advance(19.9)
        assert not server.lobby.tables[table.table_id].host.seats[0].takeover, "in the grace"
        clock.advance(0.1)
        await until(lambda: bob_table.state.seats[0].takeover)
        assert bob_table.state.notice == "ann is away: a bot plays for them (托管)"
        with pytest.raises(Exception) as error:
            await LobbyClient.connect(server.url, "ann")
        assert error.value.reason == ErrorReason.NAME_TAKEN, "the seat's name needs its token"
        back = await LobbyClient.connect(server.url, "ann", token=token)
        assert back.table is not None and back.table.table_id == table.table_id
        await until(lambda: not bob_table.state.seats[0].takeover)
        assert bob_table.state.seats[0].connected
        await until(lambda: back.table.state is not None)
        host = server.lobby.tables[table.table_id].host
        assert back.table.state.view == host.game.view(0), "ann sees the game as it is now"
        await bob.close()
        await back.close()


async def test_the_turn_timer_is_in_every_state_and_acts_when_it_runs_out() -> None:
    clock = ManualClock()
    async with running(clock, turn_seconds=30) as server:
        (ann,) = await clients(server, "ann")
        assert ann.turn_seconds == 30
        table = await ann.create(mode="random")
        await ann.fill("random")
        states: list[TableState] = []
        table.subscribe(states.append)
        await table.next_game()
        await time_out_to_the_end(server.lobby.tables[table.table_id].host, clock)
        await until(lambda: states[-1].view is not None and states[-1].view.phase is Phase.OVER)
        mine = [s for s in states if s.view and s.view.turn == 0]
        assert mine and all(s.turn_seconds == 30 for s in mine), "each turn, the whole time"
        assert any((s.notice or "").startswith("ann ran out of time") for s in states)
        await ann.close()


async def test_closing_the_table_leaves_it_and_the_session_goes_on() -> None:
    async with running() as server:
        ann, bob = await clients(server, "ann", "bob")
        table = await ann.create()
        await bob.join(table.table_id)
        await table.close()
        assert ann.table is None and ann.status is Status.CONNECTED
        await until(lambda: bool(ann.tables) and ann.tables[0].seats[0].is_empty)
        with pytest.raises(TableRefused):
            await table.act(MakeBid(1))
        again = await ann.join(table.table_id)
        assert again.seat == 0
        await ann.close()
        await bob.close()


async def test_each_player_gets_each_finished_games_record_once() -> None:
    async with running() as server:
        players, tables = await seat_three(server)
        records: list[list] = [[], [], []]
        for seat, player in enumerate(players):
            player.on_record(records[seat].append)
        finals = await play(tables, 3, seed=3)
        await until(lambda: all(len(r) == 3 for r in records))
        for seat, got in enumerate(records):
            assert [r.games for r in got] == [1, 2, 3] and {r.seat for r in got} == {seat}
            assert [s.name for s in got[0].seats] == ["ann", "bob", "cat"]
            assert got[-1].final_view() == finals[seat].view, "the record is the game we saw"
        assert records[0][0].events == records[1][0].events == records[2][0].events
        for player in players:
            await player.close()


async def test_the_hands_are_laid_open_at_the_table_once_the_record_is_in() -> None:
    async with running() as server:
        players, tables = await seat_three(server)
        records: list[list] = [[], [], []]
        for seat, player in enumerate(players):
            player.on_record(records[seat].append)
        await play(tables, 1, seed=5)
        await until(lambda: all(records))
        for seat, table in enumerate(tables):
            view = table.state.view
            assert view.phase is Phase.OVER and view.hands_at_end
            assert view.hands_at_end == records[seat][0].final_view().hands_at_end
            others = [hand for other, hand in enumerate(view.hands_at_end) if other != seat]
            assert any(others), "somebody still held cards when the game ended"
        for player in players:
            await player.close()


async def test_a_record_reaches_a_player_back_after_the_end_and_never_a_newcomer(
    tmp_path,
) -> None:
    store = TokenStore(tmp_path / "sessions.json")
    clock = ManualClock()
    async with running(clock, grace=60, turn_seconds=1) as server:
        ann = await LobbyClient.connect(server.url, "ann", reconnect_for=0, tokens=store)
        table = await ann.create()
        await ann.fill("random")
        await table.next_game()
        await until(lambda: table.state.view is not None)
        host = server.lobby.tables[table.table_id].host
        await ann.close()  # ann drops; the timer and the bots play the game out
        await until(lambda: not host.seats[0].connected)
        await host.settled()
        while host.playing:
            assert clock.now() < 60, "the timer, not a bot after the grace"
            clock.advance_to_next()
            await host.settled()
        assert host.games == 1 and not host.seats[0].connected
        bob = await LobbyClient.connect(server.url, "bob")
        newcomer: list = []
        bob.on_record(newcomer.append)
        bob_table = await bob.join(table.table_id)  # a bot's seat, between games
        await until(lambda: bob_table.state is not None and bob_table.state.games == 1)
        again = await LobbyClient.connect(server.url, "ann", tokens=store)
        kept: list = []
        again.on_record(kept.append)  # before the reader runs: nothing is missed
        await until(lambda: len(kept) == 1)
        assert kept[0].games == 1 and kept[0].seat == 0
        assert kept[0].final_view() == again.table.state.view
        await bob.refresh()  # a record sent to bob would have come before this answer
        assert newcomer == [], "bob did not play that game"
        await again.close()
        await bob.close()


async def test_a_players_running_tally_is_theirs_again_when_they_come_back_between_games() -> None:
    async with running() as server:
        ann, bob = await clients(server, "ann", "bob")
        table = await ann.create()
        joined = await bob.join(table.table_id)
        await ann.fill("random")
        finals = await play([table, joined], 1, seed=3)
        tally = finals[1].totals[1]
        assert tally != 0
        await bob.leave()
        await until(lambda: table.state.seats[1].is_empty)
        assert table.state.totals[1] == 0
        back = await bob.join(table.table_id)
        await until(lambda: back.state is not None and back.state.seats[back.seat].name == "bob")
        assert back.state.totals[back.seat] == tally, "bob's tally, where he sits again"
        await ann.close()
        await bob.close()

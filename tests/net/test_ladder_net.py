"""The ladder over the wire: the server ranks the names its SSH door vouches for, marks
guests and bots, answers from its history (or refuses without one), and the client
reads every reply as a stranger's."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.net.client.errors import NetError, Refused
from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.net.ladder import decode_ladder, encode_ladder
from ddz_tui.net.protocol import parse_push, parse_request
from ddz_tui.net.server import LADDER_FRESH, GameServer
from ddz_tui.records.history import History
from ddz_tui.records.ladder import LADDER_ROWS, Identity, Ladder, Period, Standing
from ddz_tui.table.timing import REAL_CLOCK, Clock
from tests.support.botclient import BotPlayer
from tests.support.clock import ManualClock
from tests.support.loopback import FAST

FAR = dt.datetime(2100, 1, 6, 12, tzinfo=dt.timezone.utc)  # no game was kept that day


async def _server(path: Path | None, clock: Clock = REAL_CLOCK) -> GameServer:
    history = None if path is None else History(path / "server.sqlite3")
    server = GameServer(replace(FAST), history=history, clock=clock, now=lambda: FAR)
    await server.start()
    return server


async def test_the_ladder_ranks_the_doors_names_and_marks_guests_and_bots(tmp_path: Path) -> None:
    server = await _server(tmp_path)
    try:
        ticket = server.vouch("ann")
        ann = await LobbyClient.connect(server.url, "ann", ticket=ticket)
        bob = await LobbyClient.connect(server.url, "bob")
        assert server.lobby.players["ann"].ranked and not server.lobby.players["bob"].ranked
        table = await ann.create()
        joined = await bob.join(table.table_id)
        await ann.fill("easy")
        players = [BotPlayer(t, make_bot("random", s)) for s, t in enumerate((table, joined))]
        await asyncio.wait_for(asyncio.gather(*(p.play(2) for p in players)), 60)
        assert server.history is not None
        await server.history.flush()
        totals = server.lobby.tables[table.table_id].host.totals
        ladder = await bob.leaderboard(Period.ALL)
        rows = {(row.identity, row.name): row for row in ladder.rows}
        assert set(rows) == {
            (Identity.RANKED, "ann"),
            (Identity.GUEST, "bob"),
            (Identity.BOT, "easy"),
        }
        assert rows[Identity.RANKED, "ann"].points == totals[0]
        assert rows[Identity.GUEST, "bob"].points == totals[1]
        assert rows[Identity.BOT, "easy"].points == totals[2]
        assert {row.games for row in ladder.rows} == {2}
        assert (await ann.leaderboard(Period.DAY)).rows == (), "nothing kept on FAR's day"
        assert (await ann.leaderboard(Period.WEEK)).rows == ()
        await ann.close()
        await bob.close()
    finally:
        await server.close()


async def test_a_ticket_is_good_for_its_own_name_only_and_until_unvouched(tmp_path: Path) -> None:
    server = await _server(None)
    try:
        ticket = server.vouch("ann")
        bob = await LobbyClient.connect(server.url, "bob", ticket=ticket)
        guess = await LobbyClient.connect(server.url, "ANN", ticket="x" * 43)
        assert not server.lobby.players["bob"].ranked, "another name's ticket"
        assert not server.lobby.players["ann"].ranked, "a guessed ticket"
        await guess.close()
        server.unvouch("ann", ticket)
        late = await LobbyClient.connect(server.url, "ann", ticket=ticket)
        assert not server.lobby.players["ann"].ranked, "the door's session is over"
        await late.close()
        await bob.close()
    finally:
        await server.close()


async def test_a_server_without_history_refuses_the_ladder() -> None:
    server = await _server(None)
    try:
        ann = await LobbyClient.connect(server.url, "ann")
        with pytest.raises(Refused) as refused:
            await ann.leaderboard(Period.WEEK)
        assert refused.value.reason == ErrorReason.NO_LADDER.value
        assert "no history" in refused.value.message
        await ann.close()
    finally:
        await server.close()


@pytest.mark.parametrize(
    "sent",
    [
        {"type": "leaderboard", "id": 1, "period": "year"},
        {"type": "leaderboard", "id": 1},
        {"type": "leaderboard", "id": 1, "period": "day", "limit": 10**6},
        {"type": "leaderboard", "id": 1, "period": ["day"]},
        {"type": "hello", "v": 9, "name": "ann", "ticket": "t" * 65},
    ],
)
def test_bad_requests_are_refused_by_field(sent: dict[str, Any]) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_request(json.dumps(sent))
    assert caught.value.reason is ErrorReason.BAD_FIELD


def _row(rank: int, name: str, points: int, games: int = 3, wins: int = 1) -> Standing:
    return Standing(rank, name, Identity.GUEST, points, games, wins)


def _reply(ladder: Ladder) -> dict[str, Any]:
    return json.loads(encode_ladder(ladder, 7))


def _read(message: dict[str, Any]) -> Ladder:
    return decode_ladder(parse_push(json.dumps(message)).args)


GOOD = Ladder(
    Period.DAY, (_row(1, "ann", 9), _row(2, "bob", 4), _row(2, "cat", 4)), _row(9, "me", -3)
)


def test_a_ladder_goes_both_ways() -> None:
    assert _read(_reply(GOOD)) == GOOD


def _with(change: Any) -> dict[str, Any]:
    message = _reply(GOOD)
    change(message)
    return message


@pytest.mark.parametrize(
    "message",
    [
        _with(lambda m: m["rows"].reverse()),  # out of order
        _with(lambda m: m["rows"][1].update(rank=1)),  # a rank its points do not give
        _with(lambda m: m["rows"][0].update(rank=2)),  # not from 1
        _with(lambda m: m["rows"][0].update(wins=4)),  # more wins than games
        _with(lambda m: m["you"].update(points=100)),  # the asker above the last row
    ],
)
def test_a_reply_that_is_no_ladder_is_refused(message: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        _read(message)


@pytest.mark.parametrize(
    "message",
    [
        _with(lambda m: m["rows"][0].update(who="admin")),
        _with(lambda m: m["rows"][0].update(games=0)),
        _with(lambda m: m["rows"][0].update(points=1.5)),
        _with(lambda m: m["rows"][0].update(name="x" * 1000)),
        _with(lambda m: m["rows"][0].update(extra=1)),
        _with(lambda m: m.update(rows=[m["rows"][0]] * (LADDER_ROWS + 1))),
        _with(lambda m: m.update(period="year")),
    ],
)
def test_a_reply_off_the_schema_is_a_broken_message(message: dict[str, Any]) -> None:
    with pytest.raises(ProtocolError):
        parse_push(json.dumps(message))


def test_names_in_a_reply_are_made_printable() -> None:
    message = _with(lambda m: m["rows"][0].update(name="\x1b]0;pwned\x07ann\u202e"))
    assert _read(message).rows[0].name == "]0;pwnedann"


async def test_a_broken_ladder_is_a_net_error_not_a_crash(tmp_path: Path) -> None:
    server = await _server(tmp_path)
    try:
        ann = await LobbyClient.connect(server.url, "ann")
        bad = Ladder(Period.ALL, (_row(1, "a", 1, games=1, wins=1), _row(1, "b", 5)))

        async def lying(conn: Any, player: Any, message: Any) -> None:
            conn.send(encode_ladder(bad, message.id))

        server._answer_ladder = lying  # type: ignore[method-assign]
        with pytest.raises(NetError):
            await ann.leaderboard(Period.ALL)
        await ann.close()
    finally:
        await server.close()


async def test_many_asking_at_once_read_the_history_once(tmp_path: Path) -> None:
    """A flood of ladder requests (within the rate) costs the history one read a period
    every LADDER_FRESH seconds, not one each."""
    clock = ManualClock()
    server = await _server(tmp_path, clock)
    try:
        assert server.history is not None
        reads: list[object] = []
        call = server.history.call

        async def counted(job: Any) -> Any:
            reads.append(job)
            return await call(job)

        server.history.call = counted  # type: ignore[method-assign]
        ann = await LobbyClient.connect(server.url, "ann")
        answers = await asyncio.gather(*(ann.leaderboard(Period.DAY) for _ in range(30)))
        assert len(answers) == 30 and len(reads) == 1
        await ann.leaderboard(Period.ALL)
        assert len(reads) == 2, "each period its own"
        clock.advance(LADDER_FRESH - 0.1)
        await ann.leaderboard(Period.DAY)
        assert len(reads) == 2, "still fresh"
        clock.advance(0.1)
        await ann.leaderboard(Period.DAY)
        assert len(reads) == 3, "read again once stale"
        await ann.close()
    finally:
        await server.close()

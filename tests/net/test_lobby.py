"""The server's lobby without a socket: names and tokens, who sits where, which seat a
player gets, a seat given back only to its player, tables taken away when no one sits
there. (The tables' hosts need an event loop, so the tests are coroutines.)"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager

import pytest

from ddz_tui.i18n import Lang
from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.net.lobby import Lobby, Player, Table
from ddz_tui.table.host import TableHost
from ddz_tui.table.seats import EMPTY_SEAT, SeatInfo, SeatKind

Conn = str  # the lobby only holds a player's connection: a name stands in for one


@pytest.fixture
async def lobby() -> AsyncIterator[Lobby[Conn]]:
    lobby: Lobby[Conn] = Lobby(max_tables=2)
    yield lobby
    for table in lobby.tables.values():
        await table.host.close()


def new_host() -> TableHost:
    return TableHost([EMPTY_SEAT, EMPTY_SEAT, EMPTY_SEAT], bot_delay=60, seed=1)


def arrive(lobby: Lobby[Conn], name: str) -> Player[Conn]:
    player = lobby.claim(name, None, Lang.EN)
    player.conn = f"{name}'s connection"
    return player


def open_table(lobby: Lobby[Conn], player: Player[Conn], title: str | None = None) -> Table:
    table = lobby.open_table(player, title, new_host)
    lobby.sit(player, table, 0)
    return table


@contextmanager
def refused(reason: ErrorReason) -> Iterator[None]:
    with pytest.raises(ProtocolError) as caught:
        yield
    assert caught.value.reason is reason, caught.value


async def test_a_name_in_use_goes_back_only_with_its_token(lobby: Lobby[Conn]) -> None:
    ann = arrive(lobby, "  ann ")
    assert ann.name == "ann" and lobby.players == {"ann": ann}
    with refused(ErrorReason.NAME_TAKEN):
        lobby.claim("ann", None, Lang.EN)
    with refused(ErrorReason.NAME_TAKEN):
        lobby.claim("ann", "a guess", Lang.EN)
    assert lobby.claim("ann", ann.token, Lang.ZH) is ann and ann.lang is Lang.ZH
    with refused(ErrorReason.BAD_NAME):
        lobby.claim("", None, Lang.EN)


async def test_the_free_seats_go_own_seat_first_then_empty_then_bots(lobby: Lobby[Conn]) -> None:
    ann = arrive(lobby, "ann")
    table = open_table(lobby, ann)
    table.host.set_seat(1, SeatInfo("Bot", SeatKind.BOT, "easy"))
    bob, cat, dan = (arrive(lobby, name) for name in ("bob", "cat", "dan"))
    assert lobby.join(bob, table, None) == 2, "the empty seat before the bot's"
    assert lobby.join(cat, table, None) == 1, "a bot's seat between games"
    assert [info.name for info in table.host.seats] == ["ann", "cat", "bob"]
    with refused(ErrorReason.SEAT_TAKEN):
        lobby.join(dan, table, None)
    with refused(ErrorReason.SEAT_TAKEN):
        lobby.join(dan, table, 1)
    with refused(ErrorReason.ALREADY_SEATED):
        lobby.join(bob, table, None)
    assert (bob.table, bob.seat, dan.table) == (table, 2, None)


async def test_a_bots_seat_is_not_free_while_it_plays(lobby: Lobby[Conn]) -> None:
    ann = arrive(lobby, "ann")
    table = open_table(lobby, ann)
    lobby.fill(ann, "easy")
    table.host.ready(0)
    assert table.host.playing
    with refused(ErrorReason.SEAT_TAKEN):
        lobby.join(arrive(lobby, "bob"), table, None)
    with refused(ErrorReason.GAME_ON):
        lobby.fill(ann, "easy")


async def game_left_by_ann(lobby: Lobby[Conn]) -> tuple[Player[Conn], Table]:
    """Ann, Bob and Cat play; Ann gets up during the game and a bot finishes it."""
    ann, bob, cat = (arrive(lobby, name) for name in ("ann", "bob", "cat"))
    table = open_table(lobby, ann)
    for player in (bob, cat):
        lobby.join(player, table, None)
    for seat in range(3):
        table.host.ready(seat)
    assert table.host.playing
    assert lobby.leave(ann) is table
    assert ann.left == (table, 0) and ann.table is None
    seat = table.host.seats[0]
    assert (seat.name, seat.kind, seat.takeover) == ("ann", SeatKind.HUMAN, True)
    return ann, table


async def test_the_player_who_got_up_takes_the_seat_back(lobby: Lobby[Conn]) -> None:
    ann, table = await game_left_by_ann(lobby)
    assert lobby.join(ann, table, None) == 0
    assert not table.host.seats[0].takeover, "Ann plays it again, not the bot"
    assert ann.left is None


async def test_the_seat_goes_back_by_token_never_by_name(lobby: Lobby[Conn]) -> None:
    ann, table = await game_left_by_ann(lobby)
    lobby.disconnect(ann)  # at no table: the name is free again
    assert "ann" not in lobby.players
    impostor = arrive(lobby, "ann")
    assert impostor is not ann
    with refused(ErrorReason.SEAT_TAKEN):
        lobby.join(impostor, table, 0)
    with refused(ErrorReason.SEAT_TAKEN):
        lobby.join(impostor, table, None)
    assert table.host.seats[0].takeover, "the bot plays on for the Ann who left"


async def test_a_table_no_person_sits_at_is_taken_away(lobby: Lobby[Conn]) -> None:
    ann, bob = arrive(lobby, "ann"), arrive(lobby, "bob")
    table = open_table(lobby, ann)
    lobby.join(bob, table, None)
    lobby.fill(ann, "easy")
    assert lobby.leave(ann) is table  # between games: the seat is free at once
    assert table.host.seats[0].is_empty
    assert not lobby.remove_if_empty(table), "Bob still sits there"
    lobby.leave(bob)
    assert table.host.seats[2].kind is SeatKind.BOT, "bots do not keep a table"
    assert lobby.remove_if_empty(table) and lobby.tables == {}
    assert not lobby.remove_if_empty(table), "taken away once"
    await table.host.close()
    assert lobby.in_lobby() == ["ann's connection", "bob's connection"]


async def test_a_freed_seat_forgets_its_player_there_or_altogether(lobby: Lobby[Conn]) -> None:
    ann, bob = arrive(lobby, "ann"), arrive(lobby, "bob")
    table = open_table(lobby, ann)
    lobby.join(bob, table, None)
    lobby.disconnect(ann)  # dropped: keeps the seat for the grace period
    assert lobby.players["ann"] is ann and table.host.seats[0].name == "ann"
    assert lobby.seat_freed(table, 0, "ann") is None
    assert "ann" not in lobby.players, "gone, and no longer connected"
    assert lobby.seat_freed(table, 0, "bob") is None, "not Bob's seat"
    assert lobby.seat_freed(table, 1, "bob") == "bob's connection", "back in the lobby"
    assert (bob.table, bob.seat) == (None, None) and lobby.players["bob"] is bob


async def test_tables_are_numbered_titled_and_limited(lobby: Lobby[Conn]) -> None:
    ann, bob, cat = (arrive(lobby, name) for name in ("ann", "bob", "cat"))
    first = open_table(lobby, ann)
    second = open_table(lobby, bob, "  Friday  ")
    assert [(t.id, t.title) for t in (first, second)] == [(1, "ann's table"), (2, "Friday")]
    with refused(ErrorReason.ALREADY_SEATED):
        lobby.open_table(ann, None, new_host)
    with refused(ErrorReason.TOO_MANY_TABLES):
        lobby.open_table(cat, None, new_host)
    assert [summary.id for summary in lobby.summaries()] == [1, 2]
    with refused(ErrorReason.NO_SUCH_TABLE):
        lobby.table(3)
    assert lobby.table(2) is second


@pytest.mark.parametrize("look_alike", ["Ann", "ANN", "ａｎｎ", "\u0430nn", " ann"])
async def test_a_look_alike_of_a_name_in_use_is_taken_too(
    lobby: Lobby[Conn], look_alike: str
) -> None:
    """Nobody may pose as ann beside her: a name in use is compared case-folded,
    NFKC-normalised and with Cyrillic and Greek look-alikes as Latin."""
    ann = arrive(lobby, "ann")
    with refused(ErrorReason.NAME_TAKEN):
        lobby.claim(look_alike, None, Lang.EN)
    assert lobby.claim(look_alike, ann.token, Lang.EN) is ann, "her token: her name as it was"
    assert ann.name == "ann"
    lobby.disconnect(ann)
    assert not lobby.players, "gone: the name is free again, in every spelling"
    again = arrive(lobby, look_alike)
    assert again.name == look_alike.strip(), "shown as typed"
    with refused(ErrorReason.NAME_TAKEN):
        lobby.claim("ann", None, Lang.EN)


async def test_a_look_alike_seat_freed_forgets_the_player_who_held_it(
    lobby: Lobby[Conn],
) -> None:
    ann = arrive(lobby, "Ann")
    table = open_table(lobby, ann)
    ann.conn = None  # dropped; the seat waits
    assert lobby.seat_freed(table, 0, "Ann") is None
    assert not lobby.players


async def test_a_player_may_leave_only_a_few_tables_to_bots() -> None:
    """A table whose players all got up goes on while its bots finish the game: each
    holds a place in the lobby, so one player may leave only so many behind."""
    lobby: Lobby[Conn] = Lobby(max_tables=500, tables_left_per_player=2)
    ann = arrive(lobby, "ann")
    left = []
    for _ in range(2):
        table = open_table(lobby, ann)
        lobby.fill(ann, "easy")
        table.host.ready(0)
        assert table.host.playing
        lobby.leave(ann)  # a bot finishes it for her
        left.append(table)
    assert lobby.tables_left_by(ann) == 2
    with pytest.raises(ProtocolError) as caught:
        open_table(lobby, ann)
    assert caught.value.reason is ErrorReason.TOO_MANY_TABLES
    assert "you left 2 tables to bots" in caught.value.phrase.render(Lang.EN)
    bob = arrive(lobby, "bob")
    open_table(lobby, bob)  # the quota is hers, not the server's
    lobby.join(ann, left[1], None)  # back at the one she left last: not left now
    assert lobby.tables_left_by(ann) == 1
    lobby.leave(ann)
    left[0].host.set_seat(0, EMPTY_SEAT)  # as its game's end frees the seat she left
    assert lobby.remove_if_empty(left[0])  # and the table goes
    assert lobby.tables_left_by(ann) == 1
    open_table(lobby, ann)  # room for one more
    for table in lobby.tables.values():
        await table.host.close()
    await left[0].host.close()

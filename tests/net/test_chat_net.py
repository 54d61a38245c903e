"""Chat over the wire: a quick phrase (an id) or a player's own words, relayed to everyone
at the sender's table or in the lobby; checked (schema, length, printable), each player
held to 1 line a second and 30 a minute by the server's clock (told so), a table that
turns chat off, and a client that reads every chat push as a stranger's."""

from __future__ import annotations

import json
import random

import pytest

from ddz_tui.i18n import Lang
from ddz_tui.net.client.errors import Refused
from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.net.client.remote import TableRefused
from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.net.protocol import PROTOCOL_VERSION, decode_chat, parse_push
from ddz_tui.table.chat import BOT_DELAY, CHAT_MAX, ChatLine, QuickPhrase
from tests.net.test_abuse import Raw, raw
from tests.support.clock import ManualClock
from tests.support.loopback import clients, running, until

BAD_CHAT = [
    {"type": "chat"},  # neither a phrase nor words
    {"type": "chat", "phrase": None, "text": None},
    {"type": "chat", "phrase": "hurry", "text": "and words"},  # both
    {"type": "chat", "phrase": "insult"},  # no such phrase
    {"type": "chat", "phrase": 3},
    {"type": "chat", "text": 5},
    {"type": "chat", "text": ["a"]},
    {"type": "chat", "text": "x" * (CHAT_MAX + 1)},  # oversize
    {"type": "chat", "text": "hi\x1b[2Jthere"},  # ESC: a terminal's escape sequence
    {"type": "chat", "text": "\x1b]52;c;aGk=\x07"},  # OSC 52, the clipboard
    {"type": "chat", "text": "bell\x07"},  # C0
    {"type": "chat", "text": "csi\x9b2J"},  # C1
    {"type": "chat", "text": "evil\u202egnp.exe"},  # a bidi override
    {"type": "chat", "text": "zero\u200bwidth"},
    {"type": "chat", "text": "two\nlines"},
    {"type": "chat", "text": "   "},  # nothing to say
    {"type": "chat", "text": "hi", "to": "bob"},  # an unknown key
]


async def _chat_pushes(client: Raw, count: int) -> list[dict]:
    pushes = []
    while len(pushes) < count:
        message = await client.recv()
        if message["type"] == "chat":
            pushes.append(message)
    return pushes


async def test_every_malformed_chat_is_refused_as_a_bad_field_and_said_to_nobody() -> None:
    async with running() as server:
        mal = await raw(server, "mal")
        ear = await raw(server, "ear")
        for message in BAD_CHAT:
            reply = await mal.ask({**message, "id": 1})
            assert reply["type"] == "error" and reply["id"] == 1, message
            assert reply["reason"] == "bad_field", (message, reply)
        # the connection goes on; the markup a person may type is their own words
        said = "[b]bold[/b] <i>x</i> 你好"
        await mal.send({"type": "chat", "id": 2, "text": said})
        assert (await mal.recv())["type"] == "chat"
        assert await mal.recv() == {"type": "ok", "id": 2}
        heard = await _chat_pushes(ear, 1)
        assert heard == [
            {
                "type": "chat",
                "table": None,
                "seat": None,
                "name": "mal",
                "phrase": None,
                "text": said,
            }
        ], "the ear heard only the line that was fit to say"
        await mal.ws.close()
        await ear.ws.close()


async def test_a_phrase_and_words_reach_everyone_at_the_table_and_nobody_else() -> None:
    async with running() as server:
        ann, bob, cat = await clients(server, "ann", "bob", "cat")
        table = await ann.create()
        joined = await bob.join(table.table_id)
        heard: dict[str, list[ChatLine]] = {"ann": [], "bob": [], "lobby": []}
        table.subscribe_chat(heard["ann"].append)
        joined.subscribe_chat(heard["bob"].append)
        cat.on_chat(heard["lobby"].append)
        await table.say(QuickPhrase.HURRY)
        await joined.say(text="coming, coming")
        await until(lambda: len(heard["ann"]) == 2 and len(heard["bob"]) == 2)
        assert (
            heard["ann"]
            == heard["bob"]
            == [
                ChatLine("ann", 0, QuickPhrase.HURRY),
                ChatLine("bob", 1, None, "coming, coming"),
            ]
        )
        # each reader puts a phrase into words in their own language
        assert heard["bob"][0].words(Lang.ZH) == QuickPhrase.HURRY.words(Lang.ZH)
        await cat.say(QuickPhrase.SORRY)
        await until(lambda: len(heard["lobby"]) == 1)
        assert heard["lobby"] == [ChatLine("cat", None, QuickPhrase.SORRY)]
        await ann.refresh()  # answered after anything the lobby's line brought ann
        assert len(heard["ann"]) == 2, "the lobby's line is not said at the table"
        for client in (ann, bob, cat):
            await client.close()


async def test_each_player_may_say_one_line_a_second_and_30_a_minute() -> None:
    clock = ManualClock()
    async with running(clock) as server:
        (ann,) = await clients(server, "ann")
        table = await ann.create()
        await table.say(QuickPhrase.BOMB)
        with pytest.raises(TableRefused) as refused:
            await table.say(text="again")
        assert refused.value.reason is ErrorReason.CHAT_LIMITED
        assert "wait 1 s" in refused.value.message
        for _ in range(29):
            clock.advance(1.0)
            await table.say(text="on")
        clock.advance(1.0)
        with pytest.raises(TableRefused) as minute:
            await table.say(text="one too many")
        assert minute.value.reason is ErrorReason.CHAT_LIMITED
        assert "30 lines a minute" in minute.value.message
        # the limit is the player's, not the table's: getting up does not reset it
        await table.close()
        with pytest.raises(Refused) as lobby:
            await ann.say(text="in the lobby now")
        assert lobby.value.reason == ErrorReason.CHAT_LIMITED.value
        clock.advance(31.0)
        await ann.say(text="in the lobby now")
        await ann.close()


async def test_a_chat_flood_is_refused_line_by_line_and_the_others_chat_on() -> None:
    async with running() as server:
        mal = await raw(server, "mal")
        (ann,) = await clients(server, "ann")
        heard: list[ChatLine] = []
        ann.on_chat(heard.append)
        for n in range(60):
            await mal.send({"type": "chat", "id": n, "text": f"spam {n}"})
        replies = []
        while len(replies) < 60:
            message = await mal.recv()
            if message["type"] in ("ok", "error"):
                replies.append(message)
        assert replies[0] == {"type": "ok", "id": 0}
        assert {reply["reason"] for reply in replies[1:]} == {"chat_limited"}
        assert len(heard) <= 1
        await until(lambda: len(heard) == 1)
        assert heard == [ChatLine("mal", None, None, "spam 0")]
        (bob,) = await clients(server, "bob")
        await bob.say(QuickPhrase.THANKS)
        await until(lambda: len(heard) == 2)
        await mal.ws.close()
        await ann.close()
        await bob.close()


async def test_a_table_with_chat_off_refuses_every_line() -> None:
    async with running() as server:
        ann, bob = await clients(server, "ann", "bob")
        table = await ann.create(chat=False)
        joined = await bob.join(table.table_id)
        for seat in (table, joined):
            with pytest.raises(TableRefused) as refused:
                await seat.say(QuickPhrase.WELL_PLAYED)
            assert refused.value.reason is ErrorReason.CHAT_OFF
            assert refused.value.message == "chat is off at this table"
        await ann.close()
        await bob.close()


async def test_a_server_with_chat_off_has_none_in_its_lobby_nor_at_its_tables() -> None:
    async with running(chat=False) as server:
        (ann,) = await clients(server, "ann")
        with pytest.raises(Refused) as lobby:
            await ann.say(QuickPhrase.HURRY)
        assert lobby.value.reason == "chat_off"
        table = await ann.create()
        with pytest.raises(TableRefused):
            await table.say(QuickPhrase.HURRY)
        await ann.close()


class _Always(random.Random):
    def random(self) -> float:
        return 0.0


async def test_a_bot_at_the_table_answers_a_phrase_in_kind_to_every_seat() -> None:
    clock = ManualClock()
    async with running(clock) as server:
        (ann,) = await clients(server, "ann")
        table = await ann.create()
        await ann.fill("random")
        host = server.lobby.tables[table.table_id].host
        host.chat.rng = _Always(0)
        heard: list[ChatLine] = []
        table.subscribe_chat(heard.append)
        await table.say(QuickPhrase.WELL_PLAYED)
        await until(lambda: len(heard) == 1)
        clock.advance(BOT_DELAY)
        await until(lambda: len(heard) == 2)
        answer = heard[1]
        assert answer.seat in (1, 2) and answer.phrase is QuickPhrase.THANKS
        assert answer.name == host.seats[answer.seat].name
        await ann.close()


@pytest.mark.parametrize(
    ("push", "line"),
    [
        (
            {"table": 1, "seat": 2, "name": "x\x1b[31m", "phrase": None, "text": "a\x1b]0;t\x07b"},
            ChatLine("x[31m", 2, None, "a]0;tb"),
        ),
        (
            {"table": None, "seat": None, "name": "y", "phrase": None, "text": "\u202ez" * 100},
            ChatLine("y", None, None, "z" * CHAT_MAX),  # made printable, cut to the limit
        ),
        (
            {"table": 3, "seat": 0, "name": "z", "phrase": "again", "text": None},
            ChatLine("z", 0, QuickPhrase.AGAIN),
        ),
    ],
)
def test_the_client_makes_a_servers_chat_printable(push: dict, line: ChatLine) -> None:
    message = parse_push(json.dumps({"type": "chat", **push}))
    assert decode_chat(message.args) == line


@pytest.mark.parametrize(
    "push",
    [
        {"table": 1, "seat": 0, "name": "x", "phrase": "hurry", "text": "both"},
        {"table": 1, "seat": 0, "name": "x", "phrase": None, "text": None},
    ],
)
def test_the_client_refuses_a_chat_line_that_is_not_one(push: dict) -> None:
    message = parse_push(json.dumps({"type": "chat", **push}))
    with pytest.raises(ValueError):
        decode_chat(message.args)


@pytest.mark.parametrize(
    "push",
    [
        {"table": 1, "seat": 3, "name": "x", "phrase": None, "text": "hi"},
        {"table": 1, "seat": 0, "name": "x", "phrase": "taunt", "text": None},
        {"table": 1, "seat": 0, "name": "x", "phrase": None, "text": "x" * (CHAT_MAX * 4 + 1)},
        {"table": 1, "seat": 0, "name": "x", "text": "hi"},
    ],
)
def test_the_client_refuses_a_chat_push_off_the_schema(push: dict) -> None:
    with pytest.raises(ProtocolError):
        parse_push(json.dumps({"type": "chat", **push}))


def test_chat_came_with_version_9() -> None:
    assert PROTOCOL_VERSION >= 9
    _ = LobbyClient  # the client that speaks it

"""A server's text reaches the player's terminal only printable: every string field
of every message the client reads is cleaned as it is read (issue 11, item 5)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from enum import Enum
from typing import Any

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Game, Rules
from ddz_tui.i18n import Phrase
from ddz_tui.net.client.lobby import _decoded
from ddz_tui.net.errors import ProtocolError
from ddz_tui.net.protocol import encode_error, encode_ok, parse_push, parse_request
from ddz_tui.net.states import TableSummary, encode_lobby, encode_record, encode_state
from ddz_tui.table.seats import EMPTY_SEAT, SeatInfo, SeatKind, TableState

HOSTILE = "\x1b]52;c;b3duZWQ=\x07\x1b]0;title\x1b\\\x1b[2J\x9b2J\u202e\u2066\ufeff\ud800"
SEATS = (SeatInfo("ann", ready=True), SeatInfo("Bot 2", SeatKind.BOT, "random"), EMPTY_SEAT)


def finished_game() -> Game:
    game = Game(7)
    play_out(game, [make_bot("random", s) for s in range(3)])
    return game


def examples() -> dict[str, dict[str, Any]]:
    """A good message of every type the server sends, with every text field filled
    (a state twice: with a notice of the server's own, and with a game)."""
    game = finished_game()
    state = TableState(0, SEATS, game.view(0), totals=(1, 2, -3), games=1, notice="hi")
    notice_state = TableState(0, SEATS, None, notice=Phrase("table.notice.left", name="bob"))
    welcome = {
        "type": "welcome", "v": 2, "name": "ann", "token": "abc", "server": "ddz-tui 1",
        "table": None, "seat": None, "turn_seconds": 30,
        "limits": {"max_message": 4096, "rate": 20, "burst": 40},
    }  # fmt: skip
    table = TableSummary(1, "ann's", Rules(), SEATS, playing=True, games=2)
    return {
        "welcome": welcome,
        "lobby": json.loads(encode_lobby([table])),
        "state": json.loads(encode_state(1, state)),
        "notice": json.loads(encode_state(1, notice_state)),
        "ok": json.loads(encode_ok(1, table=1, seat=0, title="ann's")),
        "error": json.loads(encode_error(1, "seat_taken", "that seat is taken")),
        "record": json.loads(encode_record(1, 0, 1, SEATS, game.events)),
    }


def string_paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """The path to every string in a decoded JSON value (keys are not strings here)."""
    if isinstance(value, str):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from string_paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from string_paths(item, (*path, index))


def replaced(message: Any, path: tuple, text: str) -> Any:
    if not path:
        return text
    copy = dict(message) if isinstance(message, dict) else list(message)
    copy[path[0]] = replaced(message[path[0]], path[1:], text)
    return copy


def strings_in(value: Any) -> Iterator[str]:
    """Every string in what the client made of a message."""
    if isinstance(value, Enum):
        yield str(value.value)
    elif isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from strings_in(getattr(value, field.name))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_in(key)
            yield from strings_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings_in(item)


def read(message: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """What the client reads from a message (as the JSON text a server would send)."""
    parsed = parse_push(json.dumps(message, ensure_ascii=False))
    return parsed.args, _decoded(parsed, ())


@pytest.mark.parametrize("kind", ["welcome", "lobby", "state", "notice", "ok", "error", "record"])
def test_every_text_a_server_sends_is_read_printable_or_refused(kind: str) -> None:
    example = examples()[kind]
    read(example)  # the example is good
    paths = [p for p in string_paths(example) if p != ("type",)]
    assert paths
    for path in paths:
        tampered = replaced(example, path, HOSTILE + "x")
        try:
            args, decoded = read(tampered)
        except (ProtocolError, ValueError):
            continue  # a field that holds a choice or a card refuses it
        shown = [*strings_in(args), *strings_in(decoded)]
        assert [s for s in shown if not s.isprintable()] == [], path
        assert any("x" in s and "]52;c;" in s for s in shown), f"{path} was refused, not cleaned"


def test_names_titles_notices_and_errors_are_cleaned_not_refused() -> None:
    """The fields a person reads come through, readable, without what they carried."""
    short = "\x1b]0;t\x07\x1b[2J\x9d0;u\x9c\u202ex\ud800"  # fits every field
    clean = "]0;t[2J0;ux"
    cases = {
        "welcome": [("name",), ("server",), ("token",)],
        "lobby": [("tables", 0, "title"), ("tables", 0, "seats", 0, "name")],
        "state": [("seats", 1, "name"), ("seats", 1, "level"), ("notice", "text")],
        "ok": [("title",)],
        "error": [("message",), ("reason",)],
        "record": [("seats", 0, "name")],
    }
    messages = examples()
    for kind, paths in cases.items():
        for path in paths:
            args, decoded = read(replaced(messages[kind], path, short))
            assert clean in [*strings_in(args), *strings_in(decoded)], (kind, path)


def test_an_error_about_a_bad_message_quotes_it_printable() -> None:
    """The client shows why a server's message was refused: what it quotes is cleaned."""
    for message in (
        {"type": "\x1b]0;x\x07"},
        {"type": "ok", "id": 1, "\x1b]0;" + "y" * 5000: 1},
        {"type": "record", "table": 1, "seat": 0, "games": 1, "seats": [], "events": []},
    ):
        with pytest.raises(ProtocolError) as refused:
            parse_push(json.dumps(message))
        assert refused.value.message.isprintable() and len(refused.value.message) < 300
    with pytest.raises(ProtocolError) as refused:
        parse_request(json.dumps({"type": "list", "\x9b2J": 1}))
    assert refused.value.message.isprintable()

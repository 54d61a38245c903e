"""Checking received JSON against a schema: exact keys, exact types, ranges.

A schema maps each key to a `Field` (a check, required or with a default). A check
returns the value it accepts (possibly normalised: card ids sorted into a tuple) or
raises `Unfit` saying what was expected; `fields_of` turns that into a
`ProtocolError` naming the field, for the player or the log.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ddz_tui.cards import DECK, RANK_INDEX
from ddz_tui.engine.actions import PASS, Action, Answer, MakeBid, Play
from ddz_tui.engine.events import Event, event_from_dict
from ddz_tui.engine.house import YES_OR_NO, Decision, Rules
from ddz_tui.engine.view import MAX_BID
from ddz_tui.i18n import Phrase, PhrasedError
from ddz_tui.net.errors import ErrorReason, ProtocolError
from ddz_tui.rules import Combo
from ddz_tui.text import printable
from ddz_tui.wild import WILD_RANKS

MAX_PLAY = 20  # the longest play is 20 cards (the landlord's whole hand)
WILDS_MAX = 4  # 癞子: a play holds at most the four wilds
_SHOWN_MAX = 80  # characters of a peer's bad key or event quoted in an error

Check = Callable[[Any], Any]


class Unfit(PhrasedError):
    """A field value that does not fit; its phrase says what was expected."""


def integer(lo: int, hi: int) -> Check:
    def check(value: Any) -> int:
        if type(value) is not int or not lo <= value <= hi:
            raise Unfit(Phrase("net.expect.integer", lo=lo, hi=hi))
        return value

    return check


def text(max_len: int) -> Check:
    def check(value: Any) -> str:
        if not isinstance(value, str) or len(value) > max_len:
            raise Unfit(Phrase("net.expect.text", n=max_len))
        return value

    return check


def printable_text(max_len: int) -> Check:
    """Text a person will read, from a peer that may send escape sequences in it:
    checked as `text`, then made printable (`ddz_tui.text.printable`)."""
    exact = text(max_len)

    def check(value: Any) -> str:
        return printable(exact(value))

    return check


def number(value: Any) -> float:
    if type(value) not in (int, float) or not 0 <= value < 1e12:
        raise Unfit(Phrase("net.expect.number"))
    return float(value)


def boolean(value: Any) -> bool:
    if type(value) is not bool:
        raise Unfit(Phrase("net.expect.boolean"))
    return value


def choice(values: Iterable[str]) -> Check:
    allowed = tuple(values)

    def check(value: Any) -> str:
        if value not in allowed or not isinstance(value, str):
            raise Unfit(Phrase("net.expect.choice", values=", ".join(allowed)))
        return value

    return check


def optional(inner: Check) -> Check:
    def check(value: Any) -> Any:
        return None if value is None else inner(value)

    return check


def list_of(inner: Check, max_len: int, min_len: int = 0) -> Check:
    def check(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list) or not min_len <= len(value) <= max_len:
            raise Unfit(Phrase("net.expect.list", lo=min_len, hi=max_len))
        return tuple(inner(item) for item in value)

    return check


def card_ids(max_len: int, min_len: int = 0) -> Check:
    """Distinct card ids 0..53, as a sorted tuple. (Written out rather than composed:
    every state message holds every play so far, so this runs a lot.)"""

    def check(value: Any) -> tuple[int, ...]:
        if type(value) is not list or not min_len <= len(value) <= max_len:
            raise Unfit(Phrase("net.expect.list", lo=min_len, hi=max_len))
        for item in value:
            if type(item) is not int or not 0 <= item < len(DECK):
                raise Unfit(Phrase("net.expect.card_ids", hi=len(DECK) - 1))
        if len(set(value)) != len(value):
            raise Unfit(Phrase("net.expect.distinct_cards"))
        return tuple(sorted(value))

    return check


_play_ids = card_ids(MAX_PLAY)


@functools.lru_cache(maxsize=4096)
def _checked_play(ids: tuple[Any, ...]) -> tuple[int, ...]:
    return _play_ids(list(ids))  # cached: every state repeats the plays before it


def plays(max_len: int) -> Check:
    """The public plays: a list of [seat, card ids] (card ids [] for a pass)."""

    def check(value: Any) -> tuple[tuple[int, tuple[int, ...]], ...]:
        if type(value) is not list or len(value) > max_len:
            raise Unfit(Phrase("net.expect.list", lo=0, hi=max_len))
        out = []
        for item in value:
            if type(item) is not list or len(item) != 2 or type(item[0]) is not int:
                raise Unfit(Phrase("net.expect.play"))
            seat, ids = item
            if seat not in (0, 1, 2) or type(ids) is not list:
                raise Unfit(Phrase("net.expect.play"))
            if not all(type(i) is int for i in ids):  # also keeps True from passing as 1
                raise Unfit(Phrase("net.expect.card_ids", hi=len(DECK) - 1))
            out.append((seat, _checked_play(tuple(ids))))
        return tuple(out)

    return check


def events(max_len: int) -> Check:
    """A game's record: a list of events as `ddz_tui.engine.events` writes them."""

    def check(value: Any) -> tuple[Event, ...]:
        if type(value) is not list or not 1 <= len(value) <= max_len:
            raise Unfit(Phrase("net.expect.list", lo=1, hi=max_len))
        try:
            out = tuple(event_from_dict(item) for item in value)
        except ValueError as bad:
            raise Unfit(Phrase("net.expect.event", error=printable(str(bad), _SHOWN_MAX))) from None
        return out

    return check


def house_rules(value: Any) -> Rules:
    """House rules as `Rules.to_dict` writes them: every key, nothing else, each value
    of its type and in range."""
    try:
        return Rules.from_dict(value)
    except (ValueError, TypeError) as bad:
        raise Unfit(Phrase("net.expect.rules", error=printable(str(bad), _SHOWN_MAX))) from None


def wilds(value: Any) -> str:
    """癞子: what a play's wilds stand for, as a record writes it (`Played.wilds`): one
    rank from 3 to 2 for each wild, low to high; whether the play's cards read so is
    the game's to judge."""
    if (
        type(value) is not str
        or not 1 <= len(value) <= WILDS_MAX
        or any(rank not in WILD_RANKS for rank in value)
        or "".join(sorted(value, key=RANK_INDEX.__getitem__)) != value
    ):
        raise Unfit(Phrase("net.expect.wilds", n=WILDS_MAX))
    return value


def pair(first: Check, second: Check) -> Check:
    def check(value: Any) -> tuple[Any, Any]:
        if not isinstance(value, list) or len(value) != 2:
            raise Unfit(Phrase("net.expect.pair"))
        return first(value[0]), second(value[1])

    return check


@dataclass(frozen=True)
class Field:
    check: Check
    required: bool = True
    default: Any = None


Schema = Mapping[str, Field]


def fields_of(obj: Any, schema: Schema, where: str) -> dict[str, Any]:
    """Check an object against a schema: no missing or unknown keys, every value fits."""
    if not isinstance(obj, dict):
        raise ProtocolError(ErrorReason.BAD_MESSAGE, Phrase("net.error.not_object", where=where))
    unknown = sorted(set(obj) - set(schema))
    if unknown:
        raise ProtocolError(
            ErrorReason.BAD_FIELD,
            Phrase("net.error.unknown_field", field=printable(unknown[0], _SHOWN_MAX), where=where),
        )
    out: dict[str, Any] = {}
    for key, spec in schema.items():
        if key not in obj:
            if spec.required:
                raise ProtocolError(
                    ErrorReason.BAD_FIELD, Phrase("net.error.missing_field", field=key, where=where)
                )
            out[key] = spec.default
            continue
        try:
            out[key] = spec.check(obj[key])
        except Unfit as bad:
            raise ProtocolError(
                ErrorReason.BAD_FIELD,
                Phrase("net.error.bad_field", field=key, where=where, expected=bad.phrase),
            ) from None
    return out


class ActionKind(str, Enum):
    """An `act` message's `action.kind`: which of the engine's actions it is."""

    BID = "bid"
    ANSWER = "answer"
    PLAY = "play"
    PASS = "pass"


_ACTION_FIELDS: dict[ActionKind, Schema] = {
    ActionKind.BID: {"points": Field(integer(0, MAX_BID))},
    ActionKind.ANSWER: {
        "decision": Field(choice(decision.value for decision in Decision if decision in YES_OR_NO)),
        "yes": Field(boolean),
        "level": Field(integer(1, 2)),  # 2: a super double (超级加倍), which the game checks
    },
    ActionKind.PLAY: {
        "cards": Field(card_ids(MAX_PLAY, min_len=1)),
        "wilds": Field(optional(wilds), required=False),  # 癞子: the reading chosen
    },
    ActionKind.PASS: {},
}


def action_fields(action: Action) -> dict[str, Any]:
    """An action as the wire carries it (what `game_action` reads back)."""
    if isinstance(action, MakeBid):
        return {"kind": ActionKind.BID.value, "points": action.points}
    if isinstance(action, Answer):
        return {
            "kind": ActionKind.ANSWER.value,
            "decision": action.decision.value,
            "yes": action.yes,
            "level": action.level,
        }
    if isinstance(action, Play):
        cards = action.cards
        if isinstance(cards, Combo):
            raise ValueError("a play on the wire names its cards, not only their ranks")
        fields: dict[str, Any] = {"kind": ActionKind.PLAY.value, "cards": [c.id for c in cards]}
        reading = action.reading
        said = reading if isinstance(reading, str) or reading is None else reading.wilds
        if said:  # 癞子: what the wilds stand for (a play without wilds reads one way)
            fields["wilds"] = said
        return fields
    return {"kind": ActionKind.PASS.value}


def game_action(value: Any) -> Action:
    """One of the engine's actions, from `{"kind": ..., and that kind's fields}`."""
    if type(value) is not dict:
        raise Unfit(Phrase("net.expect.action"))
    try:
        kind = ActionKind(value.get("kind"))
    except ValueError:
        raise Unfit(Phrase("net.expect.action")) from None
    schema = _ACTION_FIELDS[kind]
    required = {"kind", *(key for key, spec in schema.items() if spec.required)}
    if not required <= set(value) <= {"kind", *schema}:
        names = ", ".join(("kind", *schema))
        raise Unfit(Phrase("net.expect.action_fields", kind=kind.value, fields=names))
    args = {}
    for key, spec in schema.items():
        if key not in value:
            args[key] = spec.default
            continue
        try:
            args[key] = spec.check(value[key])
        except Unfit as bad:
            raise Unfit(
                Phrase("net.expect.action_value", kind=kind.value, field=key, expected=bad.phrase)
            ) from None
    if kind is ActionKind.BID:
        return MakeBid(args["points"])
    if kind is ActionKind.ANSWER:
        return Answer(Decision(args["decision"]), args["yes"], args["level"])
    if kind is ActionKind.PLAY:
        return Play(tuple(DECK[i] for i in args["cards"]), args["wilds"])
    return PASS


def nested(schema: Schema, where: str) -> Check:
    """A check for an object field, by its own schema."""

    def check(value: Any) -> dict[str, Any]:
        try:
            return fields_of(value, schema, where)
        except ProtocolError as error:
            raise Unfit(error.phrase) from None

    return check

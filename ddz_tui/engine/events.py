"""The record of a game: one frozen event per thing that happened, as JSON lines.

`Started` holds the seed, so a record replays exactly (see `Game.replay`). Cards are
card ids (0..53, cards.json), which keeps suits and serialises plainly. `Dealt`
holds every hand: the record is the whole truth, for the server and for history
after the game. Players see the game only through views.
"""

from __future__ import annotations

import functools
import json
import typing
from collections.abc import Iterable, Sequence
from dataclasses import MISSING, asdict, dataclass, fields
from enum import Enum
from typing import Any

from ddz_tui.cards import DECK, RANK_INDEX, RANKS, ranks_of
from ddz_tui.engine.deal import check_order
from ddz_tui.engine.house import LandlordMode, Rules


class Side(str, Enum):
    LANDLORD = "landlord"
    PEASANTS = "peasants"


RECORD_VERSION = 9
"""The newest record format. Version 1 (before house rules) held the landlord mode
only; version 2 holds the house rules; version 3 is a game played under the redeal
limit (`Game`'s `REDEALS_BEFORE_LOT`): it holds only the last deal declined before
the one played (its first `Dealt` may be a redeal, number 1 or 2), and after that
many redeals in a row the landlord is drawn by lot. Version 4 is a game with 加倍 in
which neither peasant doubled, so the landlord was not asked to redouble (before it,
the landlord was asked anyway); it says whether the redeal limit dropped deals. A
record is written in the oldest version that holds its game, so the record of a game
with the plain rules and at most one redeal is what it always was; versions 1 and 2
replay with no limit, as they were played, and versions 1 to 3 with the landlord
asked to redouble in every game with 加倍. Version 5 is a game whose rules a reader
before it cannot hold (`Rules.extended`: a cap, 封顶); it says both whether the
redeal limit dropped deals and whether the landlord was not asked to redouble.
Version 6 is version 5 with super doubling (超级加倍, `Rules.super_double`): its
`doubled` events may say `level` 2, which no reader before it knows. Version 7 is a
game of 不洗牌 (`Rules.no_shuffle`): its `started` may hold the `deck` its deal was
cut from (the cards as the game before left them), which no seed gives. Version 8
is a game of 癞子 (`Rules.laizi`): a `wild_drawn` event follows the landlord's, and a
`played` event of cards holding wilds says what they stood for (`wilds`). Version 9
is a game of 明牌开始 (`Rules.show_start`): each seat's answer is a `shown_start`
event, before the first bid or call (after the landlord's, drawn by lot)."""

WILD_RANKS = RANKS[: RANK_INDEX["B"]]
"""The ranks a 癞子 game may draw as its wild rank: 3 to 2, never a joker (the same
as `ddz_tui.wild.WILD_RANKS`; here without loading the rule tables)."""


@dataclass(frozen=True)
class Started:
    """The seed and the house rules. `Started(seed, mode)` with a `LandlordMode` means
    the plain rules with that mode, as a version 1 record says.

    limited: the record needs the redeal limit to replay (version 3): earlier redeals
    were dropped from it. Set by the game once it drops one.
    rested: neither peasant doubled and the landlord was not asked to redouble
    (version 4): the record replays only by that rule. Set by the game when it happens.
    deck: 不洗牌 (version 7): the order of the cards the first deal was cut from, the
    54 card ids each once; None for a shuffled deal (the first game of a run)."""

    seed: int
    rules: Rules
    limited: bool = False
    rested: bool = False
    deck: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if isinstance(self.rules, LandlordMode):
            object.__setattr__(self, "rules", Rules(self.rules))
        if not isinstance(self.rules, Rules):
            raise ValueError("'rules' must be Rules")
        if self.deck is not None:
            object.__setattr__(self, "deck", check_order(self.deck))
            if not self.rules.no_shuffle:
                raise ValueError("a 'deck' is dealt only under no shuffle (不洗牌)")

    @property
    def landlord_mode(self) -> LandlordMode:
        return self.rules.landlord

    @property
    def version(self) -> int:
        """The oldest record format that holds this game."""
        if self.rules.show_start:
            return 9
        if self.rules.laizi:
            return 8
        if self.rules.no_shuffle:
            return 7
        if self.rules.super_double:
            return 6
        if self.rules.extended:
            return 5
        if self.rested:
            return 4
        if self.limited:
            return 3
        return 1 if self.rules.plain else 2


@dataclass(frozen=True)
class Dealt:
    """A deal; `number` counts redeals (0 for the first). `first` bids first (bid mode)."""

    number: int
    hands: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    bottom: tuple[int, ...]
    first: int | None


@dataclass(frozen=True)
class Bid:
    """A bid of 1–3, or 0 for a pass."""

    seat: int
    bid: int


@dataclass(frozen=True)
class LandlordChosen:
    """The landlord, the base score (the winning bid, 1 in random mode), the bottom cards."""

    seat: int
    base: int
    bottom: tuple[int, ...]


@dataclass(frozen=True)
class Called:
    """叫地主 / 抢地主: `seat` called (or grabbed) the landlord, or declined to. The
    first call of a deal is a call, every later one a grab (see `calling`)."""

    seat: int
    take: bool


@dataclass(frozen=True)
class Shown:
    """明牌: the landlord's hand as shown to everyone after taking the bottom cards,
    or () when the landlord chose not to show it."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class ShownAtStart:
    """明牌开始: `seat`'s hand as it showed it to everyone before the bidding (the 17
    cards dealt; the landlord's 20 in a deal drawn by lot), or () when it chose not to
    (a version 9 record only)."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Doubled:
    """加倍: `seat` doubled, or chose not to; `level` 2, a super double (超级加倍),
    written only then (a version 6 record), so every other record is as it was."""

    seat: int
    double: bool
    level: int = 1

    def __post_init__(self) -> None:
        if self.level not in (1, 2) or (self.level == 2 and not self.double):
            raise ValueError("'level' is 1, or 2 for a super double")


@dataclass(frozen=True)
class WildDrawn:
    """癞子: the wild rank drawn once the landlord took the bottom cards (3 to 2), public
    from then on. Drawn by the game from its seed: a record's is checked by its replay."""

    rank: str

    def __post_init__(self) -> None:
        if not isinstance(self.rank, str) or len(self.rank) != 1 or self.rank not in WILD_RANKS:
            raise ValueError(f"'rank' is one of {WILD_RANKS}")


@dataclass(frozen=True)
class Played:
    """`seat` played these cards. `wilds`, under 癞子, when the cards hold wilds: the
    ranks they stood for, low to high (the play's reading, `ddz_tui.wild.Reading.wilds`);
    "" otherwise, and then not written (a version 8 record only)."""

    seat: int
    cards: tuple[int, ...]
    wilds: str = ""

    def __post_init__(self) -> None:
        wilds = self.wilds
        if not isinstance(wilds, str) or len(wilds) > 4 or any(r not in WILD_RANKS for r in wilds):
            raise ValueError("'wilds' holds up to four ranks from 3 to 2")
        if "".join(sorted(wilds, key=RANK_INDEX.__getitem__)) != wilds:
            raise ValueError("'wilds' is written low to high")

    @property
    def ranks(self) -> str:
        return ranks_of(DECK[i] for i in self.cards)


@dataclass(frozen=True)
class Passed:
    seat: int


@dataclass(frozen=True)
class TrickWon:
    """Two passes in a row: `seat` played last and now leads with any play."""

    seat: int


@dataclass(frozen=True)
class GameOver:
    """`seat` emptied its hand first; `side` won. Scores sum to zero."""

    side: Side
    seat: int
    spring: bool
    anti_spring: bool
    multiplier: int
    scores: tuple[int, int, int]


@dataclass(frozen=True)
class Left:
    """逃跑: `seat` got up before the game was over, and lost it. The last event of a
    kept record of a game left mid-way (the game itself never records it: the events
    before it replay as they were played, up to the leave). Scored as though the
    leaver's side had lost at the stake reached: `landlord` is the landlord, or the
    leaver when none was chosen yet (who pays each of the others the highest bid so
    far, at least 1); `side` is the other side, which wins; `multiplier` the shared
    stake. Scores sum to zero. No record version: a reader before it refuses the
    unknown event, as it should, and the events before it are what they always were."""

    seat: int
    landlord: int
    side: Side
    multiplier: int
    scores: tuple[int, int, int]

    def __post_init__(self) -> None:
        """A record is hostile input: a leave that no game scores is refused."""
        if (self.seat == self.landlord) != (self.side is Side.PEASANTS):
            raise ValueError("the side that wins is not the leaver's")
        if self.multiplier < 1 or sum(self.scores) != 0 or self.scores[self.seat] >= 0:
            raise ValueError("the scores are not a leaver's loss")


def played_part(events: Sequence[Event]) -> tuple[tuple[Event, ...], Left | None]:
    """A record's events as the game played them, and the `Left` that ends a record of
    a game left mid-way (None for any other record)."""
    if events and isinstance(events[-1], Left):
        return tuple(events[:-1]), events[-1]
    return tuple(events), None


Event = (
    Started
    | Dealt
    | Bid
    | Called
    | LandlordChosen
    | Shown
    | Doubled
    | Played
    | Passed
    | TrickWon
    | GameOver
    | Left
    | WildDrawn
    | ShownAtStart
)

EVENT_TYPES: dict[str, type] = {
    "started": Started,
    "dealt": Dealt,
    "bid": Bid,
    "called": Called,
    "landlord": LandlordChosen,
    "shown": Shown,
    "doubled": Doubled,
    "played": Played,
    "passed": Passed,
    "trick_won": TrickWon,
    "game_over": GameOver,
    "left": Left,
    "wild_drawn": WildDrawn,
    "shown_start": ShownAtStart,
}
_TYPE_NAMES = {cls: name for name, cls in EVENT_TYPES.items()}


def event_to_dict(event: Event) -> dict[str, Any]:
    if isinstance(event, Started):
        return _started_to_dict(event)
    data: dict[str, Any] = {"event": _TYPE_NAMES[type(event)]}
    for key, value in asdict(event).items():
        data[key] = value.value if isinstance(value, Enum) else value
    if isinstance(event, Played):
        data["ranks"] = event.ranks  # for people reading the record; checked on load
    if isinstance(event, Doubled) and event.level == 1:
        del data["level"]
    if isinstance(event, Played) and not event.wilds:
        del data["wilds"]
    return data


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


@functools.cache
def _field_types(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _fits(value: Any, hint: Any) -> bool:
    """Whether a value read from JSON is of the type its field declares: a record
    holds numbers, flags and choices only, so no text from a file or a peer can
    ride in it (a seed may be any string to `random`, and would be kept and shown)."""
    if hint is int or hint is bool:
        return type(value) is hint  # True is not a seat, 1 is not a flag
    if hint is type(None):
        return value is None
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(item, args[0]) for item in value)
        return len(value) == len(args) and all(map(_fits, value, args))
    if args:  # a union, as `int | None`
        return any(_fits(value, arg) for arg in args)
    return isinstance(value, hint)  # an enum, converted from its value already


def _started_to_dict(event: Started) -> dict[str, Any]:
    if event.version == 1:
        mode = event.rules.landlord.value
        return {"event": "started", "seed": event.seed, "landlord_mode": mode, "version": 1}
    rules = event.rules.to_dict()
    out = {"event": "started", "seed": event.seed, "rules": rules, "version": event.version}
    if event.version >= 4:
        out["limited"] = event.limited
    if event.version >= 5:
        out["rested"] = event.rested
    if event.deck is not None:
        out["deck"] = list(event.deck)
    return out


def _started_from_dict(data: dict[str, Any]) -> Started:
    """Version 1 holds the landlord mode (and, in the oldest records, no version);
    versions 2 to 9 hold the rules, versions 4 to 9 whether the redeal limit dropped
    deals, versions 5 to 9 whether the landlord was not asked to redouble, and versions
    7 to 9 may hold the deck a no-shuffle deal was cut from."""
    version = data.get("version", 1)
    if type(version) is not int or version not in range(1, RECORD_VERSION + 1):
        raise ValueError(f"a record of version {version!r} (this game reads 1 to {RECORD_VERSION})")
    key = "landlord_mode" if version == 1 else "rules"
    flags = {4: ("limited",)}.get(version, ("limited", "rested") if version >= 5 else ())
    fields = {"seed", key, *flags}
    optional = {"deck"} if version >= 7 else set()
    extra = set(data) - {"event", "version", *fields, *optional}
    if extra:
        raise ValueError(f"unexpected field {sorted(extra)[0]!r}")
    for name in sorted(fields):
        if name not in data:
            raise ValueError(f"missing field {name!r}")
    if type(data["seed"]) is not int:
        raise ValueError("'seed' is not of the right type")
    for flag in flags:
        if type(data[flag]) is not bool:
            raise ValueError(f"{flag!r} is not of the right type")
    if version > 1:
        rules = Rules.from_dict(data["rules"])
        newest = Started(0, rules).version if rules.extended else None
        if (version >= 5 or newest is not None) and version != newest:
            raise ValueError(f"a version {version} record of a game with these rules")
    if version >= 5:
        if data["rested"] and not rules.doubling:
            raise ValueError("a game without doubling where the landlord did not redouble")
        if "deck" in data and not isinstance(data["deck"], list):
            raise ValueError("'deck' must be a list of card ids")
        deck = check_order(data["deck"]) if "deck" in data else None
        return Started(data["seed"], rules, data["limited"], data["rested"], deck)
    if version == 4:
        if not rules.doubling:
            raise ValueError("a version 4 record is of a game with doubling")
        return Started(data["seed"], rules, data["limited"], rested=True)
    if version > 1:
        return Started(data["seed"], rules, version == 3)
    if not isinstance(data[key], str):
        raise ValueError(f"{key!r} is not of the right type")
    rules = Rules(LandlordMode(data[key]))
    if not rules.plain:
        raise ValueError(f"a version 1 record has no landlord mode {rules.landlord.value!r}")
    return Started(data["seed"], rules)


_CARD_FIELDS = frozenset({"cards", "hands", "bottom"})
_SEAT_FIELDS = frozenset({"seat", "first", "landlord"})


def _in_range(key: str, value: Any) -> bool:
    """Card ids are 0..53 and seats 0..2: an id out of range would index past the
    deck (or, negative, wrap round to another card) when the record is replayed."""
    if key in _CARD_FIELDS:
        ids = [i for hand in value for i in hand] if key == "hands" else value
        return all(0 <= i < len(DECK) for i in ids)
    if key in _SEAT_FIELDS:
        return value is None or 0 <= value <= 2
    return True


def event_from_dict(data: dict[str, Any]) -> Event:
    """The event a dict describes; ValueError says what is wrong with it."""
    if not isinstance(data, dict):
        raise ValueError("an event must be a JSON object")
    name = data.get("event")
    cls = EVENT_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown event {name!r}")
    if cls is Started:
        try:
            return _started_from_dict(data)
        except ValueError as exc:
            raise ValueError(f"{name}: {exc}") from None
    names = {f.name for f in fields(cls)}
    required = {f.name for f in fields(cls) if f.default is MISSING}
    extra = set(data) - names - {"event", "ranks"}
    if extra:
        raise ValueError(f"{name}: unexpected field {sorted(extra)[0]!r}")
    missing = required - set(data)
    if missing:
        raise ValueError(f"{name}: missing field {sorted(missing)[0]!r}")
    values = {key: _tuples(data[key]) for key in names if key in data}
    try:
        if cls is GameOver or cls is Left:
            values["side"] = Side(values["side"])
        types = _field_types(cls)
        for key, value in values.items():
            if not _fits(value, types[key]):
                raise ValueError(f"{key!r} is not of the right type")
            if not _in_range(key, value):
                raise ValueError(f"{key!r} is out of range")
        event: Event = cls(**values)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name}: {exc}") from None
    if isinstance(event, Played) and "ranks" in data and data["ranks"] != event.ranks:
        raise ValueError(f"played: ranks {data['ranks']!r} do not match the cards")
    return event


def dumps(events: Iterable[Event]) -> str:
    """JSON lines: one event per line."""
    return "".join(json.dumps(event_to_dict(e), ensure_ascii=False) + "\n" for e in events)


def loads(text: str) -> list[Event]:
    """Events from JSON lines; ValueError names the line that is wrong."""
    events = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            events.append(event_from_dict(json.loads(line)))
        except (ValueError, json.JSONDecodeError) as exc:
            raise ValueError(f"line {number}: {exc}") from None
    return events

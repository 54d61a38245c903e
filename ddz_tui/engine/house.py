"""House rules: how the landlord is chosen, whether players double and show their
cards, and what each doubling is worth. One frozen value, stored in every record.

`Rules()` is the game as it always was: 叫分 bidding, no doubling, no showing, every
doubling ×2. Rules travel as a small dict (`to_dict`, `from_dict`), read as strictly
as the rest of a record: a file or a peer may have written it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any

MAX_FACTOR = 5
"""The most a single doubling may multiply by (some houses make showing cards ×5)."""

CAPS = (32, 64, 128)
"""The caps (封顶) a game may have on each peasant's stake (see `Rules.cap`)."""


class LandlordMode(str, Enum):
    """How the landlord is chosen: bidding 1–3 points (叫分), a seat drawn by lot (the
    seed design), or calling and grabbing (叫地主/抢地主)."""

    BID = "bid"
    RANDOM = "random"
    GRAB = "grab"


PLAIN_MODES = (LandlordMode.BID, LandlordMode.RANDOM)
"""The landlord modes of the plain game (the only ones a version 1 record holds)."""


class Decision(str, Enum):
    """What the seat whose turn it is must decide now."""

    BID = "bid"  # bid 1–3 points or pass (叫分)
    CALL = "call"  # call the landlord or not (叫地主)
    GRAB = "grab"  # grab the landlord or not (抢地主)
    SHOW_START = "show_start"  # each seat, before bidding: play with the hand shown (明牌开始)
    SHOW = "show"  # the landlord: show the hand or not (明牌)
    DOUBLE = "double"  # double or not (加倍)
    PLAY = "play"  # play or pass


YES_OR_NO = frozenset(
    {Decision.CALL, Decision.GRAB, Decision.SHOW_START, Decision.SHOW, Decision.DOUBLE}
)
"""The decisions answered yes or no (an `Answer`)."""


def _check_factor(name: str, value: object) -> None:
    if type(value) is not int or not 1 <= value <= MAX_FACTOR:
        raise ValueError(f"{name!r} must be a whole number from 1 to {MAX_FACTOR}")


_SUPER_DOUBLE = 4
"""What a super double (超级加倍) multiplies by unless the house says otherwise."""

_SHOW_START = 5
"""What showing the hand before bidding (明牌开始) multiplies by unless the house says
otherwise: Tencent's 欢乐斗地主 makes it ×5 (docs/rules.md)."""

_OPTIONAL_FACTORS = {
    "super_double": _SUPER_DOUBLE,
    "soft_bomb": 2,
    "wild_bomb": 2,
    "show_start": _SHOW_START,
}
"""Factors written only when they are not their default (the factors of every game
before them are written as they always were), with those defaults."""

LAIZI_FACTORS = ("soft_bomb", "wild_bomb")
"""The factors of 癞子's bomb classes: they mean something only under `Rules.laizi`."""


@dataclass(frozen=True)
class Factors:
    """What each thing multiplies the stake by. A spring and an anti-spring share
    `spring`; `grab` counts once per grab; `double` once per player who doubles, or
    `super_double` instead for one who super-doubles (超级加倍, `Rules.super_double`).
    Under 癞子 (`Rules.laizi`) `bomb` is a bomb of four natural cards (硬炸), `soft_bomb`
    one completed with wilds (软炸), `wild_bomb` the four wilds (纯癞子炸). `show_start`
    counts once when any seat plays with its hand shown from before the bidding
    (明牌开始, `Rules.show_start`), `show` when the landlord shows after the bottom."""

    bomb: int = 2
    rocket: int = 2
    spring: int = 2
    show: int = 2
    grab: int = 2
    double: int = 2
    super_double: int = _SUPER_DOUBLE
    soft_bomb: int = 2
    wild_bomb: int = 2
    show_start: int = _SHOW_START

    def __post_init__(self) -> None:
        for f in fields(self):
            _check_factor(f.name, getattr(self, f.name))

    def to_dict(self) -> dict[str, int]:
        """Every factor; `super_double`, `soft_bomb`, `wild_bomb` and `show_start` only
        when they are not their default, so the factors of every game before them are written as
        they always were."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        for name, default in _OPTIONAL_FACTORS.items():
            if out[name] == default:
                del out[name]
        return out

    def fitting(self, laizi: bool, show_start: bool) -> Factors:
        """These factors for rules with or without 癞子 and 明牌开始: the factors of a rule
        not in play back at their defaults (a game cannot have them), the rest kept."""
        unused = [
            *(LAIZI_FACTORS if not laizi else ()),
            *(("show_start",) if not show_start else ()),
        ]
        return replace(self, **{name: _OPTIONAL_FACTORS[name] for name in unused})

    @classmethod
    def from_dict(cls, data: object) -> Factors:
        """The factors a dict holds: every one of them (`super_double`, `soft_bomb`,
        `wild_bomb` and `show_start` may be left out), each a whole number; ValueError says what is
        wrong."""
        names = [f.name for f in fields(cls) if f.name not in _OPTIONAL_FACTORS]
        return cls(**_exact_keys("factors", data, names, optional=list(_OPTIONAL_FACTORS)))


DEFAULT_FACTORS = Factors()


@dataclass(frozen=True)
class Rules:
    """The house rules of a game.

    landlord: how the landlord is chosen.
    doubling: 加倍 — once the landlord has the bottom cards, each peasant in turn, then
    the landlord, may double; a player's score counts their own and the landlord's.
    showing: 明牌 — the landlord may show the hand after taking the bottom cards.
    factors: what bombs, the rocket, a spring, showing, grabs and doubles are worth.
    cap: 封顶 — the most a peasant's stake may reach (one of `CAPS`), None for no cap;
    the landlord's is still both peasants' together, so scores stay zero-sum.
    super_double: 超级加倍 — with doubling, a player may also super-double, multiplying
    its own stake by `factors.super_double` instead of `factors.double`.
    no_shuffle: 不洗牌 — each deal after the first of a run is cut from the cards as
    the game before left them and dealt in packets (`engine/deal.py`); the game is
    given that order (`Game(deck=...)`), and its record keeps it.
    laizi: 癞子 — once the landlord has the bottom cards a rank from 3 to 2 is drawn and
    its four cards are wild (`ddz_tui/wild.py`, docs/rules.md); bombs are scored by
    class (`factors.soft_bomb`, `bomb`, `wild_bomb`).
    show_start: 明牌开始 — once the cards are dealt, before the bidding (or calling),
    each seat in turn from the first to bid may play with its hand shown to all; the
    stake is multiplied by `factors.show_start` once if any seat does. In a deal whose
    landlord is drawn by lot, the seats are asked once it is drawn, from the landlord.
    """

    landlord: LandlordMode = LandlordMode.BID
    doubling: bool = False
    showing: bool = False
    factors: Factors = field(default=DEFAULT_FACTORS)
    cap: int | None = None
    super_double: bool = False
    no_shuffle: bool = False
    laizi: bool = False
    show_start: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "landlord", LandlordMode(self.landlord))
        for name in ("doubling", "showing", "super_double", "no_shuffle", "laizi", "show_start"):
            if type(getattr(self, name)) is not bool:
                raise ValueError(f"{name!r} must be true or false")
        if not isinstance(self.factors, Factors):
            raise ValueError("'factors' must be Factors")
        if self.cap is not None and (type(self.cap) is not int or self.cap not in CAPS):
            raise ValueError(f"'cap' must be one of {', '.join(map(str, CAPS))} or none")
        if self.super_double and not self.doubling:
            raise ValueError("'super_double' is a kind of doubling: it needs 'doubling'")
        if not self.laizi and any(
            getattr(self.factors, name) != _OPTIONAL_FACTORS[name] for name in LAIZI_FACTORS
        ):
            raise ValueError("'soft_bomb' and 'wild_bomb' are factors of 癞子: they need 'laizi'")
        if not self.show_start and self.factors.show_start != _SHOW_START:
            raise ValueError("'show_start' is the factor of 明牌开始: it needs 'show_start'")

    @property
    def plain(self) -> bool:
        """The rules every game had before house rules: no doubling, no showing, every
        doubling ×2, the landlord by bidding or by lot (a version 1 record holds these)."""
        return (
            self.landlord in PLAIN_MODES
            and not self.doubling
            and not self.showing
            and self.factors == DEFAULT_FACTORS
            and not self.extended
        )

    @property
    def extended(self) -> bool:
        """Rules that a record before version 5, or a peer of protocol 5 or older,
        cannot hold: a cap (封顶), super doubling (超级加倍, version 6 only), no shuffle
        (不洗牌, version 7 only), wildcards (癞子, version 8 only), showing before the
        bidding (明牌开始, version 9 only)."""
        return (
            self.cap is not None
            or self.super_double
            or self.no_shuffle
            or self.laizi
            or self.show_start
        )

    def to_dict(self) -> dict[str, Any]:
        """Every rule; `cap` only when there is one, so the rules of every game before
        it are written as they always were."""
        out: dict[str, Any] = {
            "landlord": self.landlord.value,
            "doubling": self.doubling,
            "showing": self.showing,
            "factors": self.factors.to_dict(),
        }
        if self.cap is not None:
            out["cap"] = self.cap
        if self.super_double:
            out["super_double"] = True
        if self.no_shuffle:
            out["no_shuffle"] = True
        if self.laizi:
            out["laizi"] = True
        if self.show_start:
            out["show_start"] = True
        return out

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """The rules a dict holds (every key present but `cap`, `super_double`,
        `no_shuffle`, `laizi` and `show_start`, nothing else); ValueError says what is
        wrong."""
        keys = ["landlord", "doubling", "showing", "factors"]
        optional = ["cap", "super_double", "no_shuffle", "laizi", "show_start"]
        values = _exact_keys("rules", data, keys, optional=optional)
        if not isinstance(values["landlord"], str):
            raise ValueError("'landlord' must be a landlord mode")
        if "cap" in values and values["cap"] is None:
            raise ValueError("'cap' must be one of the caps (no cap is written as none)")
        if values.get("super_double") is False:
            raise ValueError("'super_double' is written only when on")
        if values.get("no_shuffle") is False:
            raise ValueError("'no_shuffle' is written only when on")
        if values.get("laizi") is False:
            raise ValueError("'laizi' is written only when on")
        if values.get("show_start") is False:
            raise ValueError("'show_start' is written only when on")
        values["factors"] = Factors.from_dict(values["factors"])
        return cls(**values)


def _exact_keys(
    what: str, data: object, keys: list[str], optional: list[str] | None = None
) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"{what} must be an object")
    extra = set(data) - set(keys) - set(optional or ())
    if extra:
        raise ValueError(f"{what}: unexpected field {sorted(map(str, extra))[0]!r}")
    missing = [key for key in keys if key not in data]
    if missing:
        raise ValueError(f"{what}: missing field {missing[0]!r}")
    return dict(data)


_SWITCHES = {"on": True, "yes": True, "true": True, "off": False, "no": False, "false": False}
_RULE_FACTORS = {"grab": "grab", "show": "showing", "double": "doubling"}
"""Factors that also switch a rule on: `show=4` is showing cards on, worth ×4."""

RULES_SPEC_HELP = (
    "house rules as comma-separated words: bid, random or grab (how the landlord is "
    "chosen; grab is 叫地主/抢地主), double (加倍), show (明牌); NAME=N sets what bomb, "
    f"rocket, spring, grab, show or double multiply by (1-{MAX_FACTOR}; show=N, double=N "
    "and grab=N also switch those rules on); show=off, double=off; super (超级加倍: "
    "doubling may also be a super double, ×4; super=N sets its factor, super=off); "
    "cap=32, 64 or 128 caps each peasant's stake (封顶), cap=none for no cap; noshuffle "
    "(不洗牌: each deal after the first is cut from the last game's cards as played, "
    "noshuffle=off); laizi (癞子: a rank drawn after the bottom is taken is wild; "
    "soft_bomb=N and wild_bomb=N set what a bomb made with wilds and the four wilds "
    "multiply by, bomb=N a natural one; laizi=off); showstart (明牌开始: each seat may "
    "show its hand before the bidding, ×5 once; showstart=N sets the factor, "
    "showstart=off); plain is the default game"
)


def parse_rules(spec: str, base: Rules | None = None) -> Rules:
    """The rules a compact spec names, over `base` (the plain game): e.g.
    "grab,double,show", "bid,bomb=3", "random,show=4". ValueError says what is wrong."""
    rules = Rules() if base is None else base
    factors = rules.factors.to_dict()
    values: dict[str, Any] = {}
    for item in (part.strip().lower() for part in spec.split(",")):
        name, equals, value = item.partition("=")
        name, value = name.strip(), value.strip()
        if not equals:
            if name == "plain":
                rules, factors, values = Rules(), DEFAULT_FACTORS.to_dict(), {}
            elif name in {mode.value for mode in LandlordMode}:
                values["landlord"] = LandlordMode(name)
            elif name in ("show", "double"):
                values[_RULE_FACTORS[name]] = True
            elif name == "super":  # 超级加倍 is a kind of doubling: it switches that on too
                values.update(super_double=True, doubling=True)
            elif name == "noshuffle":
                values["no_shuffle"] = True
            elif name == "laizi":
                values["laizi"] = True
            elif name == "showstart":
                values["show_start"] = True
            else:
                raise ValueError(f"unknown house rule {item!r}")
        elif name == "landlord":
            if value not in {mode.value for mode in LandlordMode}:
                raise ValueError(f"landlord={value!r}: choose bid, random or grab")
            values["landlord"] = LandlordMode(value)
        elif name == "cap":
            caps = {str(cap): cap for cap in CAPS}
            if value not in (*caps, "none", "off"):
                raise ValueError(f"cap={value!r}: choose {', '.join(caps)} or none")
            values["cap"] = caps.get(value)
        elif name in ("show", "double") and value in _SWITCHES:
            values[_RULE_FACTORS[name]] = _SWITCHES[value]
        elif name == "noshuffle" and value in _SWITCHES:
            values["no_shuffle"] = _SWITCHES[value]
        elif name == "laizi" and value in _SWITCHES:
            values["laizi"] = _SWITCHES[value]
        elif name == "showstart" and value in _SWITCHES:
            values["show_start"] = _SWITCHES[value]
            if not values["show_start"]:  # its factor goes with it
                factors["show_start"] = _SHOW_START
        elif name == "showstart":  # the factor switches the rule on, as show=N does
            factors["show_start"] = _factor(name, value)
            values["show_start"] = True
        elif name in LAIZI_FACTORS:  # 癞子's factors switch it on, as double=N does 加倍
            factors[name] = _factor(name, value)
            values["laizi"] = True
        elif name == "super" and value in _SWITCHES:
            values["super_double"] = _SWITCHES[value]
            if values["super_double"]:
                values["doubling"] = True
        elif name == "super":
            factors["super_double"] = _factor(name, value)
            values.update(super_double=True, doubling=True)
        elif name in factors:
            factors[name] = _factor(name, value)
            if name in _RULE_FACTORS:
                on = LandlordMode.GRAB if name == "grab" else True
                values["landlord" if name == "grab" else _RULE_FACTORS[name]] = on
        else:
            raise ValueError(f"unknown house rule {item!r}")
    merged = {**rules.to_dict(), **values, "factors": Factors(**factors)}
    return Rules(**merged)


def _factor(name: str, value: str) -> int:
    """A factor as a spec writes it (`bomb=3`); ValueError unless 1 to MAX_FACTOR."""
    if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= MAX_FACTOR:
        raise ValueError(f"{name}={value!r}: give a whole number from 1 to {MAX_FACTOR}")
    return int(value)


def rules_spec(rules: Rules) -> str:
    """The compact spec of `rules` (what `parse_rules` reads back to the same rules)."""
    words = [rules.landlord.value]
    words += [name for name, on in (("double", rules.doubling), ("show", rules.showing)) if on]
    factors = rules.factors.to_dict()
    super_factor = factors.pop("super_double", None)  # written only when not the default
    start_factor = factors.pop("show_start", None)
    if rules.super_double:
        words.append("super" if super_factor is None else f"super={super_factor}")
    changed = factors.items() - DEFAULT_FACTORS.to_dict().items()
    words += [f"{name}={value}" for name, value in sorted(changed)]
    if rules.cap is not None:
        words.append(f"cap={rules.cap}")
    if rules.no_shuffle:
        words.append("noshuffle")
    if rules.laizi:
        words.append("laizi")
    if rules.show_start:
        words.append("showstart" if start_factor is None else f"showstart={start_factor}")
    return ",".join(words)

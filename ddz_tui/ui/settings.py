"""The player's settings: what they are, and where they are kept.

Settings live in `settings.json` in the user's config directory (platformdirs), or
in `$DDZ_CONFIG_DIR` when set (tests set it, so they never touch the real one). A
file that cannot be read or holds wrong values is reported, kept aside as
`settings.json.broken`, and replaced: a broken file never stops the game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ddz_tui.bots import Level
from ddz_tui.cards import HandOrder
from ddz_tui.engine import LandlordMode, Rules
from ddz_tui.engine.house import CAPS
from ddz_tui.i18n import Lang, t
from ddz_tui.net import DEFAULT_PORT
from ddz_tui.paths import config_dir
from ddz_tui.sound.clips import FULL_VOLUME, Volumes
from ddz_tui.table.timing import DEFAULT_BOT_DELAY
from ddz_tui.text import is_printable
from ddz_tui.ui.widgets.chips import CardStyle

FILE_NAME = "settings.json"
VERSION = 1
BOT_DELAYS = (0.0, 0.3, 0.6, 1.0, 1.5, 2.0)
"""The delays the settings screen offers, in seconds."""
MAX_BOT_DELAY = 5.0
DEFAULT_THEME = "ddz-felt"
MAX_TEXT = 200  # a remembered name or address longer than this is not one
_STRENGTH = ("hard", "normal", "easy", "random")
"""Bot levels from strongest to weakest, by name: some may not exist in this build."""


def levels() -> list[Level]:
    """The bot levels this build has, weakest first."""
    rank = {name: i for i, name in enumerate(reversed(_STRENGTH))}
    return sorted(Level, key=lambda level: rank.get(level.value, len(rank)))


DEFAULT_LEVEL = Level.NORMAL
"""A new player's bots: a fair game to learn on (the hard bot beats most newcomers);
the New game dialog shows the level, and remembers the player's own choice."""


@dataclass(frozen=True)
class Settings:
    bot_delay: float = DEFAULT_BOT_DELAY
    left_bot: Level = DEFAULT_LEVEL
    right_bot: Level = DEFAULT_LEVEL
    landlord_mode: LandlordMode = LandlordMode.BID
    doubling: bool = False  # 加倍
    super_double: bool = False  # 超级加倍, with doubling
    showing: bool = False  # 明牌
    show_start: bool = False  # 明牌开始: each seat may show its hand before the bidding
    cap: int = 0  # 封顶: 32, 64 or 128 on each peasant's stake; 0 for no cap
    no_shuffle: bool = False  # 不洗牌: each deal after the first from the last game's cards
    laizi: bool = False  # 癞子: a wild rank drawn once the landlord has the bottom
    ascii_cards: bool = False
    card_style: CardStyle = CardStyle.CHIPS  # or discreet: plain ranks, no frames, no colours
    language: Lang | None = None  # None: from the locale
    theme: str = DEFAULT_THEME
    sound: bool | None = None  # None: on, except over SSH (see ddz_tui.sound.player)
    server_address: str = ""  # the server last joined
    host_port: int = DEFAULT_PORT  # the port of a game hosted in the app
    host_lan: bool = True  # a hosted game is open to the local network
    coach_hints: bool = False  # the first hint is the normal bot's play (or its pass)
    auto_pass: bool = True  # 要不起 passes for you; a last hand that is one play is raised
    hand_order: HandOrder = HandOrder.RANK  # the hand by rank, or by count (the table's key)
    music_volume: int = FULL_VOLUME  # percent of the files' own level
    effects_volume: int = FULL_VOLUME
    # the first-game lesson was offered; only a fresh config (no file yet) has not seen
    # it, so a file from before the lesson counts as offered
    tutorial_offered: bool = True

    @property
    def volumes(self) -> Volumes:
        return Volumes(self.music_volume, self.effects_volume)

    @property
    def rules(self) -> Rules:
        """The house rules chosen for games against bots (and new shared tables)."""
        return Rules(
            self.landlord_mode,
            self.doubling,
            self.showing,
            show_start=self.show_start,
            cap=self.cap or None,
            no_shuffle=self.no_shuffle,
            super_double=self.doubling and self.super_double,
            laizi=self.laizi,
        )

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        for name, value in data.items():
            if isinstance(value, (Level, LandlordMode, Lang, HandOrder, CardStyle)):
                data[name] = value.value
        return {"version": VERSION, **data}


def rule_fields(rules: Rules) -> dict[str, Any]:
    """The settings that choose `rules` (what `Settings.rules` reads back, factors
    aside: the forms choose no factors)."""
    return {
        "landlord_mode": rules.landlord,
        "doubling": rules.doubling,
        "super_double": rules.super_double,
        "showing": rules.showing,
        "show_start": rules.show_start,
        "cap": rules.cap or 0,
        "no_shuffle": rules.no_shuffle,
        "laizi": rules.laizi,
    }


@dataclass(frozen=True)
class Loaded:
    settings: Settings
    problem: str | None = None  # what was wrong with the file, for the player


def _delay(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError
    if not 0 <= value <= MAX_BOT_DELAY:
        raise ValueError
    return float(value)


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError
    return value


def _cap(value: object) -> int:
    """封顶: 0 (no cap) or one of the engine's caps."""
    if type(value) is not int or value not in (0, *CAPS):
        raise ValueError
    return value


def _optional_flag(value: object) -> bool | None:
    return None if value is None else _flag(value)


def _text(value: object) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT or not is_printable(value):
        raise ValueError
    return value


def _port(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 65535:
        raise ValueError
    return value


def _volume(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= FULL_VOLUME:
        raise ValueError
    return value


def _offered(value: object) -> bool:
    """Whether the lesson was offered: a value that is not a yes or no is quietly yes
    (the file was written, so the game has started here before)."""
    return value if isinstance(value, bool) else True


def _card_style(value: object) -> CardStyle:
    """A style this version does not draw (a later one's, say) is quietly the chips;
    what is not a name at all is reported."""
    name = _text(value)
    return CardStyle(name) if name in {style.value for style in CardStyle} else CardStyle.CHIPS


def _language(value: object) -> Lang | None:
    return None if value is None else Lang(value)


def _parsers(themes: Iterable[str]) -> dict[str, Callable[[Any], Any]]:
    known = set(themes)

    def theme(value: object) -> str:
        """A theme no longer offered (Textual's were, once) is quietly the default;
        what is not a name at all is reported."""
        name = _text(value)
        return name if name in known else DEFAULT_THEME

    return {
        "bot_delay": _delay,
        "left_bot": Level,
        "right_bot": Level,
        "landlord_mode": LandlordMode,
        "doubling": _flag,
        "super_double": _flag,
        "showing": _flag,
        "show_start": _flag,
        "cap": _cap,
        "no_shuffle": _flag,
        "laizi": _flag,
        "ascii_cards": _flag,
        "card_style": _card_style,
        "language": _language,
        "theme": theme,
        "sound": _optional_flag,
        "server_address": _text,
        "host_port": _port,
        "host_lan": _flag,
        "coach_hints": _flag,
        "auto_pass": _flag,
        "hand_order": HandOrder,
        "music_volume": _volume,
        "effects_volume": _volume,
        "tutorial_offered": _offered,
    }


def parse(data: object, themes: Iterable[str]) -> tuple[Settings, list[str]]:
    """Settings from a decoded file, and the names of the fields that were wrong."""
    if not isinstance(data, dict):
        raise ValueError(t("ui.settings.not_object"))
    values: dict[str, Any] = {}
    wrong: list[str] = []
    for name, parse_value in _parsers(themes).items():
        if name not in data:
            continue
        try:
            values[name] = parse_value(data[name])
        except ValueError:
            wrong.append(name)
    return Settings(**values), wrong


class SettingsStore:
    """Reads and writes the settings file in one directory."""

    def __init__(self, directory: Path | str) -> None:
        self.directory = Path(directory)
        self.path = self.directory / FILE_NAME

    @classmethod
    def default(cls) -> SettingsStore:
        return cls(config_dir())

    def load(self, themes: Iterable[str]) -> Loaded:
        """The saved settings; defaults when there are none, or when the file is broken."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Loaded(Settings(tutorial_offered=False))  # the very first start
        except (OSError, UnicodeDecodeError) as exc:
            return self._replace(Settings(), str(exc))
        try:
            settings, wrong = parse(json.loads(text), themes)
        except json.JSONDecodeError as exc:
            detail = t("ui.settings.bad_json", line=exc.lineno, column=exc.colno)
            return self._replace(Settings(), detail)
        except ValueError as exc:
            return self._replace(Settings(), str(exc))
        if wrong:
            return self._replace(settings, t("ui.settings.bad_values", names=", ".join(wrong)))
        return Loaded(settings)

    def _replace(self, settings: Settings, detail: str) -> Loaded:
        """Keep the broken file aside and write `settings` in its place."""
        backup = self.path.with_name(FILE_NAME + ".broken")
        kept: Path | None = backup
        try:
            self.path.replace(backup)
        except OSError:
            kept = None
        problem = t("ui.settings.broken", path=self.path, detail=detail)
        if kept is not None:
            problem += " " + t("ui.settings.kept", path=kept)
        failure = self.save(settings)
        if failure:
            problem += " " + failure
        return Loaded(settings, problem)

    def save(self, settings: Settings) -> str | None:
        """Write the settings; a message for the player when that is not possible."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            partial = self.path.with_name(FILE_NAME + ".new")
            partial.write_text(json.dumps(settings.to_json(), indent=2) + "\n", encoding="utf-8")
            partial.replace(self.path)
        except OSError as exc:
            return t("ui.settings.cannot_save", path=self.path, detail=exc.strerror or exc)
        return None

"""The whole catalogue: every area's phrases, and which area keeps which key.

A key lives in the area of its longest prefix in `AREAS`; the i18n tests check it.
"""

from __future__ import annotations

from types import ModuleType

from ddz_tui.i18n import cli, common, engine, net, records, rules, sound, table, ui

AREAS: tuple[tuple[str, ModuleType], ...] = (
    ("as_is", common),
    ("rank.", rules),
    ("ranks.", rules),
    ("kind.", rules),
    ("kindname.", rules),
    ("play.", rules),
    ("plural", rules),
    ("refuse.", rules),
    ("illegal.", engine),
    ("role.", engine),
    ("table.", table),
    ("store.", records),
    ("history.", records),
    ("origin.", records),
    ("sound.", sound),
    ("net.", net),
    ("ssh.", net),
    ("net.cli.", cli),
    ("ui.", ui),
    ("keys.", ui),
    ("coach.", ui),
)
"""Key prefix -> the area module that keeps the keys starting with it."""

MODULES: tuple[ModuleType, ...] = tuple(dict.fromkeys(module for _, module in AREAS))


def area_of(key: str) -> ModuleType | None:
    """The module a key belongs in: the one of its longest prefix in AREAS."""
    prefixes = [prefix for prefix, _ in AREAS if key.startswith(prefix)]
    return dict(AREAS)[max(prefixes, key=len)] if prefixes else None


def merged(modules: tuple[ModuleType, ...] = MODULES) -> dict[str, tuple[str, str]]:
    """Every key with its (English, Chinese) texts; a key kept twice is a bug."""
    catalog: dict[str, tuple[str, str]] = {}
    for module in modules:
        phrases: dict[str, tuple[str, str]] = module.PHRASES
        twice = sorted(catalog.keys() & phrases.keys())
        if twice:
            raise ValueError(f"{module.__name__} repeats i18n keys: {twice}")
        catalog.update(phrases)
    return catalog


CATALOG = merged()

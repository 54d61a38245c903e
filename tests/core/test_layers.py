"""The import direction is the architecture: a module imports from its own package and
from lower layers only, never from a higher layer or a sibling package of its own layer.

Every import counts: at the top, inside functions, under TYPE_CHECKING.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import ddz_tui

PACKAGE_DIR = Path(ddz_tui.__file__).resolve().parent
ROOT = "ddz_tui"

# Lowest first. A unit is a package (with its subpackages, unless they are units of
# their own) or a module; ROOT itself is its __init__ alone (the version).
LAYERS: tuple[tuple[str, ...], ...] = (
    (ROOT, "ddz_tui.text", "ddz_tui.paths", "ddz_tui.i18n", "ddz_tui.data"),  # leaves
    ("ddz_tui.cards",),
    ("ddz_tui.rules",),
    ("ddz_tui.moves", "ddz_tui.wild"),
    ("ddz_tui.engine",),
    ("ddz_tui.bots", "ddz_tui.bots.lab"),
    ("ddz_tui.records", "ddz_tui.sound"),
    ("ddz_tui.table",),
    ("ddz_tui.net",),
    ("ddz_tui.ui",),
    ("ddz_tui.cli",),
    ("ddz_tui.__main__",),  # `python -m ddz_tui`
)
# Units of one layer that may import each other, importer first.
ACROSS = {("ddz_tui.bots.lab", "ddz_tui.bots"), ("ddz_tui.wild", "ddz_tui.moves")}
# The generators of the checked-in data: they run before that data exists, so they
# import nothing of the package but each other, and nothing in the package imports them.
TOOLS = "ddz_tui.gen"

LAYER_OF = {unit: layer for layer, units in enumerate(LAYERS) for unit in units}


def unit_of(module: str) -> str | None:
    """The layered unit a module belongs to: the longest unit that contains it."""
    for unit in sorted([*LAYER_OF, TOOLS], key=len, reverse=True):
        if module == unit or (unit != ROOT and module.startswith(f"{unit}.")):
            return unit
    return None


def module_sources(package_dir: Path = PACKAGE_DIR) -> dict[str, str]:
    """Every module of the package by its dotted name (a package by its __init__)."""
    sources = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = (ROOT, *path.relative_to(package_dir).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        sources[".".join(parts)] = path.read_text(encoding="utf-8")
    return sources


def imports(module: str, source: str, modules: set[str]) -> Iterator[str]:
    """The package's modules that `module` imports (`from a import b` counts as a.b when
    that is a module)."""
    is_package = any(other.startswith(f"{module}.") for other in modules) or module == ROOT
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name.split(".")[0] == ROOT)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's own package upwards
                here = module.split(".") if is_package else module.split(".")[:-1]
                anchor = here[: len(here) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            if base.split(".")[0] != ROOT:
                continue
            for alias in node.names:
                yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base


def problems(sources: Mapping[str, str]) -> list[str]:
    """One line for each import that goes against the layers, and each unplaced module."""
    modules = set(sources)
    found = []
    for module, source in sorted(sources.items()):
        unit = unit_of(module)
        if unit is None:
            found.append(f"{module}: in no layer (add its package to LAYERS)")
            continue
        for imported in sorted(set(imports(module, source, modules))):
            other = unit_of(imported)
            if other is None or other == unit:
                continue  # its own package; an unplaced one is reported on its own
            if TOOLS in (unit, other):
                found.append(f"{module} imports {imported}: {TOOLS} stands apart from the game")
            elif LAYER_OF[other] > LAYER_OF[unit]:
                found.append(
                    f"{module} imports {imported}: upwards, from layer {LAYER_OF[unit]} "
                    f"({unit}) to layer {LAYER_OF[other]} ({other})"
                )
            elif LAYER_OF[other] == LAYER_OF[unit] and (unit, other) not in ACROSS:
                found.append(
                    f"{module} imports {imported}: across layer {LAYER_OF[unit]}, "
                    f"from {unit} to {other}"
                )
    return found


def test_no_import_goes_against_the_layers() -> None:
    sources = module_sources()
    assert "ddz_tui.engine.game" in sources and "ddz_tui.ui.app" in sources
    found = problems(sources)
    assert not found, "imports against the layers:\n" + "\n".join(found)


def test_an_import_upwards_across_or_into_the_tools_is_named() -> None:
    sources = {
        "ddz_tui": "",
        "ddz_tui.rules": "def f():\n    from ddz_tui.ui import app\n",
        "ddz_tui.bots": "",
        "ddz_tui.bots.lab": "",
        "ddz_tui.bots.lab.arena": "from ddz_tui.bots import Bot\n",
        "ddz_tui.bots.hard": "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from ddz_tui.bots.lab.arena import Report\n",
        "ddz_tui.records.store": "import ddz_tui.sound.player\n",
        "ddz_tui.sound": "from . import player\n",
        "ddz_tui.sound.player": "from ..records import store\n",
        "ddz_tui.ui": "",
        "ddz_tui.ui.app": "from ddz_tui.ui.screens import table\nfrom ddz_tui.gen import datagen\n",
        "ddz_tui.ui.screens.table": "from ddz_tui import __version__\n",
        "ddz_tui.gen.datagen": "from ddz_tui.cards import DECK\n",
        "ddz_tui.cards": "",
        "ddz_tui.tools": "",
    }
    assert problems(sources) == [
        "ddz_tui.bots.hard imports ddz_tui.bots.lab.arena: across layer 5, "
        "from ddz_tui.bots to ddz_tui.bots.lab",
        "ddz_tui.gen.datagen imports ddz_tui.cards: ddz_tui.gen stands apart from the game",
        "ddz_tui.records.store imports ddz_tui.sound.player: across layer 6, "
        "from ddz_tui.records to ddz_tui.sound",
        "ddz_tui.rules imports ddz_tui.ui.app: upwards, from layer 2 (ddz_tui.rules) "
        "to layer 9 (ddz_tui.ui)",
        "ddz_tui.sound.player imports ddz_tui.records.store: across layer 6, "
        "from ddz_tui.sound to ddz_tui.records",
        "ddz_tui.tools: in no layer (add its package to LAYERS)",
        "ddz_tui.ui.app imports ddz_tui.gen.datagen: ddz_tui.gen stands apart from the game",
    ]

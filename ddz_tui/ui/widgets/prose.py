"""Sentences wrapped as their language writes them: English at spaces, Chinese between
any two characters, never a line that starts with a closing mark (、，。）).

Textual (and Rich) wrap only at spaces: a Chinese sentence with a digit or a letter
in it (`上家又用对 Q 管上`) broke at those spaces only, a line early, and a line could
start with `、`. A dialog's words are shown as `Folded(text)` instead of the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.cells import cell_len, chop_cells
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

CLOSING = frozenset("、，。．：；！？）」』】〉》〕”’…—,.:;!?)")
"""Marks that end what comes before them: a line never starts with one."""
OPENING = frozenset("（「『【〈《〔“‘(")
"""Marks that begin what comes after them: a line never ends with one."""

_UNITS = re.compile(r"\s+|[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f“”‘’…—]|[^\s]")
"""Spaces, one wide character (CJK, or a mark written beside it), or one other
character (a run of those is a word, joined below)."""


def _wide(char: str) -> bool:
    return cell_len(char) > 1 or char in "“”‘’…—"


def _pieces(paragraph: str) -> list[str]:
    """The paragraph as unbreakable pieces and the spaces between them: a word of
    narrow letters is one piece, each wide character another, with the closing marks
    after a piece and the opening marks before one glued to it."""
    pieces: list[str] = []
    glue_next = False
    for unit in _UNITS.findall(paragraph):
        if unit.isspace():
            pieces.append(" ")
            glue_next = False
            continue
        last = pieces[-1] if pieces else ""
        joins_word = last and not last.isspace() and not _wide(unit) and not _wide(last[-1])
        if last and not last.isspace() and (glue_next or unit in CLOSING or joins_word):
            pieces[-1] = last + unit
        else:
            pieces.append(unit)
        glue_next = unit in OPENING
    return pieces


def fold_lines(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` cells: each paragraph (a line of its own in
    `text`) is broken at spaces and between wide characters, the spaces at a break
    dropped; a piece wider than a line is cut where the line ends."""
    lines: list[str] = []
    width = max(width, 2)
    for paragraph in text.split("\n"):
        indent = paragraph[: len(paragraph) - len(paragraph.lstrip(" "))]
        line, used, space = indent, cell_len(indent), False
        for piece in _pieces(paragraph[len(indent) :]):
            if piece == " ":
                space = bool(line)
                continue
            size = cell_len(piece)
            gap = 1 if space else 0
            if used + gap + size <= width:
                line, used = line + " " * gap + piece, used + gap + size
            else:
                if line:
                    lines.append(line)
                *whole, rest = chop_cells(piece, width) if size > width else [piece]
                lines.extend(whole)
                line, used = rest, cell_len(rest)
            space = False
        lines.append(line)
    return lines


def prose(text: str) -> str | Folded:
    """A dialog's words to show: folded when they hold wide (Chinese) characters; English
    as it is, which Textual wraps at spaces just as well."""
    return Folded(text) if cell_len(text) > len(text) else text


@dataclass(frozen=True, eq=True)
class Folded(Visual):
    """Words a dialog shows, wrapped by `fold_lines` at the width they get."""

    text: str

    def __str__(self) -> str:
        return self.text

    def _lines(self, rules: RulesMap, width: int) -> Content:
        pad = rules.get("line_pad", 0) * 2
        return Content("\n".join(fold_lines(self.text, width - pad)))

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return self._lines(options.rules, width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return Content(self.text).get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return max((cell_len(piece) for piece in _pieces(self.text)), default=0)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._lines(rules, width).get_height(rules, width)

"""Strips that can die by reference counting, not in the garbage collector's pauses.

Textual's `Strip` keeps small caches of what it was cut or padded into, and three of
its methods store the strip itself in its own cache when nothing needed cutting (a whole
line divided at its end, a line already the right length): each such strip is then a
reference cycle, freed only by a full collection. The compositor does this to most lines
of every frame, so a process drawing many screens (the SSH door's workers) piled up
tens of thousands of them a second and spent 200-300 ms in each full collection, every
few seconds: the tail of every player's key. Here the result is given as before, but a
cache that would hold the strip itself is emptied (it holds at most a few entries).
"""

from __future__ import annotations

from functools import wraps
from typing import Any

from textual.strip import Strip

_PATCHED = "_ddz_acyclic"


def _keep_acyclic(method: Any, cache: str) -> Any:
    @wraps(method)
    def call(self: Strip, *args: Any) -> Any:
        result = method(self, *args)
        if result is self or (isinstance(result, list) and any(part is self for part in result)):
            getattr(self, cache).clear()
        return result

    return call


def acyclic_strips() -> None:
    """Patch `Strip` (once per process): its own caches never hold the strip."""
    if getattr(Strip, _PATCHED, False):
        return
    Strip.divide = _keep_acyclic(Strip.divide, "_divide_cache")  # type: ignore[method-assign]
    Strip.adjust_cell_length = _keep_acyclic(  # type: ignore[method-assign]
        Strip.adjust_cell_length, "_line_length_cache"
    )
    Strip.crop_extend = _keep_acyclic(Strip.crop_extend, "_crop_extend_cache")  # type: ignore[method-assign]
    setattr(Strip, _PATCHED, True)

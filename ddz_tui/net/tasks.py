"""Tasks started from callbacks and left to run: kept referenced until they finish, so
the event loop cannot lose them half-way (it holds tasks only weakly)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

_running: set[asyncio.Task[Any]] = set()


def background(coroutine: Coroutine[Any, Any, Any], into: set | None = None) -> asyncio.Task[Any]:
    """Run `coroutine` on the running loop; also track it in `into` until it is done."""
    task = asyncio.get_running_loop().create_task(coroutine)
    for group in (_running, into):
        if group is not None:
            group.add(task)
            task.add_done_callback(group.discard)
    return task

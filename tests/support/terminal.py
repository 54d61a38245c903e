"""Running `ddz` in a real pseudo-terminal, and reading what it draws."""

from __future__ import annotations

import os
import select
import subprocess
import time


def read_until(fd: int, needle: bytes, limit: float) -> bytes:
    """What the terminal's far end `fd` shows until `needle` (or `limit` seconds)."""
    seen = b""
    deadline = time.monotonic() + limit
    while needle not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen


def wait_draining(process: subprocess.Popen, fd: int, limit: float) -> int:
    """Wait for `process` to exit, reading what it still draws meanwhile: a program
    whose terminal is not read blocks on its next write, and never gets to exit."""
    deadline = time.monotonic() + limit
    while process.poll() is None and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                break
    return process.wait(timeout=max(0.0, deadline - time.monotonic()))

"""The command line shared by the generators of checked-in files (`datagen` for the
JSON data, `soundgen` for the WAV files): write them, or with `--check` fail when the
files in the repository differ from what the generator makes.

Standard library only, like the generators: it must run before the data exists.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from pathlib import Path


def regenerate(
    argv: list[str] | None,
    description: str,
    module: str,
    root: Path,
    files: Mapping[str, Callable[[], bytes]],
) -> int:
    """Write each file of `files` (name → its bytes) under `--root` (default `root`),
    or with `--check` compare instead; the exit status of `python -m module`."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--root", type=Path, default=root)
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    if not args.check:
        args.root.mkdir(parents=True, exist_ok=True)
    stale = []
    for name, build in files.items():
        path = args.root / name
        data = build()
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(name)
        else:
            path.write_bytes(data)
            print(f"wrote {path} ({len(data):,} bytes)")
    if stale:
        print(f"out of date: {', '.join(stale)} (run python -m {module})", file=sys.stderr)
        return 1
    return 0

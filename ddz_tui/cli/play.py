"""`ddz` with no command: the game. `open_app` opens it for `join`, `host` and `replay` too."""

from __future__ import annotations

import argparse
import gc
import sys
from typing import TYPE_CHECKING

from ddz_tui.cli.errors import UsageError
from ddz_tui.i18n import Lang

if TYPE_CHECKING:
    from ddz_tui.ui.online import HostRequest, JoinRequest
    from ddz_tui.ui.screens.replay import Replay


def cmd_play(args: argparse.Namespace) -> int:
    return open_app(args)


def open_app(
    args: argparse.Namespace,
    start: JoinRequest | HostRequest | None = None,
    replay: Replay | None = None,
) -> int:
    """Open the app. Everything that can fail before it starts is one line, not a trace."""
    import os

    from ddz_tui.sound.player import check_force

    try:
        check_force(os.environ)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    rules = None
    spec = getattr(args, "play_rules", None)
    if spec:
        from ddz_tui.engine import parse_rules

        try:
            rules = parse_rules(spec)
        except ValueError as exc:
            raise UsageError(f"--rules: {exc}") from None
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        raise UsageError("the game needs a terminal (stdin and stdout must be a TTY)")
    # No garbage collections until the first screen is drawn (the app turns the
    # collector back on then, `DdzApp.on_ready`): importing Textual and drawing the
    # title make objects by the hundred thousand and free next to none in cycles, and
    # the collector walked them some 120 times, a twentieth of the start.
    gc.disable()
    try:
        from ddz_tui.ui.app import DdzApp

        app = DdzApp(
            ascii_cards=args.ascii,
            lang=Lang(args.lang) if args.lang else None,
            seed=args.seed,
            start=start,
            data_dir=args.data_dir,
            replay=replay,
            owns_process=True,
            rules=rules,
        )
        app.run()
    finally:
        gc.enable()
    return app.return_code or 0

"""The `ddz` command (`main`, which pyproject's `ddz` script and `python -m ddz_tui` run).

`command`: the parser and `main`; one module per family of subcommands, each adding its
own: `rules` (classify, beat), `bots` (simulate, arena), `history` (history, export,
replay), `net` (server, join, host, serve-ssh); `play` opens the game; `arguments`: the
argument types and shared options; `errors`: how a command fails.
"""

from ddz_tui.cli.command import build_parser, main

__all__ = ["build_parser", "main"]

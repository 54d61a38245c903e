"""Argument types, and the options several commands share, each written once."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ddz_tui.i18n import t

MAX_BOT_WORKERS = 256


def whole_number(message: str, least: int, most: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number from `least` to `most` (no upper limit when
    None). Anything else is refused with the i18n `message`, given `value` and `most`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = least - 1
        if value < least or (most is not None and value > most):
            raise argparse.ArgumentTypeError(t(message, value=text, most=most))
        return value

    return parse


port_number = whole_number("net.cli.bad_port", 1, 65535)
at_least_one = whole_number("net.cli.bad_count", 1)
bot_workers = whole_number("net.cli.bad_workers", 0, MAX_BOT_WORKERS)


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < 1e6:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text}")
    return value


LISTEN_HOST_HELP = {
    "127.0.0.1": "address to listen on (default 127.0.0.1; 0.0.0.0 for the whole network)",
    "0.0.0.0": "address to listen on (default 0.0.0.0, your whole network; 127.0.0.1 for "
    "this machine only)",
}


def add_listen_options(
    parser: argparse.ArgumentParser, host: str, port: int, port_help: str = "port to listen on"
) -> None:
    """--host and --port: where a server listens (`host` is 127.0.0.1 or 0.0.0.0)."""
    parser.add_argument("--host", default=host, help=LISTEN_HOST_HELP[host])
    parser.add_argument(
        "--port", type=port_number, default=port, help=f"{port_help} (default {port})"
    )


def add_name_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--name",
        help="your name, as in Settings, changed there too (default: the one set there, "
        "else your login name)",
    )


def add_chat_option(parser: argparse.ArgumentParser) -> None:
    """A server's chat (quick phrases and players' words at its tables and in its lobby)."""
    parser.add_argument(
        "--no-chat",
        action="store_true",
        help="no chat on this server: no quick phrases nor words, at its tables or in its lobby",
    )


def add_cluster_options(parser: argparse.ArgumentParser) -> None:
    """Servers that share a Redis are one service (docs/deploy.md)."""
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="share the lobby, names and sessions with the other servers on this Redis, "
        "e.g. redis://10.0.0.5:6379/0 (needs the redis extra)",
    )
    parser.add_argument(
        "--advertise",
        metavar="URL",
        help="with --redis: this server's address as players reach it, where the other "
        "servers send them, e.g. ws://play2.example.org:7744 (default: the address it "
        "listens on)",
    )


def add_table_options(parser: argparse.ArgumentParser, own_delay: bool = False) -> None:
    """The tables a server hosts. own_delay: the bots' delay defaults to the player's
    setting (the app's hosted game)."""
    from ddz_tui.table.timing import DEFAULT_BOT_DELAY, DEFAULT_GRACE, DEFAULT_TURN_SECONDS

    parser.add_argument(
        "--turn-seconds",
        type=seconds,
        default=DEFAULT_TURN_SECONDS,
        help="seconds for each turn, after which the seat passes or plays its lowest card "
        f"(default {DEFAULT_TURN_SECONDS:g}; 0 for no timer)",
    )
    parser.add_argument(
        "--grace-seconds",
        type=seconds,
        default=DEFAULT_GRACE,
        help="seconds a dropped player's seat waits before a bot plays it "
        f"(default {DEFAULT_GRACE:g})",
    )
    parser.add_argument(
        "--bot-delay",
        type=seconds,
        default=None if own_delay else DEFAULT_BOT_DELAY,
        help="seconds a bot takes to act (default "
        + ("as in your settings)" if own_delay else f"{DEFAULT_BOT_DELAY:g})"),
    )
    parser.add_argument(
        "--bot-workers",
        type=bot_workers,
        metavar="N",
        help="processes that run the hard bots' searches, so that they never slow the "
        "players down (default: one per core; 0 runs them in threads of the server)",
    )

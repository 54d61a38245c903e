"""`ddz server`, `ddz join`, `ddz host` and `ddz serve-ssh`: playing over the network."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ddz_tui.cli.arguments import (
    add_chat_option,
    add_cluster_options,
    add_listen_options,
    add_name_option,
    add_table_options,
    at_least_one,
    port_number,
)
from ddz_tui.cli.errors import UsageError
from ddz_tui.cli.play import open_app
from ddz_tui.net import DEFAULT_PORT

if TYPE_CHECKING:
    from ddz_tui.i18n import Lang
    from ddz_tui.net.server import ServerConfig
    from ddz_tui.net.ssh_names import NameKeys
    from ddz_tui.records.history import History

SSH_PORT = 2222  # serve-ssh's default (net.ssh needs asyncssh, which is an extra)
DEFAULT_IDLE_MINUTES = 10  # net.ssh's, without importing asyncssh


def add_commands(commands: argparse._SubParsersAction) -> None:
    server = commands.add_parser("server", help="host tables for players on the network")
    add_listen_options(server, "127.0.0.1", DEFAULT_PORT)
    add_table_options(server)
    add_chat_option(server)
    add_cluster_options(server)
    server.set_defaults(handler=cmd_server)

    join = commands.add_parser("join", help="open the game at a server's lobby")
    join.add_argument(
        "url", metavar="URL", help="the server, e.g. ws://192.168.1.20:7744 or just 192.168.1.20"
    )
    add_name_option(join)
    join.set_defaults(handler=cmd_join)

    host = commands.add_parser(
        "host", help="open the game hosting a server for friends, with you at a new table"
    )
    add_listen_options(host, "0.0.0.0", DEFAULT_PORT)
    add_name_option(host)
    add_table_options(host, own_delay=True)
    add_chat_option(host)
    host.set_defaults(handler=cmd_host)

    from ddz_tui.net.ssh_limits import (
        DEFAULT_LOGINS_PER_MINUTE,
        DEFAULT_MAX_PER_ADDRESS,
        DEFAULT_MAX_SESSIONS,
    )

    ssh = commands.add_parser(
        "serve-ssh", help="let players in with ssh -p PORT NAME@HOST (needs the ssh extra)"
    )
    add_listen_options(ssh, "127.0.0.1", SSH_PORT, port_help="SSH port")
    ssh.add_argument(
        "--host-key",
        metavar="PATH",
        help="the server's SSH host key (made on first run; default in your user data folder)",
    )
    ssh.add_argument(
        "--server", metavar="URL", help="send players to this game server instead of starting one"
    )
    ssh.add_argument(
        "--game-port",
        type=port_number,
        default=DEFAULT_PORT,
        help=f"port of the game server it starts (default {DEFAULT_PORT})",
    )
    ssh.add_argument(
        "--game-host",
        metavar="HOST",
        default="127.0.0.1",
        help="address the game server it starts listens on (default 127.0.0.1: only the "
        "door's players; with --redis, 0.0.0.0 and --advertise let the other servers' "
        "players reach its tables)",
    )
    ssh.add_argument(
        "--max-sessions",
        metavar="N",
        type=at_least_one,
        default=DEFAULT_MAX_SESSIONS,
        help="most SSH connections at once, each with at most one game "
        f"(default {DEFAULT_MAX_SESSIONS})",
    )
    ssh.add_argument(
        "--max-per-address",
        metavar="N",
        type=at_least_one,
        default=DEFAULT_MAX_PER_ADDRESS,
        help=f"most of them from one address (default {DEFAULT_MAX_PER_ADDRESS}; "
        "an IPv6 /64 counts as one)",
    )
    ssh.add_argument(
        "--logins-per-minute",
        metavar="N",
        type=at_least_one,
        default=DEFAULT_LOGINS_PER_MINUTE,
        help=f"most connections one address may open in a minute (default "
        f"{DEFAULT_LOGINS_PER_MINUTE})",
    )
    ssh.add_argument(
        "--workers",
        metavar="N",
        type=int,
        default=None,
        help="processes the games run in, each hosting many (default: one per core; "
        "0: in the door's own process)",
    )
    ssh.add_argument(
        "--idle-minutes",
        metavar="M",
        type=float,
        default=DEFAULT_IDLE_MINUTES,
        help="a session this long away from a table without a key is closed "
        f"(default {DEFAULT_IDLE_MINUTES})",
    )
    add_table_options(ssh)
    add_chat_option(ssh)
    add_cluster_options(ssh)
    ssh.set_defaults(handler=cmd_serve_ssh)


def cmd_server(args: argparse.Namespace) -> int:
    from ddz_tui.i18n import t
    from ddz_tui.net.server import GameServer, run

    def announce(server: GameServer) -> None:
        print(t("net.cli.serving", url=server.url))
        print(t("net.cli.join_hint", url=f"ws://{_public_host(args.host)}:{server.port}"))
        if _loopback(args.host):
            print(t("net.cli.loopback_only"))

    config = _server_config(args, args.host, args.port)
    return _run_forever(run(config, announce, _history(args)), args.host, args.port)


def cmd_join(args: argparse.Namespace) -> int:
    """Open the app at the server's lobby (the connection is made, and any trouble
    with it shown, inside the app, where the address or name can be put right)."""
    from ddz_tui.net.client.dial import normalise_url
    from ddz_tui.net.client.errors import BadAddress
    from ddz_tui.ui.online import JoinRequest

    try:
        url = normalise_url(args.url)
    except BadAddress as error:
        raise UsageError(error.message) from None
    return open_app(args, JoinRequest(url, _player_name(args.name)))


def cmd_host(args: argparse.Namespace) -> int:
    """Open the app hosting a game: a server inside it, and you at a new table."""
    from ddz_tui.ui.online import HostRequest

    request = HostRequest(
        name=_player_name(args.name),
        port=args.port,
        host=args.host,
        turn_seconds=args.turn_seconds or None,
        grace=args.grace_seconds,
        bot_delay=args.bot_delay,
        bot_workers=args.bot_workers,
        chat=not args.no_chat,
    )
    return open_app(args, request)


def cmd_serve_ssh(args: argparse.Namespace) -> int:
    from ddz_tui.i18n import t

    try:
        import asyncssh  # noqa: F401
    except ImportError:
        raise UsageError(t("ssh.missing_extra")) from None
    import os
    from pathlib import Path

    from ddz_tui.net.client.dial import normalise_url
    from ddz_tui.net.client.errors import BadAddress
    from ddz_tui.net.ssh import HostKeyError, SshDoor, default_host_key_path, serve
    from ddz_tui.net.ssh_limits import DoorLimits, LoginRate
    from ddz_tui.net.ssh_names import NameKeys, default_names_path

    server_url = None
    if args.server:
        try:
            server_url = normalise_url(args.server)
        except BadAddress as error:
            raise UsageError(f"--server: {error.message}") from None
    if args.host_key:
        key_path = Path(args.host_key).expanduser()
    else:
        key_path = default_host_key_path(args.data_dir)
    workers = os.cpu_count() or 1 if args.workers is None else args.workers
    if workers < 0:
        raise UsageError("--workers: 0 or more")
    if args.idle_minutes <= 0:
        raise UsageError("--idle-minutes: more than 0")

    def announce(door: SshDoor, fingerprint: str, path: Path, made: bool) -> None:
        print(t("ssh.serving", port=door.port, host=_public_host(args.host)))
        print(
            t(
                "ssh.fingerprint",
                fingerprint=fingerprint,
                path=path,
                made=t("ssh.key_made") if made else "",
            )
        )
        for line in names_lines(door.names):
            print(line)
        limits = door.places.limits
        print(t("ssh.limits", total=limits.max_sessions, per_address=limits.max_per_address))
        print(t("ssh.workers", workers=workers, minutes=f"{args.idle_minutes:g}"))
        print(t("ssh.game_server", url=door.url))
        if _loopback(args.host):
            print(t("net.cli.loopback_only"))

    async def run_door() -> None:
        host = await _session_host(workers)
        try:
            await serve(
                args.host,
                args.port,
                key_path,
                server_url,
                _server_config(args, args.game_host, args.game_port),
                host,
                announce,
                _history(args),
                NameKeys.load(default_names_path(args.data_dir)),
                DoorLimits(args.max_sessions, args.max_per_address),
                args.idle_minutes * 60,
                LoginRate(args.logins_per_minute),
                args.data_dir,
            )
        finally:
            await host.close()

    try:
        return _run_forever(run_door(), args.host, args.port)
    except HostKeyError as error:
        print(f"ddz: {error}", file=sys.stderr)
        return 1


async def _session_host(workers: int):
    """Where the door's games run: a pool of `workers` processes, or (0) the door's own."""
    if workers == 0:
        from ddz_tui.ui.sessions.host import InProcessHost

        return InProcessHost()
    from ddz_tui.net.ssh_pool import WorkerPool

    pool = WorkerPool(workers, [sys.executable, "-m", "ddz_tui.ui.sessions.host"])
    await pool.start()
    return pool


def names_lines(names: NameKeys, lang: Lang | str | None = None) -> list[str]:
    """What the door says at start of its names file: where it is and how many names it
    keeps, and, when it was broken, why, where it went and how many bindings were kept
    (a broken file once went by in the log only, and its bindings seemed simply gone)."""
    from ddz_tui.i18n import t

    lines = [t("ssh.names", lang, path=names.path, count=len(names))]
    broken = names.broken
    if broken is not None and broken.backup is not None:
        lines.append(
            t("ssh.names_broken", lang, why=broken.why, backup=broken.backup, count=broken.kept)
        )
    elif broken is not None:
        lines.append(
            t(
                "ssh.names_not_set_aside",
                lang,
                why=broken.why,
                error=broken.error,
                count=broken.kept,
            )
        )
    return lines


def _server_config(args: argparse.Namespace, host: str, port: int) -> ServerConfig:
    from ddz_tui.net.server import ServerConfig

    return ServerConfig(
        host=host,
        port=port,
        turn_seconds=args.turn_seconds or None,
        grace=args.grace_seconds,
        bot_delay=args.bot_delay,
        bot_workers=args.bot_workers,
        chat=not args.no_chat,
        # `ddz host` has no --redis: its server is the player's own
        redis_url=_redis_url(getattr(args, "redis", None)),
        advertise=_advertised(args, host, port),
    )


def _redis_url(given: str | None) -> str | None:
    """--redis, checked: a redis://, rediss:// or unix:// URL, with the extra installed."""
    if given is None:
        return None
    from urllib.parse import urlsplit

    from ddz_tui.i18n import t

    try:
        parts = urlsplit(given)
        parts.port  # noqa: B018 - a bad port raises here
    except ValueError:
        raise UsageError(t("net.cli.bad_redis", url=given)) from None
    if parts.scheme not in ("redis", "rediss", "unix") or not (parts.hostname or parts.path):
        raise UsageError(t("net.cli.bad_redis", url=given))
    try:
        import redis  # noqa: F401
    except ImportError:
        raise UsageError(t("net.cli.redis_extra")) from None
    return given


def _advertised(args: argparse.Namespace, host: str, port: int) -> str | None:
    """--advertise, checked (a ws:// or wss:// address), or the address others would
    type for the one it listens on; None without --redis."""
    from ddz_tui.net.client.dial import normalise_url
    from ddz_tui.net.client.errors import BadAddress
    from ddz_tui.net.cluster import good_url

    if getattr(args, "redis", None) is None:
        if getattr(args, "advertise", None) is not None:
            raise UsageError("--advertise: only with --redis")
        return None
    if args.advertise is None:
        return f"ws://{_public_host(host)}:{port}"
    try:
        url = normalise_url(args.advertise)
    except BadAddress as error:
        raise UsageError(f"--advertise: {error.message}") from None
    if good_url(url) is None:
        raise UsageError(f"--advertise: {args.advertise}")
    return url


def _history(args: argparse.Namespace) -> History:
    """A game server keeps every game its tables finish in the history of --data-dir
    (trouble with the database is logged once, and serving goes on)."""
    import logging

    from ddz_tui.paths import history_file
    from ddz_tui.records.history import History

    def say(problem: str) -> None:
        logging.getLogger("ddz_tui.net.server").warning("games are not kept: %s", problem)

    return History(history_file(args.data_dir), on_problem=say)


async def _until_terminated(coroutine) -> None:
    """Run `coroutine` until SIGTERM, which ends it as Ctrl-C does: cancelled, so the
    server closes in order (clients told, history written) and the command exits 0."""
    import asyncio
    import signal

    serving = asyncio.ensure_future(coroutine)
    terminated = False

    def terminate() -> None:
        nonlocal terminated
        if not terminated:  # once: a second SIGTERM must not cut the closing short
            terminated = True
            serving.cancel()

    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, terminate)
    try:
        await serving
    except asyncio.CancelledError:
        if not terminated:
            raise  # Ctrl-C: asyncio.run makes it a KeyboardInterrupt
    finally:
        loop.remove_signal_handler(signal.SIGTERM)


def _run_forever(coroutine, host: str, port: int) -> int:
    """Run a server until Ctrl-C or SIGTERM; a port that cannot be bound is one line,
    exit 1."""
    import asyncio
    import logging

    from ddz_tui.i18n import t

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # one line per connection is ours
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    try:
        asyncio.run(_until_terminated(coroutine))
    except OSError as error:
        reason = error.strerror or str(error)
        print(
            f"ddz: {t('net.cli.cannot_listen', host=host, port=port, error=reason)}",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        pass
    print(t("net.cli.stopped"))
    return 0


def _loopback(host: str) -> bool:
    return host in ("127.0.0.1", "localhost", "::1")


def _public_host(host: str) -> str:
    """The host others would type: this machine's name instead of a wildcard address."""
    if host in ("0.0.0.0", "::", ""):
        import socket

        return socket.gethostname()
    return host


def _player_name(given: str | None) -> str:
    """The name asked for, checked; "" when none was: the app then plays under the
    profile's (Settings), else the login name."""
    from ddz_tui.net.errors import ProtocolError
    from ddz_tui.net.protocol import check_name

    if given is None:
        return ""
    try:
        return check_name(given)
    except ProtocolError as error:
        raise UsageError(f"--name: {error.message}") from None

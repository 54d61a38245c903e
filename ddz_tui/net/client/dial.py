"""Reaching a game server: the address a person types made a ws:// URL, and the
WebSocket opened, each way it can fail turned into its own `NetError`."""

from __future__ import annotations

import asyncio
import errno
import socket
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidHandshake, InvalidURI

from ddz_tui import __version__
from ddz_tui.i18n import t
from ddz_tui.net import DEFAULT_PORT, ws_url
from ddz_tui.net.client.errors import BadAddress, ServerUnreachable
from ddz_tui.net.protocol import MAX_SERVER_MESSAGE

OPEN_TIMEOUT = 5.0


def normalise_url(address: str) -> str:
    """`ws://host:port` from what a person types: `host`, `host:port` or a ws:// URL."""
    text = address.strip()
    if "://" not in text:
        text = f"ws://{text}"
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise BadAddress(t("net.client.bad_url", url=address)) from None
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise BadAddress(t("net.client.bad_url", url=address))
    return ws_url(parts.hostname, port or DEFAULT_PORT, parts.scheme, parts.path)


async def dial(url: str) -> ClientConnection:
    """Open the WebSocket, turning each way it can fail into a specific NetError."""
    where = urlsplit(url).netloc
    try:
        return await connect(
            url,
            max_size=MAX_SERVER_MESSAGE,
            compression=None,
            open_timeout=OPEN_TIMEOUT,
            ping_interval=10,
            ping_timeout=10,
            close_timeout=2,
            proxy=None,
            user_agent_header=f"ddz-tui/{__version__}",
        )
    except InvalidURI:
        raise BadAddress(t("net.client.bad_url", url=url)) from None
    except socket.gaierror:
        host = urlsplit(url).hostname
        raise BadAddress(t("net.client.unknown_host", host=host)) from None
    except InvalidHandshake:
        raise ServerUnreachable(t("net.client.not_ddz", where=where)) from None
    except (TimeoutError, asyncio.TimeoutError):
        raise ServerUnreachable(t("net.client.timeout", where=where)) from None
    except ConnectionRefusedError:
        raise ServerUnreachable(t("net.client.refused", where=where)) from None
    except OSError as error:
        if error.errno in (errno.ECONNREFUSED, errno.EHOSTUNREACH, errno.ENETUNREACH):
            key = (
                "net.client.refused" if error.errno == errno.ECONNREFUSED else "net.client.no_route"
            )
            raise ServerUnreachable(t(key, where=where)) from None
        raise ServerUnreachable(
            t("net.client.os_error", where=where, error=error.strerror or error)
        ) from None

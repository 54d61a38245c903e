"""How a client's work with a game server fails: a `NetError`, with a message a player
can act on (a wrong address, nothing listening, not a ddz server, another version)."""

from __future__ import annotations


class NetError(Exception):
    """A networking failure, with a message for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadAddress(NetError):
    """The address is not a ws:// URL, or its host name does not resolve."""


class ServerUnreachable(NetError):
    """Nothing answers there, or what answers is not a ddz server."""


class VersionMismatch(NetError):
    """The server speaks another protocol version."""


class Refused(NetError):
    """The server refused a request (a taken name, a full table, ...)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class ConnectionLost(NetError):
    """The connection dropped and could not be resumed."""

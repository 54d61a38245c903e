"""Networked tables: the game server, the client, and the SSH front door.

`protocol` defines every message and `checks` how each is checked on receipt
(docs/protocol.md describes them); `states` puts table states, the lobby and finished
games' records on the wire; `server` hosts many `TableHost`s behind its `lobby`
(players, tables, seats); `client` is the lobby client and `RemoteTable`, a
`TableClient` over the connection; `ssh` runs the game in a PTY for each SSH session.
"""

DEFAULT_PORT = 7744  # a game server's port unless told otherwise


def ws_url(host: str, port: int, scheme: str = "ws", path: str = "") -> str:
    """The URL of a game server at `host`:`port` (an IPv6 address goes in brackets)."""
    netloc = f"[{host}]" if ":" in host else host
    return f"{scheme}://{netloc}:{port}{path}"

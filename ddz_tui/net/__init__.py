"""Networked tables: the game server, the client, and the SSH front door.

`protocol` defines and checks every message (docs/protocol.md describes them);
`server` hosts many `TableHost`s behind a lobby; `client` is the lobby client and
`RemoteTable`, a `TableClient` over the connection; `ssh` runs one client per SSH
session in a PTY.
"""

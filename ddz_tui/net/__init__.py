"""Networked tables: the game server, the client, and the SSH front door.

`protocol` defines every message and `checks` how each is checked on receipt
(docs/protocol.md describes them); `states` puts table states, the lobby and finished
games' records on the wire; `server` hosts many `TableHost`s behind a lobby; `client`
is the lobby client and `RemoteTable`, a `TableClient` over the connection; `ssh`
runs the game in a PTY for each SSH session; `botclient` plays a seat with a bot
(for the benchmark and the tests).
"""

"""The client of a game server.

`lobby`: `LobbyClient`, a player's session (hello, the lobby's tables, reconnecting);
`remote`: `RemoteTable`, a seat there that the table screen plays; `dial`: the address
made a URL and the WebSocket opened; `tokens`: session tokens kept on disk; `errors`:
every way it fails, as a `NetError` with a message for the player.
"""

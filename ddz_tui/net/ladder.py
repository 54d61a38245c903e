"""The ladder on the wire (`leaderboard`, docs/protocol.md), both ways.

The server answers from its history (`records.ladder`); the client, which trusts no
server, reads the reply against its schema (`protocol.PUSHES`) and then against what a
ladder is: ranks from 1 that never go down, points that never go up, no more wins than
games. A reply that is not one is a broken message (ValueError).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from ddz_tui.net.protocol import PushType, dumps
from ddz_tui.records.ladder import Identity, Ladder, Period, Standing


def encode_standing(row: Standing) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "name": row.name,
        "who": row.identity.value,
        "points": row.points,
        "games": row.games,
        "wins": row.wins,
    }


def encode_ladder(ladder: Ladder, request_id: int | None) -> str:
    return dumps(
        {
            "type": PushType.LEADERBOARD.value,
            "id": request_id,
            "period": ladder.period.value,
            "rows": [encode_standing(row) for row in ladder.rows],
            "you": None if ladder.you is None else encode_standing(ladder.you),
        }
    )


def _standing(fields: Mapping[str, Any]) -> Standing:
    row = Standing(
        rank=fields["rank"],
        name=fields["name"],
        identity=Identity(fields["who"]),
        points=fields["points"],
        games=fields["games"],
        wins=fields["wins"],
    )
    if row.wins > row.games:
        raise ValueError("a ladder row with more wins than games")
    return row


def decode_ladder(args: Mapping[str, Any]) -> Ladder:
    """A checked `leaderboard` reply as a `Ladder`; ValueError when it is no ladder."""
    rows = tuple(_standing(row) for row in args["rows"])
    you = None if args["you"] is None else _standing(args["you"])
    for place, (above, below) in enumerate(itertools.pairwise(rows), start=2):
        tied = below.points == above.points
        if below.points > above.points or below.rank != (above.rank if tied else place):
            raise ValueError("a ladder out of order")
    if rows and rows[0].rank != 1:
        raise ValueError("a ladder that does not start at rank 1")
    if you is not None and rows and (you.points > rows[-1].points or you.rank < rows[-1].rank):
        raise ValueError("the asker's row is above the ladder's last")
    return Ladder(Period(args["period"]), rows, you)

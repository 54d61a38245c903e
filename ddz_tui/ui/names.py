"""How the app names things a player reads: bot levels, roles, ranks, bids."""

from __future__ import annotations

from ddz_tui.bots import Level
from ddz_tui.cards import DECK, JOKERS, format_rank
from ddz_tui.engine import Role
from ddz_tui.i18n import EN, t
from ddz_tui.table.seats import SeatInfo, SeatKind
from ddz_tui.ui.widgets.chips import face_rows

JOKER_CARDS = {card.rank: card for card in DECK if card.is_joker}


def level_name(level: Level | str) -> str:
    """ "Hard", "困难"; a level without a name of its own shows its code."""
    value = Level(level).value if isinstance(level, Level) else level
    key = f"ui.level.{value}"
    return t(key) if key in EN else value.capitalize()


def role_name(role: Role) -> str:
    return t(f"ui.role.{role.value}")


def rank_label(rank: str, ascii: bool = False) -> str:
    """A rank in a narrow column: `10`, `J`, `小` / `大` (or `BJ` / `RJ` in ASCII)."""
    if rank in JOKERS:
        return face_rows(JOKER_CARDS[rank], ascii)[0].strip()
    return format_rank(rank)


def bid_word(bid: int) -> str:
    """A bid as said at the table: "Pass", "2 points"."""
    return t("ui.bid.pass") if bid == 0 else t("ui.bid.points", n=bid)


def seat_mark(info: SeatInfo) -> str | None:
    """托管 when a bot plays for a person, away while their connection is down."""
    if info.takeover:
        return t("ui.seat.takeover")
    if info.kind is SeatKind.HUMAN and not info.connected:
        return t("ui.seat.away")
    return None

"""The normal bot reads an opponent's shown hand (明牌): it does not lead what the
shown hand goes out over, and it stops a shown hand that would go out next."""

from __future__ import annotations

from ddz_tui.bots import make_bot
from ddz_tui.engine import LandlordMode, PlayerView, Rules
from tests.support.scenes import scene

SHOWING = Rules(LandlordMode.RANDOM, showing=True)


def _scene(hand: str, landlord_holds: str, partner_holds: str, last: str | None = None):
    """Seat 1, a peasant, to act; the landlord (seat 0, just before it) holds
    `landlord_holds`, and its partner (seat 2) `partner_holds`. Returns the view with
    the landlord's hand shown and the same view without the show."""
    plain = scene(
        hand,
        landlord=0,
        seat=1,
        left={0: len(landlord_holds), 2: len(partner_holds)},
        unseen=landlord_holds + partner_holds,
        last=None if last is None else (0, last),
    )
    played = "".join(text for seat, text in plain.history if seat == 0)
    shown = PlayerView(
        1,
        plain.hand,
        0,
        plain.bottom,
        plain.history,
        rules=SHOWING,
        shows=((0, played + landlord_holds),),
    )
    assert sorted(c.rank for c in shown.shown_hands[0] or ()) == sorted(landlord_holds)
    return shown, plain


def _cards(view: PlayerView) -> str | None:
    play = make_bot("normal").choose(view)
    assert play is None or play in view.legal_plays
    return None if play is None else play.cards


def test_the_normal_bot_does_not_lead_a_single_a_shown_hand_goes_out_over() -> None:
    # The landlord's last two cards, K and 2, in the open: a single led is taken with
    # the 2, which nothing left beats, and the K goes out. Unseen, the two cards might be
    # a pair, so the normal bot leads its lowest single; seen, it leads the 9s.
    shown, plain = _scene("3599J", "K2", "4468TTQ")
    assert _cards(plain) == "3"
    assert _cards(shown) == "99"


def test_the_normal_bot_stops_a_shown_hand_that_would_go_out_next() -> None:
    # The landlord played 66 and holds AAA3, one play: if this seat passes, the partner
    # (5 and 8) cannot beat 66 and the landlord leads its last four cards. Unseen, the
    # normal bot keeps its kings; seen, it plays them.
    shown, plain = _scene("345679TJQKK", "AAA3", "58", last="66")
    assert _cards(plain) is None
    assert _cards(shown) == "KK"


def test_a_shown_hand_that_cannot_go_out_changes_nothing() -> None:
    # Three cards, K 7 2: after the 2 the landlord holds two singles, not one play.
    shown, plain = _scene("3599J", "7K2", "4468TT")
    assert _cards(shown) == _cards(plain) == "3"

"""The table as plain values (`table_show`): what each part of the table says, with
no terminal and no Pilot."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

from ddz_tui.cards import DECK, lowest_suits
from ddz_tui.engine import Factors, Game, LandlordMode, Rules
from ddz_tui.engine.game import REDEALS_BEFORE_LOT
from ddz_tui.sound.clips import Effect
from ddz_tui.table.seats import SeatInfo, SeatKind, TableState
from ddz_tui.ui.show.table import (
    Lane,
    SeatShow,
    TableShow,
    Tone,
    bid_first,
    raised_show,
    table_show,
)
from tests.support.rigging import rigged

RANKS_IN_ORDER = "3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR"
SEATS = (
    SeatInfo("Ann"),
    SeatInfo("Bo", SeatKind.BOT, "hard"),
    SeatInfo("Cy", SeatKind.BOT, "easy"),
)


def deal() -> Game:
    """Seat 0 holds the 3s to the 7s, seat 1 the 7s to the Js, seat 2 the rest but
    the bottom (a 2 and both jokers); seat 0 bids first."""
    d = RANKS_IN_ORDER
    return rigged([d[0:17], d[17:34], d[34:51]], d[51:], first=0)


def at(game: Game, seat: int = 0, **fields: object) -> TableState:
    return TableState(seat, SEATS, game.view(seat), **fields)  # type: ignore[arg-type]


def shown(game: Game, seat: int = 0, before: TableState | None = None, **fields) -> TableShow:
    return table_show(at(game, seat), before, None, **fields)


def landlord_zero() -> Game:
    """Seat 0 bid 1 and the others passed: seat 0 is the landlord and leads."""
    game = deal()
    game.bid(0, 1)
    game.bid(1, 0)
    game.bid(2, 0)
    return game


def test_the_module_draws_nothing_itself() -> None:
    """No Textual: the show is worked out without a terminal."""
    code = (
        "import sys, ddz_tui.ui.show.table\n"
        "sys.exit(any(name.split('.')[0] == 'textual' for name in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == 0


def test_status_line_through_the_bidding() -> None:
    game = deal()
    assert shown(game).status.startswith("Your bid: 1, 2 or 3 points")
    assert shown(game, seat=1).status == "Ann is bidding…"
    game.bid(0, 1)
    assert shown(game, seat=1).status.startswith("Bid more than 1 to be the landlord")
    assert shown(game).status == "Bo is bidding…"


def test_status_line_through_the_play() -> None:
    game = landlord_zero()
    assert shown(game).status == "Your lead: play any combination."
    assert shown(game, seat=1).status == "Ann to play."
    assert table_show(at(game, 1, thinking=0), None, None).status == "Ann is thinking…"
    game.play(0, "33")
    assert shown(game, seat=1).status == "Your turn: beat a pair of 3s from Ann, or pass (P)."
    game.pass_turn(1)
    assert shown(game, seat=2).status == "Your turn: beat a pair of 3s from Ann, or pass (P)."


def play_out(game: Game) -> TableState:
    """Seat 0, the landlord, plays its whole hand while the others pass; the state
    seat 1 saw just before the last card."""
    for play in ("3333", "4444", "5555", "6666", "BR", "7"):
        game.play(0, play)
        game.pass_turn(1)
        game.pass_turn(2)
    before = at(game, 1)
    game.play(0, "2")
    return before


def test_status_line_and_cues_when_the_game_is_over() -> None:
    game = landlord_zero()
    before = play_out(game)
    assert shown(game).status == "The landlord wins."
    assert shown(game, seat=1, before=before).cues == (Effect.PLAY, Effect.LOSE)
    assert not any(shown(game, seat=1).buttons.bids)


def test_seat_titles_name_bots_with_their_level_and_you_as_you() -> None:
    show = shown(deal())
    left, right = show.seats
    assert left.title == "Cy · Easy"  # seat 2 sits before seat 0
    assert right.title == "Bo · Hard"
    show = shown(deal(), seat=1)
    assert [seat.title for seat in show.seats] == ["Ann", "Cy · Easy"]
    assert show.me.startswith("You")


def test_seats_show_role_cards_left_turn_and_clock() -> None:
    game = deal()
    show = table_show(at(game, 1), None, 12)
    left, right = show.seats  # Ann (to bid), Cy
    assert left == SeatShow("Ann", None, 17, turn=True, clock=12)
    assert right == SeatShow("Cy · Easy", None, 17)
    game = landlord_zero()
    left, right = shown(game, seat=1).seats
    assert left.role is not None and left.role.value == "landlord" and left.cards_left == 20
    assert right.role is not None and right.role.value == "peasant"


def test_lanes_show_the_bids_then_the_trick() -> None:
    game = deal()
    game.bid(0, 1)
    game.bid(1, 0)
    show = shown(game, seat=2)  # left: Bo, right: Ann, mine: nothing yet
    assert show.lanes == (Lane(word="No bid", passed=True), Lane(word="Bid 1"), Lane())
    game.bid(2, 0)
    game.play(0, "33")
    game.pass_turn(1)
    left, right, mine = shown(game, seat=2).lanes
    assert left == Lane(word="Pass", passed=True)
    assert [card.rank for card in right.cards] == ["3", "3"] and not right.stale
    assert mine == Lane()


def test_an_earlier_play_of_the_trick_is_stale() -> None:
    game = landlord_zero()
    game.play(0, "3")
    game.play(1, "7")
    show = shown(game, seat=2)
    left, right, _ = show.lanes  # Bo played the 7 to beat; Ann's 3 is history
    assert not left.stale and [c.rank for c in left.cards] == ["7"]
    assert right.stale and [c.rank for c in right.cards] == ["3"]


def test_buttons_while_bidding_offer_only_the_legal_bids_on_your_turn() -> None:
    game = deal()
    game.bid(0, 2)
    buttons = shown(game, seat=1).buttons
    assert buttons.bidding and buttons.bids == (True, False, False, True)
    assert not (buttons.play or buttons.pass_turn or buttons.hint)
    assert shown(game, seat=2).buttons.bids == (False, False, False, False)


def test_buttons_while_playing() -> None:
    game = landlord_zero()
    hand = game.view(0).hand
    leading = shown(game).buttons
    assert not leading.bidding and leading.hint and not leading.pass_turn
    assert not leading.play  # nothing raised
    assert shown(game, selected=hand[:1]).buttons.play
    game.play(0, "3")
    following = shown(game, seat=1).buttons
    assert following.pass_turn and following.hint
    waiting = shown(game, seat=2).buttons
    assert not (waiting.play or waiting.pass_turn or waiting.hint)


def test_the_selection_in_words() -> None:
    game = landlord_zero()
    hand = game.view(0).hand
    assert shown(game).selection is None
    pair = shown(game, selected=lowest_suits("33", hand)).selection
    assert pair is not None and pair.valid and pair.text == "a pair of 3s"
    odd = shown(game, selected=lowest_suits("34", hand)).selection
    assert odd is not None and not odd.valid and odd.text == "not a play"


def test_raised_cards_alone_are_shown_as_the_whole_table_shows_them() -> None:
    """A raised card works out only what it changes (your line, Play), the same as the
    whole table has it: by the player to move and not, raised or not, by a spectator."""
    game = landlord_zero()
    hand = game.view(0).hand
    raised = [(), lowest_suits("33", hand), lowest_suits("34", hand), lowest_suits("3", hand)]
    for seat in (0, 1):
        for watching in (False, True):
            for selected in raised:
                state = at(game, seat, watching=watching)
                whole = table_show(state, None, None, selected).raised
                assert raised_show(state, selected) == whole, (seat, watching, selected)
    assert raised_show(at(game), raised[1]).play, "your lead, a pair raised: Play"
    assert not raised_show(at(game, 1), raised[1]).play, "not your turn: no Play"
    assert raised_show(at(game), raised[1]).me == "▶ You", "raised: your name alone"
    assert raised_show(at(game)).me == "▶ You · 地主 Landlord · 20 left"


def test_cues_deal_then_each_play_and_pass() -> None:
    game = landlord_zero()
    before = at(game)
    game.play(0, "3333")
    game.pass_turn(1)
    show = shown(game, before=before)
    assert show.cues == (Effect.BOMB, Effect.PASS)
    assert show.moved
    assert shown(game, before=at(game)).cues == ()
    assert not shown(game, before=at(game)).moved


def test_a_fresh_deal_sounds() -> None:
    assert shown(deal()).cues == (Effect.DEAL,)


def test_news_is_said_once_and_a_redeal_is_news() -> None:
    game = deal()
    first = at(game, notice="Bo left the table.")
    show = table_show(first, None, None)
    assert show.news is not None and show.news.text == "Bo left the table."
    assert show.news.tone is Tone.INFO
    assert table_show(replace(first), first, None).news is None
    game.bid(0, 0)
    game.bid(1, 0)
    before = at(game)
    game.bid(2, 0)  # nobody bid: dealt again
    show = table_show(at(game), before, None)
    assert show.news is not None and "dealt again" in show.news.text
    assert show.cues == (Effect.DEAL,)


def test_the_landlord_drawn_by_lot_after_three_redeals_is_news() -> None:
    game = Game(21)
    for _ in range(REDEALS_BEFORE_LOT * 3 - 1):
        assert game.turn is not None
        game.bid(game.turn, 0)
    before = at(game)
    assert game.turn is not None
    game.bid(game.turn, 0)  # nobody bid a third time: dealt again, the landlord by lot
    show = table_show(at(game), before, None)
    assert show.news is not None and show.news.tone is Tone.INFO
    assert show.news.text == (
        "Nobody took the landlord three deals in a row: the cards are dealt again and the "
        "landlord is drawn by lot."
    )
    later = at(game)
    assert table_show(later, later, None).news is None, "said once"


def test_a_landlord_drawn_by_lot_under_call_and_grab_is_not_waiting_for_a_call() -> None:
    """The top bar said `No call yet` through a whole game whose landlord was drawn by
    lot after three deals nobody called."""
    game = Game(21, rules=Rules(LandlordMode.GRAB))
    while game.landlord is None:
        assert game.turn is not None
        game.call(game.turn, False)
    assert shown(game).top.house == "Drawn by lot  Stake ×1"


def test_the_top_bar() -> None:
    game = deal()
    top = table_show(at(game, games=2, totals=(6, -3, -3)), None, None).top
    assert top.bottom == () and top.bid == 0 and top.multiplier is None
    assert top.session == "Games 2 · Score +6"
    game = landlord_zero()
    top = shown(game).top
    assert top.bid == 1 and top.multiplier == 1 and len(top.bottom) == 3


def test_a_deck_order_sanity_check() -> None:
    """The rigged deal holds every card once (the tests above lean on it)."""
    assert sorted(RANKS_IN_ORDER) == sorted(card.rank for card in DECK)


def test_a_seat_that_went_out_has_no_back_and_no_warning() -> None:
    out, last, two, three = (SeatShow("Bo", cards_left=n) for n in (0, 1, 2, 3))
    assert not out.backs and not out.low
    assert last.backs and last.low and two.low and not three.low


def test_your_line_gives_the_row_to_the_selection_while_cards_are_raised() -> None:
    game = landlord_zero()
    hand = game.view(0).hand
    assert shown(game).me == "▶ You · 地主 Landlord · 20 left"
    assert shown(game, selected=lowest_suits("3", hand)).me == "▶ You"


def test_keys_that_cannot_act_say_why() -> None:
    from ddz_tui.ui.show.table import bid_first, rank_missing

    game = deal()
    assert bid_first(at(game)).startswith("Bid first")
    assert bid_first(at(game, 1)) == (
        "Ann is bidding: the play starts once the landlord is chosen."
    )
    hand = game.view(0).hand
    assert rank_missing(hand, "3") == "No more 3s to raise."
    assert rank_missing(hand, "9") == "You have no 9s."
    assert rank_missing(hand, "B") == "You have no small jokers."


# --- house rules: 叫地主/抢地主, 明牌, 加倍 -------------------------------------------

HOUSE = Rules(LandlordMode.GRAB, doubling=True, showing=True)


def house_deal() -> Game:
    """The same cards as `deal`, under 叫地主/抢地主 with doubling and showing; seat 0
    is asked first."""
    d = RANKS_IN_ORDER
    return rigged([d[0:17], d[17:34], d[34:51]], d[51:], first=0, rules=HOUSE)


def test_each_yes_or_no_question_is_asked_with_its_stake_and_buttons() -> None:
    game = house_deal()
    show = shown(game)
    assert show.status == "Call the landlord (Y), or not (N)."
    assert (show.buttons.answer, show.buttons.answering) == ("call", True)
    assert shown(game, seat=1).status == "Ann is deciding whether to call the landlord…"
    assert not shown(game, seat=1).buttons.answering
    game.call(0, True)
    assert shown(game, seat=1).status == (
        "Ann called the landlord: grab it (Y, stake ×2) or not (N)."
    )
    assert shown(game, seat=1).buttons.answer == "grab"
    game.call(1, True)
    game.call(2, False)
    assert shown(game).status.startswith("Grab the landlord back (Y, stake ×2)")
    game.call(0, True)  # grabbed back: seat 0 is the landlord, and may show
    assert shown(game).status.startswith("Show your hand to everyone (Y, stake ×2)")
    assert shown(game).buttons.answer == "show"
    game.show(0, True)
    assert shown(game, seat=1).status.startswith("Double your stake against the landlord")
    game.double(1, True)
    game.double(2, False)
    show = shown(game)
    assert show.status.startswith("Redouble against every peasant (Y, ×2)")
    assert show.buttons.answer == "redouble"
    assert not show.buttons.bidding and not show.buttons.play


def test_the_answers_lie_in_the_lanes_and_mark_the_seats() -> None:
    game = house_deal()
    game.call(0, True)
    game.call(1, True)
    game.call(2, False)
    show = shown(game, seat=1)
    assert [lane.word for lane in show.lanes] == ["Call", "No grab", "Grab!"]
    assert all(seat.calling and seat.role is None for seat in show.seats)
    game.call(0, False)  # the first caller lets it go: seat 1 is the landlord
    game.show(1, True)
    game.double(2, True)
    show = shown(game)
    left, right = show.seats  # seat 2, seat 1
    assert left.doubled and not right.doubled and not right.calling
    assert right.shown == game.view(0).shown_hands[1] and len(right.shown or ()) == 20
    assert show.others_shown
    assert [lane.word for lane in show.lanes] == ["Double", "Shown", "No grab"]
    assert "Shown" not in shown(game, seat=1).me, "it would run into the buttons"
    assert not shown(game, seat=1).others_shown
    assert "Doubled" not in shown(game, seat=2).me, "your stake says it, between the seats"


def test_the_top_bar_and_the_house_rules_between_the_seats() -> None:
    game = house_deal()
    show = shown(game)
    assert show.top.house == "No call yet"
    assert show.house.splitlines() == ["Call & grab", "Doubling", "Show cards"]
    game.call(0, True)
    assert shown(game).top.house == "Called"
    game.call(1, True)
    assert shown(game).top.house == "Grabs 1"
    game.call(2, False)
    game.call(0, False)
    game.show(1, False)
    assert shown(game).top.house == "Grabs 1  Your stake ×2"
    assert shown(game, seat=1).top.house == "Grabs 1  Your stake ×4", "both peasants' ×2"
    game.double(2, True)
    game.double(0, False)
    game.double(1, True)
    assert shown(game, seat=2).top.house == "Grabs 1  Your stake ×8"
    assert shown(game, seat=0).top.house == "Grabs 1  Your stake ×4"
    assert shown(game, seat=1).top.house == "Grabs 1  Your stake ×12"
    assert shown(game).house.splitlines() == ["Call & grab", "Doubling", "Show cards"]
    plain = shown(deal())
    assert plain.top.house is None and plain.house == "" and not plain.others_shown


def test_the_house_rules_say_each_factor_set_otherwise_than_the_plain_games() -> None:
    """`ddz --rules double=3,bomb=4` (or a host's factors): the factor beside its rule,
    bombs, the rocket and the spring on lines of their own, the plain game's factors and
    those of a rule not in force unsaid."""
    d = RANKS_IN_ORDER
    hands, bottom = [d[0:17], d[17:34], d[34:51]], d[51:]

    def lines(rules: Rules) -> list[str]:
        return shown(rigged(hands, bottom, first=0, rules=rules)).house.splitlines()

    factors = Factors(grab=3, double=3, bomb=4, rocket=3, spring=4, show=2)
    assert lines(replace(HOUSE, factors=factors)) == [
        "Call & grab ×3",
        "Doubling ×3",
        "Show cards",
        "Bombs ×4",
        "Rocket ×3",
        "Spring ×4",
    ]
    assert lines(Rules(factors=Factors(double=3, show=4))) == [], "no doubling, no showing"
    assert lines(Rules(factors=Factors(rocket=4))) == ["Rocket ×4"]
    laizi = Rules(laizi=True, factors=Factors(bomb=4, soft_bomb=3, wild_bomb=5))
    assert lines(laizi) == ["Wildcards", "Hard bombs ×4", "Soft bombs ×3", "Wild bombs ×5"]
    assert lines(replace(HOUSE, laizi=True))[0] == "Wildcards", "first: a short table cuts the last"
    assert lines(HOUSE) == ["Call & grab", "Doubling", "Show cards"]


def test_one_stake_on_the_top_bar_under_doubling() -> None:
    """With doubling, the top bar says your own stake, what you win or lose, and
    nothing else does: not `Stake ×2` above while the middle says `Your stake ×8`
    (issue 34). Bidding with doubling says it too."""
    game = rigged(
        [RANKS_IN_ORDER[0:17], RANKS_IN_ORDER[17:34], RANKS_IN_ORDER[34:51]],
        RANKS_IN_ORDER[51:],
        first=0,
        rules=Rules(LandlordMode.BID, doubling=True),
    )
    assert shown(game).top.house is None, "the bids as the plain game says them"
    game.bid(0, 2)
    game.bid(1, 0)
    game.bid(2, 0)
    assert shown(game, seat=1).top.house == "Bid 2  Your stake ×2"
    game.double(1, True)
    game.double(2, False)
    game.double(0, True)
    assert shown(game, seat=1).top.house == "Bid 2  Your stake ×8"
    assert shown(game, seat=2).top.house == "Bid 2  Your stake ×4"
    assert shown(game, seat=0).top.house == "Bid 2  Your stake ×12"
    assert all("stake" not in shown(game, seat).house for seat in range(3))


def test_nobody_calling_is_news_and_play_keys_say_what_to_answer() -> None:
    game = house_deal()
    assert bid_first(at(game)) == "the landlord is not chosen yet: call the landlord or not first"
    assert bid_first(at(game, 1)) == "Ann is deciding whether to call the landlord…"
    for seat in (0, 1):
        game.call(seat, False)
    before = at(game, 0)
    game.call(2, False)  # nobody called: the cards are dealt again
    news = shown(game, before=before).news
    assert news is not None and news.text.startswith("Nobody called the landlord")
    assert shown(game, before=before).moved


def test_a_redeal_stays_news_while_the_others_decline() -> None:
    """The redeal's news lasts until someone calls (or bids) or you answer: it was gone
    the moment a bot declined first in the new deal, 0.6 s after it was said (issue 34)."""
    for rules in (HOUSE, Rules(LandlordMode.BID)):
        game = Game(4, rules=rules)
        while game.redeals == 0 or game.turn == 0:  # a redeal whose first answer is a bot's
            assert game.turn is not None
            if rules.landlord is LandlordMode.GRAB:
                game.call(game.turn, False)
            else:
                game.bid(game.turn, 0)
        for seat in (game.turn, (game.turn + 1) % 3):
            before = at(game)
            if seat == 0:
                break
            if rules.landlord is LandlordMode.GRAB:
                game.call(seat, False)
            else:
                game.bid(seat, 0)
            assert not shown(game, before=before).moved, "another seat only declined"
        before = at(game)
        assert game.turn == 0
        if rules.landlord is LandlordMode.GRAB:
            game.call(0, False)
        else:
            game.bid(0, 0)
        assert shown(game, before=before).moved, "you answered"


def test_a_call_or_a_bid_ends_the_news() -> None:
    game = house_deal()
    before = at(game, 1)
    game.call(0, True)
    assert shown(game, seat=1, before=before).moved
    game = deal()
    before = at(game, 1)
    game.bid(0, 1)
    assert shown(game, seat=1, before=before).moved


def test_the_trick_in_play_is_read_from_where_it_began() -> None:
    """`on_table` lays out only the trick in play: each seat's latest action since the
    last trick ended (a finished trick stays until the next lead), the play to beat
    marked, as a walk through the whole history says, at every turn of bot games with
    and without wilds."""
    from ddz_tui.bots import make_bot
    from ddz_tui.bots.runner import step
    from ddz_tui.engine import Phase
    from ddz_tui.engine.trick import LEAD, tricks, tricks_of_readings
    from ddz_tui.ui.show.reading import Shown, laid_out, on_table

    def whole_history(view) -> dict[int, Shown]:  # type: ignore[no-untyped-def]
        if view.wild is None:
            after = tricks(view.history)
        else:
            seats = (seat for seat, _ in view.history)
            after = tricks_of_readings(zip(seats, view.readings, strict=True))
        shown: dict[int, Shown] = {}
        trick = LEAD
        for index, (seat, _) in enumerate(view.history):
            if trick.ended:
                shown = {}
            reading = view.readings[index] if view.readings else None
            laid, stands = laid_out(view.history_cards[index], reading)
            shown[seat] = Shown(cards=laid, stands=stands)
            trick = next(after)
        if trick.last_play is not None:
            seat = trick.last_play[0]
            shown[seat] = replace(shown[seat], to_beat=True)
        return shown

    compared = 0
    for seed, rules in ((1, Rules()), (2, Rules()), (3, Rules(laizi=True)), (4, Rules(laizi=True))):
        game = Game(seed=seed, rules=rules)
        bots = [make_bot("normal", seat) for seat in range(3)]
        while game.phase is not Phase.OVER:
            for seat in range(3):
                view = game.view(seat)
                if view.history:
                    assert on_table(view) == whole_history(view)
                    compared += 1
            step(game, bots)
    assert compared > 100

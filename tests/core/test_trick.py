"""The trick rule, `engine.trick`: two passes end the trick and its winner leads.

Checked against the game itself, step by step over random runs of plays and passes,
in every form the rule is read in: the whole history (`trick_of`), step by step
(`Trick.after`, `tricks`), by seats (`ends_trick`, as the bots' searches use it).
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_tui.bots.deal import Deal
from ddz_tui.cards import ranks_of
from ddz_tui.engine import Game, LandlordMode, Phase, TrickWon
from ddz_tui.engine.trick import LEAD, PASSES_TO_END, Trick, ends_trick, trick_of, tricks
from ddz_tui.moves import pack
from ddz_tui.rules import BY_CARDS, Combo, classify


def _combo(ranks: str) -> Combo:
    combo = classify(ranks)
    assert combo is not None
    return combo


def test_a_play_is_to_beat_until_two_passes_end_the_trick() -> None:
    seven, eight = _combo("7"), _combo("8")
    assert Trick() == LEAD and LEAD.to_beat is None and LEAD.last_play is None
    trick = LEAD.after(0, seven)
    assert trick == Trick(seven, 0) and trick.last_play == (0, seven) and trick.leader is None
    trick = trick.after(1, eight)
    assert trick == Trick(eight, 1)
    trick = trick.after(2, None)
    assert trick == Trick(eight, 1, passes=1) and not trick.ended
    trick = trick.after(0, None)
    assert trick == Trick(None, 1, 0, ended=True)
    assert trick.leader == 1 and trick.to_beat is None and trick.last_play is None
    assert trick.after(1, seven) == Trick(seven, 1)
    assert PASSES_TO_END == 2


def test_a_trick_is_a_frozen_value() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        LEAD.passes = 1  # type: ignore[misc]


def test_the_history_forms_read_ranks_as_the_game_records_them() -> None:
    history = [(0, "33"), (1, "55"), (2, ""), (0, ""), (1, "7")]
    steps = list(tricks(history))
    assert [t.ended for t in steps] == [False, False, False, True, False]
    assert steps[3].leader == 1
    assert trick_of(history) == steps[-1] == Trick(BY_CARDS["7"], 1)
    assert trick_of([]) == LEAD


def test_a_pass_ends_the_trick_by_seats_when_the_next_seat_made_the_play() -> None:
    assert [ends_trick(seat, 0) for seat in range(3)] == [False, False, True]
    assert [ends_trick(seat, 1) for seat in range(3)] == [True, False, False]


def _old_trick(history: list[tuple[int, str]]) -> tuple[tuple[int, Combo] | None, int]:
    """How views read the trick before `engine.trick` (kept here as the oracle)."""
    last: tuple[int, Combo] | None = None
    passes = 0
    for seat, text in history:
        if text:
            last, passes = (seat, BY_CARDS[text]), 0
        else:
            passes += 1
            if passes == 2:
                last, passes = None, 0
    return last, passes


_RANKS = ("3", "44", "555", "2", "BR", "7777", "34567")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.sampled_from(("", "", *_RANKS))), max_size=30))
def test_any_history_reads_as_it_did_before(history: list[tuple[int, str]]) -> None:
    """Even histories no game makes (seats out of turn, passes with nothing to beat)."""
    trick = trick_of(history)
    assert (trick.last_play, trick.passes) == _old_trick(history)
    for end, step in enumerate(tricks(history), start=1):
        assert step == trick_of(history[:end])


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32), st.data())
def test_every_form_agrees_with_the_game_step_by_step(seed: int, data: st.DataObject) -> None:
    game = Game(seed, LandlordMode.RANDOM)
    assert game.phase is Phase.PLAYING
    trick = LEAD
    deal = Deal(
        tuple(pack(ranks_of(game.hand(s))) for s in range(3)),  # type: ignore[arg-type]
        game.landlord or 0,
        game.turn or 0,
    )
    while game.phase is Phase.PLAYING:
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        moves: list[Combo | None] = list(view.legal_plays)
        if game.to_beat is not None:
            moves.append(None)
        move = data.draw(st.sampled_from(moves))
        last = trick.last_play
        events = game.play(seat, move) if move is not None else game.pass_turn(seat)
        won = [e.seat for e in events if isinstance(e, TrickWon)]
        trick = trick.after(seat, move)
        if move is None:
            assert last is not None
            assert ends_trick(seat, last[0]) == bool(won)
        assert trick.leader == (won[0] if won else None)
        assert trick.to_beat == game.to_beat
        assert trick == trick_of((*view.history, (seat, move.cards if move else "")))
        assert trick == game.view(seat).trick == game.view((seat + 1) % 3).trick
        if game.phase is Phase.PLAYING:
            deal = deal.after(move)
            assert (deal.turn, deal.to_beat) == (game.turn, game.to_beat)
            if trick.to_beat is not None:
                assert deal.last == trick.by

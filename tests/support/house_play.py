"""Test scaffolding: random games under any house rules, decided from views alone.

A tiny random actor for the engine's tests (the bots learn calling, grabbing, showing
and doubling in a later stage): every decision is a coin toss or a random legal play.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from ddz_tui.engine import Decision, Game, LandlordMode, Phase, PlayerView, Result, Rules

ALL_RULES = tuple(
    Rules(mode, doubling, showing)
    for mode, doubling, showing in itertools.product(LandlordMode, (False, True), (False, True))
)
"""Every landlord mode with and without doubling and showing (12 sets)."""

MAX_ACTIONS = 2_000
"""More actions than any game takes (54 cards, redeals are rare): a hard loop bound."""


def act(game: Game, rng: random.Random) -> None:
    """The seat whose turn it is makes a random legal decision, seen through its view."""
    seat = game.turn
    assert seat is not None
    view = game.view(seat)
    decision = view.decision
    if decision is Decision.BID:
        game.bid(seat, rng.choice(view.legal_bids))
    elif decision is Decision.CALL or decision is Decision.GRAB:
        game.call(seat, rng.random() < 0.5)
    elif decision is Decision.SHOW:
        game.show(seat, rng.random() < 0.5)
    elif decision is Decision.SHOW_START:
        game.show_start(seat, rng.random() < 0.3)
    elif decision is Decision.DOUBLE:
        game.double(seat, rng.random() < 0.5)
    else:
        assert decision is Decision.PLAY
        _play(game, view, rng)


def _play(game: Game, view: PlayerView, rng: random.Random) -> None:
    plays = view.legal_plays
    pick = rng.randrange(len(plays) + (not view.leads))
    if pick == len(plays):
        game.pass_turn(view.seat)
    else:
        game.play(view.seat, plays[pick])


def states(game: Game, seed: int) -> Iterator[Game]:
    """The game after the deal and after each random action, until it is over."""
    rng = random.Random(seed)
    yield game
    for _ in range(MAX_ACTIONS):
        if game.phase is Phase.OVER:
            return
        act(game, rng)
        yield game
    raise AssertionError("the game did not end")


def play_random(game: Game, seed: int) -> Result:
    """Play the game out with random decisions; its result."""
    for _ in states(game, seed):
        pass
    assert game.result is not None
    return game.result


def random_game(seed: int, rules: Rules) -> Game:
    game = Game(seed, rules=rules)
    play_random(game, seed * 7 + 1)
    return game


def played_out(seed: int, rules: Rules, deck: tuple[int, ...] | None = None) -> Game:
    """A game (dealt from `deck`, if given) played to the end by picking among each
    seat's `legal_actions` at random: every mode's actions, wild readings included."""
    game = Game(seed, rules=rules, deck=deck)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if game.phase is Phase.OVER:
            return game
        seat = game.turn
        assert seat is not None
        game.act(seat, rng.choice(game.view(seat).legal_actions()))
    raise AssertionError("the game did not end")


def public_view(view: PlayerView, cards: bool = True) -> PlayerView:
    """The view rebuilt from its public facts alone (its hand as cards, or as ranks),
    every house rule's included: what a view from the network or a replay is built of."""
    return PlayerView(
        view.seat,
        view.hand if cards else view.hand_ranks,
        view.landlord,
        view.bottom,
        [(s, text) for s, text in view.history],
        view.bids,
        first_bidder=view.first_bidder,
        history_cards=view.history_cards if cards else (),
        rules=view.rules,
        calls=list(view.calls),
        shows=list(view.shows),
        doubles=list(view.doubles),
        super_doubles=view.super_doubles,
        wild=view.wild,
        readings=view.readings,
        start_shows=view.start_shows,
    )

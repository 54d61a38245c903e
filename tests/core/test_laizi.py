"""癞子 (wildcards) in the engine: the wild rank drawn after the bottom and kept in the
record, private before that, plays with wilds and their readings accepted or refused
with reasons, the bombs' order at the table, their scoring by class, records read as
hostile input, replays, and random games played to the end from `legal_actions`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ddz_tui.cards import lowest_suits
from ddz_tui.engine import (
    PASS,
    Factors,
    Game,
    IllegalAction,
    IllegalReason,
    LandlordChosen,
    Multiplier,
    PartKind,
    Play,
    Played,
    PlayerView,
    Rules,
    Side,
    dumps,
    loads,
    parse_rules,
    rules_spec,
)
from ddz_tui.engine.events import RECORD_VERSION, WildDrawn, event_from_dict, event_to_dict
from ddz_tui.engine.replay import frames
from ddz_tui.records.store import _bombs_by_seat
from ddz_tui.wild import WILD_RANKS, BombClass, readings, wild_plays
from tests.support.house_play import played_out, public_view
from tests.support.rigging import rigged

LAIZI = Rules(laizi=True)


def _table(hands: list[str], bottom: str, wild: str, rules: Rules = LAIZI) -> Game:
    """A 癞子 game on a chosen deal: seat 0 bids 3 and leads; `wild` is the wild rank
    (put in place of the one drawn, so the game does not replay from its seed)."""
    game = rigged(hands, bottom, first=0, rules=rules)
    game.bid(0, 3)
    assert isinstance(game.events[-1], WildDrawn)
    game._wild = wild
    game._events[-1] = WildDrawn(wild)
    game._standing = None
    return game


def _random_game(seed: int, rules: Rules = LAIZI) -> Game:
    return played_out(seed, rules)


def _refused(game: Game, seat: int, action: Play) -> IllegalAction:
    before = game.events
    with pytest.raises(IllegalAction) as refused:
        game.act(seat, action)
    assert game.events == before  # a refusal changes nothing
    return refused.value


# --- the rule ------------------------------------------------------------------------


def test_laizi_is_a_rule_written_only_when_on_with_its_factors() -> None:
    assert "laizi" not in Rules().to_dict()
    assert LAIZI.to_dict()["laizi"] is True
    assert Rules.from_dict(LAIZI.to_dict()) == LAIZI
    with pytest.raises(ValueError, match="only when on"):
        Rules.from_dict({**Rules().to_dict(), "laizi": False})
    assert parse_rules("laizi") == LAIZI and rules_spec(LAIZI) == "bid,laizi"
    soft = parse_rules("soft_bomb=3,wild_bomb=5")  # 癞子's factors switch it on
    assert soft.laizi and (soft.factors.soft_bomb, soft.factors.wild_bomb) == (3, 5)
    assert parse_rules(rules_spec(soft)) == soft and Rules.from_dict(soft.to_dict()) == soft
    assert "soft_bomb" not in LAIZI.to_dict()["factors"]  # defaults are not written
    with pytest.raises(ValueError, match="need 'laizi'"):
        Rules(factors=Factors(soft_bomb=3))
    assert LAIZI.extended and not LAIZI.plain


# --- the draw and privacy ----------------------------------------------------------------


def test_the_wild_rank_is_drawn_after_the_bottom_and_kept_in_the_record() -> None:
    drawn = set()
    for seed in range(40):
        game = Game(seed, rules=LAIZI)
        while game.landlord is None:
            assert game.wild is None
            assert all(game.view(seat).wild is None for seat in range(3))
            assert not any(isinstance(e, WildDrawn) for e in game.events)
            game.bid(game.turn, 3 if seed % 2 else 0)
        events = game.events
        at = next(i for i, e in enumerate(events) if isinstance(e, LandlordChosen))
        assert events[at + 1] == WildDrawn(game.wild)  # right after the bottom is taken
        assert game.wild in WILD_RANKS  # never a joker
        assert all(game.view(seat).wild == game.wild for seat in range(3))  # public
        assert Game.replay(loads(dumps(events))).wild == game.wild  # from the seed
        drawn.add(game.wild)
    assert len(drawn) >= 8  # drawn, not fixed


def test_a_game_without_the_rule_draws_no_wild() -> None:
    game = _random_game(5, Rules())
    assert game.wild is None and not any(isinstance(e, WildDrawn) for e in game.events)
    assert game.view(0).wild is None and game.view(0).readings == ()


def test_a_view_before_the_draw_holds_no_wild_rank() -> None:
    game = Game(11, rules=LAIZI)
    for seat in range(3):
        view = game.view(seat)
        assert view.wild is None and view.readings == () and view.wild_plays == []
    # a view built from facts may not claim a wild rank before there is a landlord
    with pytest.raises(ValueError, match="wild rank"):
        PlayerView(0, "3", None, "", (), rules=LAIZI, wild="7")
    with pytest.raises(ValueError, match="wild rank"):
        PlayerView(0, "3", 0, "456", (), rules=Rules(), wild="7")


# --- plays and readings ------------------------------------------------------------------

# 9s wild. Seat 0 (the landlord) holds 777 and 88 with two wilds, and the hard bomb
# 3333; seat 1 no bomb; seat 2 88 and two wilds (a soft bomb of 8s).
PLAYS_DEAL = ["3333777889945TJQA", "4445556667TTJJKKA", "68899TJQQKAA222BR"], "QK2"

# 9s wild. Seat 0 holds the four wilds and 888; seat 1 the hard bombs 3333 and 4444;
# seat 2 the rocket.
BOMBS_DEAL = ["5678889999TJQKA22", "33334444556677TTJ", "5678TJJQQKKAA22BR"], "QKA"


def _cards(game: Game, seat: int, ranks: str) -> tuple:
    """The lowest suits of these ranks in the seat's hand."""
    return lowest_suits(ranks, game.hand(seat))


def test_cards_read_several_ways_need_a_reading_and_the_game_never_picks_one() -> None:
    game = _table(*PLAYS_DEAL, wild="9")
    cards = _cards(game, 0, "7779")
    refused = _refused(game, 0, Play(cards))
    assert refused.reason is IllegalReason.CHOOSE_READING
    assert "2 ways" in refused.message
    trio = next(r for r in readings("7779", "9") if r.bomb is None)  # trio with a single
    played = game.act(0, Play(cards, trio))[0]
    assert isinstance(played, Played) and played.wilds == "9" and played.ranks == "7779"
    view = game.view(1)
    assert view.to_beat == trio.combo and view.trick.reading == trio
    assert view.history[-1] == (0, "7779") and view.readings[-1] == trio


def test_cards_read_one_way_are_taken_as_they_read() -> None:
    game = _table(*PLAYS_DEAL, wild="9")
    played = game.act(0, Play(_cards(game, 0, "79")))[0]
    assert isinstance(played, Played) and played.wilds == "7"  # a pair of 7s
    assert game.to_beat is not None and game.to_beat.cards == "77"


def test_a_reading_may_be_given_as_a_record_writes_it() -> None:
    game = _table(*PLAYS_DEAL, wild="9")
    game.play(0, _cards(game, 0, "7779"), "7")  # the soft bomb of 7s
    assert game.multiplier.soft_bombs == 1
    assert game.view(1).trick.reading == readings("7779", "9")[0]


def test_only_the_reading_that_beats_is_taken_when_following() -> None:
    game = _table(*PLAYS_DEAL, wild="9")
    game.act(0, Play(_cards(game, 0, "4")))
    game.act(1, PASS)
    game.act(2, Play(_cards(game, 2, "2")))
    # 7 7 7 9 reads as a bomb or a trio with a single: only the bomb beats a 2
    played = game.act(0, Play(_cards(game, 0, "7779")))[0]
    assert isinstance(played, Played) and played.wilds == "7"
    assert game.multiplier.soft_bombs == 1 and game.multiplier.bombs == 0


@pytest.mark.parametrize(
    ("cards", "reading", "reason"),
    [
        ("33334", None, IllegalReason.INVALID_COMBINATION),  # four with one: no play
        ("7779", readings("7779", "8")[0], IllegalReason.NOT_A_READING),  # another wild rank
        ("7779", readings("3339", "9")[0], IllegalReason.NOT_A_READING),  # other cards
        ("79", readings("88", "9")[0], IllegalReason.NOT_A_READING),  # a natural pair
        ("7779", "2", IllegalReason.NOT_A_READING),  # a wild as a 2: no play
        ("88", "8", IllegalReason.NOT_A_READING),  # no wild in the cards
    ],
)
def test_plays_with_wilds_are_refused_with_a_reason(cards, reading, reason) -> None:
    game = _table(*PLAYS_DEAL, wild="9")
    before = game.events
    with pytest.raises(IllegalAction) as refused:
        if isinstance(reading, str):
            game.play(0, _cards(game, 0, cards), reading)
        else:
            game.act(0, Play(_cards(game, 0, cards), reading))
    assert refused.value.reason is reason and game.events == before


def test_a_soft_bomb_does_not_beat_a_hard_bomb_of_a_lower_rank() -> None:
    game = _table(*PLAYS_DEAL, wild="9")
    game.act(0, Play(_cards(game, 0, "3333")))  # the hard bomb of 3s
    game.act(1, PASS)
    assert all(r.bomb is None or r.bomb is BombClass.ROCKET for r in game.view(2).wild_plays)
    refused = _refused(game, 2, Play(_cards(game, 2, "8899")))  # a soft bomb of 8s
    assert refused.reason is IllegalReason.NOT_STRONGER


def test_a_classic_game_refuses_a_reading() -> None:
    game = rigged(*PLAYS_DEAL, first=0)
    game.bid(0, 3)
    refused = _refused(game, 0, Play(_cards(game, 0, "77"), readings("77", "9")[0]))
    assert refused.reason is IllegalReason.NOT_A_READING


def test_legal_actions_offer_every_play_with_its_reading() -> None:
    game = _table(*PLAYS_DEAL, wild="9")
    view = game.view(0)
    actions = view.legal_actions()
    assert len(actions) == len(view.wild_plays) == len(wild_plays(view.hand, "9"))
    assert all(isinstance(a, Play) and a.reading in view.wild_plays for a in actions)
    both = {a.reading for a in actions if isinstance(a, Play) and a.reading.cards == "7779"}
    assert both == set(readings("7779", "9"))  # each reading of the same cards offered
    # the classic list holds the plays that take no wild, each its cards as they read
    assert view.legal_plays and all("9" not in combo.cards for combo in view.legal_plays)


# --- the bombs at the table ---------------------------------------------------------------


def test_a_hard_bomb_beats_a_soft_one_of_a_higher_rank_and_the_rocket_beats_it() -> None:
    game = _table(*BOMBS_DEAL, wild="9")
    game.play(0, _cards(game, 0, "8889"), "8")  # a soft bomb of 8s
    hard = readings("3333", "9")[0]
    assert hard.bomb is BombClass.HARD and hard in game.view(1).wild_plays
    game.act(1, game.view(1).play_of(hard))
    view = game.view(2)
    assert [r.bomb for r in view.wild_plays] == [BombClass.ROCKET]
    game.act(2, view.play_of(view.wild_plays[0]))
    assert game.view(0).legal_actions() == (PASS,)  # nothing beats the rocket
    m = game.multiplier
    assert (m.bombs, m.soft_bombs, m.wild_bombs, m.rocket) == (1, 1, 0, True)


def test_the_four_wilds_beat_a_hard_bomb_and_lose_to_the_rocket() -> None:
    game = _table(*BOMBS_DEAL, wild="9")
    game.act(0, Play(_cards(game, 0, "5")))
    game.act(1, Play(_cards(game, 1, "3333")))  # a hard bomb of 3s
    game.act(2, PASS)
    refused = _refused(game, 0, Play(_cards(game, 0, "8889"), readings("8889", "9")[0]))
    assert refused.reason is IllegalReason.NOT_STRONGER  # soft below hard
    four = readings("9999", "9")[0]
    assert four.bomb is BombClass.WILD and four in game.view(0).wild_plays
    game.act(0, game.view(0).play_of(four))
    assert game.view(1).legal_actions() == (PASS,)
    refused = _refused(game, 1, Play(_cards(game, 1, "4444")))
    assert refused.reason is IllegalReason.NOT_STRONGER  # hard below the four wilds
    game.act(1, PASS)
    rocket = game.view(2).wild_plays
    assert [r.bomb for r in rocket] == [BombClass.ROCKET]
    game.act(2, game.view(2).play_of(rocket[0]))
    m = game.multiplier
    assert (m.bombs, m.soft_bombs, m.wild_bombs, m.rocket) == (1, 0, 1, True)
    assert all(game.view(seat).multiplier == m for seat in range(3))  # views count alike


# --- the stake -----------------------------------------------------------------------------


def test_each_bomb_class_multiplies_the_stake_by_its_own_factor() -> None:
    factors = Factors(bomb=3, rocket=2, soft_bomb=2, wild_bomb=5)
    m = Multiplier(1, bombs=1, rocket=True, soft_bombs=2, wild_bombs=1, factors=factors)
    assert m.total == 3 * 2 * 2**2 * 5
    assert m.doublings == 5
    kinds = {part.kind: (part.count, part.factor) for part in m.parts()}
    assert kinds[PartKind.BOMBS] == (1, 3)
    assert kinds[PartKind.SOFT_BOMBS] == (2, 4)
    assert kinds[PartKind.WILD_BOMBS] == (1, 5)
    assert kinds[PartKind.ROCKET] == (1, 2)
    # each seat's stake is capped (封顶) as ever
    capped = Multiplier(3, soft_bombs=3, wild_bombs=1, factors=factors, cap=32)
    assert capped.total == 3 * 8 * 5 and capped.stakes(0) == (64, 32, 32)


def test_a_game_scores_its_bombs_by_class_and_the_cap() -> None:
    rules = Rules(laizi=True, factors=Factors(soft_bomb=3, wild_bomb=5), cap=32)
    game = _table(*PLAYS_DEAL, wild="9", rules=rules)
    game.play(0, _cards(game, 0, "7779"), "7")  # soft ×3
    game.act(1, PASS)
    game.act(2, Play(_cards(game, 2, "8899")))  # a higher soft bomb ×3
    assert game.multiplier.total == 3 * 3 * 3 and game.multiplier.stakes(0) == (54, 27, 27)
    game.act(0, Play(_cards(game, 0, "3333")))  # hard ×2
    m = game.multiplier
    assert (m.bombs, m.soft_bombs, m.total) == (1, 2, 3 * 3 * 3 * 2)
    assert m.stakes(0) == (64, 32, 32) and m.capped(1, 0)  # each peasant's capped at 32
    parts = {p.kind: p.factor for p in m.parts()}
    assert parts[PartKind.SOFT_BOMBS] == 9 and parts[PartKind.BOMBS] == 2

    game = _table(*BOMBS_DEAL, wild="9", rules=rules)
    game.act(0, Play(_cards(game, 0, "5")))
    game.act(1, Play(_cards(game, 1, "3333")))  # hard ×2
    game.act(2, PASS)
    game.act(0, Play(_cards(game, 0, "9999")))  # the four wilds ×5
    assert game.multiplier.total == 3 * 2 * 5 and game.multiplier.stakes(0) == (60, 30, 30)
    assert {p.kind: p.factor for p in game.multiplier.parts()}[PartKind.WILD_BOMBS] == 5


# --- records and replays -------------------------------------------------------------------


def _with_wilds(seed: int = 0) -> tuple[Game, int]:
    """A random 癞子 game and the index of its first play holding wilds."""
    for tried in range(seed, seed + 50):
        game = _random_game(tried)
        for at, event in enumerate(game.events):
            if isinstance(event, Played) and event.wilds:
                return game, at
    raise AssertionError("no game with a wild played")


def test_a_laizi_game_is_a_version_8_record_that_replays_exactly() -> None:
    game, at = _with_wilds()
    lines = dumps(game.events).splitlines()
    started = json.loads(lines[0])
    assert started["version"] == 8 <= RECORD_VERSION and started["rules"]["laizi"] is True
    assert json.loads(lines[at])["wilds"] == game.events[at].wilds
    assert "wilds" not in json.loads(dumps([Played(0, (0,))]))  # written only with wilds
    back = loads(dumps(game.events))
    assert back == list(game.events)
    again = Game.replay(back)
    assert again.events == game.events and again.result == game.result
    assert again.wild == game.wild and again.view(0).readings == game.view(0).readings
    steps = frames(back)
    assert steps[-1].result == game.result and steps[-1].wild == game.wild
    assert steps[0].wild is None  # the deal: no wild rank yet
    assert steps[-1].readings == game.view(0).readings


def _broken(game: Game, at: int, change) -> str:
    lines = [json.loads(line) for line in dumps(game.events).splitlines()]
    change(lines, at)
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def _not_a_reading(lines: list, at: int) -> None:
    """The wilds as ranks that no reading of the cards gives them."""
    event = lines[at]
    wild = next(e["rank"] for e in lines if e["event"] == "wild_drawn")
    known = {r.wilds for r in readings(event["ranks"], wild)}
    size = len(event["wilds"])
    event["wilds"] = next(r * size for r in WILD_RANKS if r * size not in known)


def _natural_given_wilds(lines: list, at: int) -> None:
    """A reading for a play that holds no wild."""
    wild = lines[_drawn_at(lines)]["rank"]
    plain = next(e for e in lines if e["event"] == "played" and wild not in e["ranks"])
    plain["wilds"] = "3"


def _drawn_at(lines: list) -> int:
    return next(i for i, e in enumerate(lines) if e["event"] == "wild_drawn")


@pytest.mark.parametrize(
    "change",
    [
        _not_a_reading,
        lambda lines, at: lines[at].pop("wilds"),  # a play with wilds, its reading dropped
        _natural_given_wilds,
        lambda lines, at: lines[_drawn_at(lines)].update(
            rank=WILD_RANKS[(WILD_RANKS.index(lines[_drawn_at(lines)]["rank"]) + 1) % 13]
        ),
        lambda lines, at: lines.pop(_drawn_at(lines)),  # the draw left out
        lambda lines, at: lines.insert(_drawn_at(lines), dict(lines[_drawn_at(lines)])),
        lambda lines, at: lines[0].update(version=7),  # 癞子 in a version 7 record
    ],
)
def test_a_record_with_a_hostile_reading_or_draw_is_refused(change) -> None:
    game, at = _with_wilds()
    text = _broken(game, at, change)
    with pytest.raises(ValueError):
        Game.replay(loads(text))


@pytest.mark.parametrize(
    "line",
    [
        {"event": "wild_drawn", "rank": "B"},  # a joker is never wild
        {"event": "wild_drawn", "rank": "77"},
        {"event": "wild_drawn", "rank": 7},
        {"event": "wild_drawn"},
        {"event": "played", "seat": 0, "cards": [0], "wilds": "X"},
        {"event": "played", "seat": 0, "cards": [0], "wilds": "77777"},
        {"event": "played", "seat": 0, "cards": [0], "wilds": "97"},  # not low to high
        {"event": "played", "seat": 0, "cards": [0], "wilds": 7},
        {"event": "played", "seat": 0, "cards": [0], "wilds": ["7"]},
    ],
)
def test_a_hostile_wild_event_is_refused_as_it_is_read(line: dict) -> None:
    with pytest.raises(ValueError):
        event_from_dict(line)


def test_a_plain_record_may_not_hold_a_wild_draw_nor_a_reading() -> None:
    game = _random_game(2, Rules())
    lines = dumps(game.events).splitlines()
    at = next(i for i, line in enumerate(lines) if '"landlord"' in line and "bottom" in line)
    drawn = json.dumps(event_to_dict(WildDrawn("7")))
    with pytest.raises(ValueError):
        Game.replay(loads("\n".join([*lines[: at + 1], drawn, *lines[at + 1 :]])))
    first = next(i for i, line in enumerate(lines) if '"played"' in line)
    lines[first] = json.dumps({**json.loads(lines[first]), "wilds": "3"})
    with pytest.raises(ValueError):
        Game.replay(loads("\n".join(lines)))


def test_random_laizi_games_end_with_a_valid_result_and_replay_identically() -> None:
    wild_plays_seen = bombs = 0
    for seed in range(30):
        game = _random_game(seed)
        result = game.result
        assert result is not None and sum(result.scores) == 0
        assert not game.hand(result.seat) and (result.seat == game.landlord) == (
            result.side is Side.LANDLORD
        )
        assert game.wild in WILD_RANKS
        views = [game.view(seat) for seat in range(3)]
        assert all(view.multiplier == game.multiplier for view in views)
        # a view built from the public facts alone works out the same trick and stake
        facts = views[0]
        rebuilt = public_view(facts)
        assert rebuilt.multiplier == facts.multiplier and rebuilt.trick == facts.trick
        wild_plays_seen += sum(isinstance(e, Played) and bool(e.wilds) for e in game.events)
        m = game.multiplier
        bombs += m.soft_bombs + m.wild_bombs
        replayed = Game.replay(loads(dumps(game.events)))
        assert replayed.events == game.events and replayed.result == result
    assert wild_plays_seen and bombs  # the games did play wilds and bombs made with them


def test_a_view_from_facts_refuses_a_reading_that_is_not_one() -> None:
    game, _ = _with_wilds()
    view = game.view(0)
    bad = list(view.readings)
    at = next(i for i, r in enumerate(bad) if r is not None)
    bad[at] = readings("3333", "3" if view.wild != "3" else "4")[0]
    with pytest.raises(ValueError):
        PlayerView(
            0, view.hand, view.landlord, view.bottom, view.history, view.bids,
            view.first_bidder, rules=view.rules, wild=view.wild, readings=tuple(bad),
        )  # fmt: skip
    with pytest.raises(ValueError, match="a reading for each play"):
        PlayerView(
            0, view.hand, view.landlord, view.bottom, view.history, view.bids,
            view.first_bidder, rules=view.rules, wild=view.wild,
        )  # fmt: skip


def test_a_version_8_record_kept_in_the_tests_replays_unchanged() -> None:
    """Written by this engine (seed 7, random choices among legal actions): read,
    replayed and written back byte for byte, so a later version still reads it."""
    text = (Path(__file__).parent / "records" / "v8_laizi.jsonl").read_text(encoding="utf-8")
    events = loads(text)
    assert dumps(events) == text
    game = Game.replay(events)
    assert game.events == tuple(events) and game.wild == "3" and game.landlord == 1
    m = game.multiplier
    assert (m.base, m.bombs, m.soft_bombs, m.wild_bombs, m.rocket) == (3, 1, 1, 0, False)
    assert game.result is not None and game.result.scores == (-12, 24, -12)
    assert _bombs_by_seat(events) == [1, 1, 0]  # the store counts the soft bomb too

"""What the table shows, as plain values: worked out from the state a seat sees,
the state shown before it and the turn clock, with no widget in sight. The table
screen and the replay screen both draw what `table_show` returns, so the two
lay the table out alike, and every line of it can be tested without a terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from ddz_tui.cards import RANKS, Card, format_rank
from ddz_tui.engine import Decision, Factors, LandlordMode, Phase, PlayerView, Role, Side
from ddz_tui.engine.seats import per_seat
from ddz_tui.i18n import Phrase, as_shown, ascii_mode, t
from ddz_tui.rules import Combo, classify, rank_name, rank_phrase
from ddz_tui.sound.clips import Effect
from ddz_tui.table.seats import SeatKind, TableState
from ddz_tui.ui.names import bid_word, level_name, role_name, seat_mark
from ddz_tui.ui.show.cues import table_cues
from ddz_tui.ui.show.reading import Shown, answers, doubled, laid_out, on_table
from ddz_tui.wild import BombClass, Reading, readings
from ddz_tui.wild import beats as wild_beats

LOW_CARDS = 2
"""A seat this close to going out is shown in warning colours (报单 / 报双)."""
ANSWERS = {
    Decision.CALL: "call",
    Decision.GRAB: "grab",
    Decision.SHOW_START: "show_start",
    Decision.SHOW: "show",
    Decision.DOUBLE: "double",
}
"""The yes-or-no decisions of the house rules, by the action that answers each."""
ANSWER_WORDS = (*ANSWERS.values(), "redouble")
"""The pairs of yes-or-no buttons: one for each decision, and the landlord's 加倍."""
SUPER_DOUBLE_WORDS = ("double", "redouble")
"""The pairs that also have a super double button (超级加倍, S) where the rules have it."""


class Tone(str, Enum):
    """How the message line says a thing (the names are the line's style classes)."""

    PLAIN = ""  # what to do now
    INFO = "info"  # a hint, a redeal, the table's news
    ERROR = "error"  # a refusal


@dataclass(frozen=True)
class Alert:
    """A line said over the state line on the message line.

    Its lifetime: the state line (`TableShow.status`) always describes the table
    now; a message said over it (a refusal, a hint, the table's news) lasts only
    until the game moves on or the selection changes, then the state line is back.
    """

    text: str
    tone: Tone = Tone.PLAIN


@dataclass(frozen=True)
class SeatShow:
    """Everything a seat panel shows."""

    title: str
    role: Role | None = None
    cards_left: int | None = None
    turn: bool = False
    thinking: bool = False
    mark: str | None = None  # 托管, away
    clock: int | None = None  # seconds left on the turn timer
    hand: tuple[Card, ...] | None = None  # the cards, laid open once the game is over
    doubled: bool = False  # 加倍
    super_doubled: bool = False  # 超级加倍 (a double worth ×4)
    calling: bool = False  # the landlord is called and grabbed for (叫地主/抢地主), not bid for
    shown: tuple[Card, ...] | None = None  # the hand as it lies face up (明牌)

    @property
    def inside(self) -> SeatShow:
        """What the panel's rows show: the seat less what its border shows (the title,
        whose turn it is, thinking, the clock, a mark), whose change draws no row again.
        Set aside rather than listed, so that a field added for the rows is in it."""
        return replace(self, title="", turn=False, thinking=False, clock=None, mark=None)

    @property
    def backs(self) -> bool:
        """A card back stands for the hand: none once the seat is out."""
        return bool(self.cards_left)

    @property
    def low(self) -> bool:
        """Nearly out (报单 / 报双): one or two cards left, not none."""
        return self.cards_left is not None and 0 < self.cards_left <= LOW_CARDS


@dataclass(frozen=True)
class Lane:
    """What lies in front of one seat: the cards of its play, or a word (a bid, a pass)."""

    cards: tuple[Card, ...] = ()
    word: str = ""
    passed: bool = False
    stale: bool = False  # an earlier play of the trick, not the one to beat
    marks: tuple[str, ...] = ()  # 癞子: what each card stands for as a wild, "" if natural


@dataclass(frozen=True)
class Top:
    """The top bar: the bottom cards (face down while empty), the bid, the multiplier
    (None while bidding) and the corner (the session score, or a replay's step)."""

    bottom: tuple[Card, ...]
    bid: int
    multiplier: int | None
    session: str
    house: str | None = None  # the stakes as calls and grabs make them (None: from the bid)


@dataclass(frozen=True)
class Buttons:
    """Which buttons show and which can be pressed."""

    bidding: bool  # the bid buttons show instead of play, pass and hint
    bids: tuple[bool, bool, bool, bool]  # 0 (no bid) to 3
    play: bool
    pass_turn: bool
    hint: bool
    answer: str | None = None  # the pair of yes-or-no buttons that shows (an ANSWER_WORDS)
    answering: bool = False  # the yes-or-no buttons can be pressed (yours to answer)
    super_double: int | None = None  # 超级加倍's factor, where its button (S) shows by yes and no


@dataclass(frozen=True)
class Selection:
    """The raised cards in words, and whether they make a play at all; `short`, words
    for a row too narrow for `text` (a play with wilds: only the wilds laid out)."""

    text: str
    valid: bool
    short: str | None = None


@dataclass(frozen=True)
class Raised:
    """What the raised cards change: your line (its words for them, and without your
    role while any is raised) and whether Play can be pressed. Worked out alone at each
    raised card: the whole table is worked out only when the game moves."""

    me: str
    me_brief: str
    my_turn: bool
    selection: Selection | None
    play: bool


@dataclass(frozen=True)
class TableShow:
    """The whole table as one seat sees it."""

    top: Top
    seats: tuple[SeatShow, SeatShow]  # left, right
    lanes: tuple[Lane, Lane, Lane]  # left, right, yours
    me: str  # the line by your hand
    me_brief: str  # the same without your role, for a row too narrow for it (see MyLine)
    my_turn: bool
    buttons: Buttons
    selection: Selection | None
    status: str  # what to do now, or how the game ended
    house: str  # the house rules in force and your own stake ("" for the plain game)
    others_shown: bool  # another seat's hand lies face up (明牌): the seats are taller
    news: Alert | None  # what the table says happened just now (a redeal, a notice)
    redealt: str  # the cards were dealt again, said until the landlord is chosen ("": not)
    moved: bool  # the game moved on since the state shown before: messages are over
    cues: tuple[Effect, ...]

    @property
    def raised(self) -> Raised:
        """What of it the raised cards change (`raised_show`)."""
        return Raised(self.me, self.me_brief, self.my_turn, self.selection, self.buttons.play)


def table_show(
    state: TableState,
    previous: TableState | None,
    clock: int | None,
    selected: Sequence[Card] = (),
) -> TableShow:
    """The table for `state`, which must have a view (a deal). `previous` is the
    state shown before it (for the sounds and the news), `clock` the seconds left
    on the turn timer, `selected` the raised cards."""
    view = state.view
    if view is None:
        raise ValueError("no cards dealt: nothing on the table to show")
    before = None if previous is None else previous.view
    me = state.seat
    shown = on_table(view)
    trick_open = view.last_play is not None
    left, right = sides(me)
    said = answers(view) if not view.history else {}
    shown_buttons = buttons(view, bool(selected), watching=state.watching)
    raised = _raised(state, view, selected, shown_buttons)
    return TableShow(
        top=Top(
            view.bottom,
            view.highest_bid,
            None if view.landlord is None else view.multiplier.total,
            t("ui.top.games", games=state.games)  # a spectator has no score of its own
            if state.watching
            else t("ui.top.session", games=state.games, total=state.totals[me]),
            house_stakes(view, watching=state.watching),
        ),
        seats=(seat_show(state, left, clock), seat_show(state, right, clock)),
        lanes=per_seat(
            Lane(word=t(f"ui.said.{said[seat]}"))
            if seat in said
            else lane(shown.get(seat), trick_open)
            for seat in (left, right, me)
        ),
        me=raised.me,
        me_brief=raised.me_brief,
        my_turn=raised.my_turn,
        buttons=shown_buttons,
        selection=raised.selection,
        status=status(state),
        house=house_lines(view),
        others_shown=any(view.shown[seat] is not None for seat in (left, right)),
        news=news(previous, state),
        redealt=redealt_words(state),
        moved=before is None or moved(before, view),
        cues=tuple(table_cues(before, view)),
    )


def raised_show(state: TableState, selected: Sequence[Card] = ()) -> Raised:
    """What `table_show` says of the raised cards, for `state` (which must have a view)."""
    view = state.view
    if view is None:
        raise ValueError("no cards dealt: nothing raised to show")
    return _raised(state, view, selected, buttons(view, bool(selected), watching=state.watching))


def _raised(
    state: TableState, view: PlayerView, selected: Sequence[Card], shown: Buttons
) -> Raised:
    """The raised cards' part of the table, with the buttons they show (worked out
    once for the whole table)."""
    me = state.seat
    mark = t("ui.me.takeover") if state.seats[me].takeover else None
    # a spectator's line is the bottom seat's, by name, marked as watched; its cards
    # are counted, never held
    title = t("ui.watch.me", name=state.seats[me].name) if state.watching else t("ui.you")
    count = view.cards_left[me] if state.watching else len(view.hand)
    return Raised(
        me=me_line(title, view.role, count, view.my_turn, bool(selected), mark),
        me_brief=me_line(title, None, count, view.my_turn, bool(selected), mark),
        my_turn=view.my_turn and not state.watching,
        selection=selection(selected, view),
        play=shown.play,
    )


def sides(me: int) -> tuple[int, int]:
    """The seats drawn left and right of `me` (上家 and 下家)."""
    return (me + 2) % 3, (me + 1) % 3


def seat_name(state: TableState, seat: int) -> str:
    """ "You" for the player's own seat; every seat by its name to a spectator."""
    if seat == state.seat and not state.watching:
        return t("ui.you")
    return state.seats[seat].name


def seat_title(state: TableState, seat: int) -> str:
    """The name, and the level for a bot."""
    info = state.seats[seat]
    if seat != state.seat and info.kind is SeatKind.BOT:
        return bot_title(info.name, info.level)
    return seat_name(state, seat)


def bot_title(name: str, level: str | None) -> str:
    """A seat's name with its bot's level, when it has one: "Left · Hard"."""
    return t("ui.seat.bot", name=name, level=level_name(level)) if level else name


def seat_show(state: TableState, seat: int, clock: int | None) -> SeatShow:
    view = state.view
    assert view is not None
    turn = view.turn == seat
    return SeatShow(
        title=seat_title(state, seat),
        role=view.role_of(seat),
        cards_left=view.cards_left[seat],
        turn=turn,
        thinking=state.thinking == seat,
        mark=seat_mark(state.seats[seat]),
        clock=clock if turn else None,
        hand=view.hands_at_end[seat] if view.hands_at_end else None,
        doubled=doubled(view.doubles, seat),
        super_doubled=seat in view.super_doubles,
        calling=view.landlord is None and view.rules.landlord is LandlordMode.GRAB,
        shown=view.shown_hands[seat],
    )


def lane(shown: Shown | None, trick_open: bool) -> Lane:
    """trick_open: there is a play to beat, so other plays in the trick are history."""
    if shown is None:
        return Lane()
    if shown.bid is not None:
        return Lane(word=bid_word(shown.bid), passed=shown.passed)
    if shown.passed:
        return Lane(word=t("ui.play.pass"), passed=True)
    return Lane(cards=shown.cards, stale=trick_open and not shown.to_beat, marks=shown.stands)


def me_line(
    title: str,
    role: Role | None,
    cards: int,
    turn: bool,
    selecting: bool,
    mark: str | None = None,
    house: Sequence[str] = (),
) -> str:
    """The line by your hand (`mark`: 托管, away; `house`: doubled, shown). While cards
    are raised it is just your name, to leave the row to the selection's words (which
    must fit at 80 columns)."""
    parts = [(as_shown("▶ ") if turn else "") + title]
    if not selecting:
        if role is not None:
            parts.append(role_name(role))
        parts += house
        parts.append(t("ui.seat.cards", n=cards))
        if mark:
            parts.append(mark)
    return as_shown(" · ").join(parts)


def house_marks(
    doubles: Sequence[tuple[int, bool]],
    seat: int,
    shown: bool = False,
    landlord: bool = False,
    super_doubles: Sequence[int] = (),
) -> tuple[str, ...]:
    """What the house rules add to a seat's line in the replay: it doubled (加倍; the
    `landlord` redoubled; one in `super_doubles` super-doubled, 超级加倍), and (`shown`)
    it showed its hand (明牌). Your own line at the table leaves both to your lane and
    your stake between the seats: with them it runs into the buttons at 80 columns."""
    mark = "ui.seat.redoubled" if landlord else "ui.seat.doubled"
    if seat in super_doubles:
        mark = "ui.seat.super_doubled"
    marks = [t(mark)] if doubled(doubles, seat) else []
    return (*marks, *([t("ui.seat.shown")] if shown else []))


def answer_word(view: PlayerView) -> str | None:
    """The yes-or-no question due now (an ANSWER_WORDS: the landlord's 加倍 is a
    redouble), None when none is."""
    action = ANSWERS.get(view.decision) if view.decision is not None else None
    if action == "double" and view.turn == view.landlord:
        return "redouble"
    return action


def buttons(view: PlayerView, selecting: bool, watching: bool = False) -> Buttons:
    """What the action buttons offer now (a spectator's: nothing)."""
    mine = view.my_turn and not watching
    playing = mine and view.phase is Phase.PLAYING
    answer = answer_word(view)
    return Buttons(
        bidding=view.phase is Phase.BIDDING,
        bids=(
            mine and 0 in view.legal_bids,
            mine and 1 in view.legal_bids,
            mine and 2 in view.legal_bids,
            mine and 3 in view.legal_bids,
        ),
        play=playing and selecting,
        pass_turn=playing and not view.leads,
        hint=playing,
        answer=answer,
        answering=answer is not None and mine,
        super_double=view.rules.factors.super_double
        if view.decision is Decision.DOUBLE and view.rules.super_double
        else None,
    )


def selection(selected: Sequence[Card], view: PlayerView | None = None) -> Selection | None:
    """The raised cards in words. Under 癞子 (`view`'s wild rank drawn), cards holding
    wilds say how they would be played: the one reading legal now, with what each wild
    stands for, or how many there are to choose from (Enter opens the choice)."""
    if not selected:
        return None
    wild = None if view is None else view.wild
    if view is not None and wild is not None and any(card.rank == wild for card in selected):
        found = readings(selected, wild)
        legal = legal_readings(view, selected)
        if len(legal) > 1:
            return Selection(t("ui.selection.readings", n=len(legal)), valid=True)
        if legal or found:
            reading = (legal or found)[0]
            short = reading_line(selected, reading, wilds_only=True)
            return Selection(reading_line(selected, reading), valid=bool(legal), short=short)
    combo = classify(selected)
    if combo is None:
        return Selection(t("ui.selection.not_a_play"), valid=False)
    return Selection(combo.describe(), valid=True)


def play_words(combo: Combo, reading: Reading | None = None) -> str:
    """A play in words; under 癞子 (`reading`), a bomb says its class: "a soft bomb of
    7s" (made with wilds), "a hard bomb of 7s", "the four wilds"."""
    if reading is None or reading.bomb is None or reading.bomb is BombClass.ROCKET:
        return combo.describe()
    if reading.bomb is BombClass.WILD:
        return t("ui.play.wild_bomb")
    key = "ui.play.soft_bomb" if reading.bomb is BombClass.SOFT else "ui.play.hard_bomb"
    low = RANKS[combo.level]
    return Phrase(key, r=rank_phrase(low), rs=rank_phrase(low, plural=True)).render()


def legal_readings(view: PlayerView, cards: Sequence[Card]) -> list[Reading]:
    """癞子: the ways `cards` may be played now, the strongest first, as the game judges
    them (several: the player must say which, `IllegalReason.CHOOSE_READING`)."""
    wild = view.wild
    if wild is None:
        return []
    last = view.trick.reading
    return [reading for reading in readings(cards, wild) if wild_beats(reading, last)]


def wild_words(cards: Sequence[Card], marks: Sequence[str]) -> str:
    """Cards in words as laid out, each wild as the rank it stands for with the wild's
    mark: `7 7 7(癞) 7`."""
    return " ".join(
        t("ui.wild.card", r=format_rank(mark)) if mark else _natural_word(card)
        for card, mark in zip(cards, (*marks, *[""] * len(cards)), strict=False)
    )


def _natural_word(card: Card) -> str:
    """A card that is no wild, in a play's words: its rank (`10`), a joker as its face
    shows it (小王, or BJ in ASCII mode)."""
    if card.suit is None:
        return card.label if ascii_mode() else card.glyph
    return format_rank(card.rank)


def reading_line(cards: Sequence[Card], reading: Reading, wilds_only: bool = False) -> str:
    """A play with wilds in words, as your line and the choice of readings say it:
    `7 7 7(癞) 7 → a soft bomb of 7s`; `wilds_only`, the wilds alone: `7(癞) → a soft
    bomb of 7s`."""
    laid, marks = laid_out(cards, reading)
    if wilds_only:
        pairs = [(card, mark) for card, mark in zip(laid, marks, strict=False) if mark]
        laid, marks = tuple(card for card, _ in pairs), tuple(mark for _, mark in pairs)
    return as_shown(
        t("ui.wild.reading", cards=wild_words(laid, marks), play=play_words(reading.combo, reading))
    )


def status(state: TableState) -> str:
    """What to do now, when nothing more pressing is to be said."""
    view = state.view
    assert view is not None
    if view.phase is Phase.OVER:
        won = view.winner is Side.LANDLORD
        return t("ui.msg.landlord_won") if won else t("ui.msg.peasants_won")
    turn = view.turn
    assert turn is not None
    who = seat_name(state, turn)
    mine = view.my_turn and not state.watching
    if answer_word(view) is not None:
        return asked(state)
    if view.phase is Phase.BIDDING:
        if not mine:
            return t("ui.msg.bidding", who=who)
        if view.highest_bid:
            return t("ui.msg.your_bid_over", high=view.highest_bid)
        return t("ui.msg.your_bid")
    if not mine:
        if state.thinking == turn:
            return t("ui.msg.thinking", who=who)
        return t("ui.msg.their_turn", who=who)
    if view.leads:
        return t("ui.msg.your_lead")
    last = view.last_play
    assert last is not None
    play = play_words(last[1], view.trick.reading)
    return t("ui.msg.beat", play=play, who=seat_name(state, last[0]))


def asked(state: TableState) -> str:
    """The state line while a yes-or-no decision of the house rules is due."""
    view = state.view
    assert view is not None and view.turn is not None and view.decision is not None
    factors = view.rules.factors
    decision = view.decision
    if not view.my_turn or state.watching:
        return t(f"ui.msg.their_{ANSWERS[decision]}", who=seat_name(state, view.turn))
    if decision is Decision.CALL:
        return t("ui.msg.your_call")
    if decision is Decision.GRAB:
        caller = next(seat for seat, took in view.calls if took)
        if caller == view.seat:
            return t("ui.msg.your_grab_back", x=factors.grab)
        return t("ui.msg.your_grab", who=seat_name(state, caller), x=factors.grab)
    if decision is Decision.SHOW:
        return t("ui.msg.your_show", x=factors.show)
    if decision is Decision.SHOW_START:
        return t("ui.msg.your_show_start", x=factors.show_start)
    redouble = view.seat == view.landlord
    if view.rules.super_double:  # 超级加倍: S beside Y and N
        key = "ui.msg.your_super_redouble" if redouble else "ui.msg.your_super_double"
        return t(key, x=factors.double, s=factors.super_double)
    if redouble:
        return t("ui.msg.your_redouble", x=factors.double)
    return t("ui.msg.your_double", x=factors.double)


def house_lines(view: PlayerView) -> str:
    """The house rules in force, one a line ("" for the plain game, whose top bar says
    how the landlord was chosen; your own stake is on the top bar), 癞子's wild rank
    first (once drawn, never before), as a short table cuts the last lines. A factor
    set otherwise than the plain game's (`ddz --rules double=3`, a host's) is said
    beside its rule, or on a line of its own for bombs, the rocket and the spring."""
    rules = view.rules
    named = _factor_named(rules.factors)
    lines: list[str] = []
    if rules.laizi:
        wild = view.wild
        lines.append(
            t("ui.rules.laizi") if wild is None else t("ui.rules.wild", r=format_rank(wild))
        )
    if rules.landlord is LandlordMode.GRAB:
        lines.append(named("grab", "grab"))
    lines += [
        named(name, factor)
        for name, factor, on in (
            ("doubling", "double", rules.doubling),
            ("showing", "show", rules.showing),
        )
        if on
    ]
    if rules.super_double:
        lines.append(named("super_double", "super_double"))
    if rules.cap is not None:
        lines.append(t("ui.rules.cap", x=rules.cap))
    if rules.no_shuffle:
        lines.append(t("ui.rules.no_shuffle"))
    if rules.show_start:
        lines.append(named("show_start", "show_start"))
    bombs = (("hard_bomb", "bomb"), ("soft_bomb", "soft_bomb"), ("wild_bomb", "wild_bomb"))
    for name, factor in (*(bombs if rules.laizi else (("bomb", "bomb"),)), *_ALWAYS):
        if getattr(rules.factors, factor) != getattr(_PLAIN, factor):
            lines.append(named(name, factor))
    return "\n".join(lines)


_PLAIN = Factors()
_ALWAYS = (("rocket", "rocket"), ("spring", "spring"))


def _factor_named(factors: Factors) -> Callable[[str, str], str]:
    """A function that names a rule (`ui.rules.<name>`) and, where its factor differs
    from the plain game's, says the factor beside it."""

    def named(name: str, factor: str) -> str:
        x = getattr(factors, factor)
        rule = t(f"ui.rules.{name}")
        return rule if x == getattr(_PLAIN, factor) else t("ui.rules.factor", rule=rule, x=x)

    return named


def house_stakes(view: PlayerView, watching: bool = False) -> str | None:
    """The top bar's stakes under the house rules (None: as the plain game has them):
    how the landlord was chosen, and the stake. With doubling or a cap (封顶) the stakes
    differ from seat to seat, so it says one number, your own (and whether it is capped):
    what you win or lose (the landlord, both peasants' stakes together), as the result
    and the history say it. A hand shown before the bidding (明牌开始) puts the stake on
    the bar from then, the bid so far counted. A spectator, who stakes nothing, reads the
    shared stake."""
    rules = view.rules
    landlord = view.landlord
    shown_start = rules.show_start and view.multiplier.shown_start
    if rules.landlord is LandlordMode.GRAB:
        if view.grabs:
            chosen = t("ui.top.grabs", n=view.grabs)
        elif any(took for _, took in view.calls):
            chosen = t("ui.top.called")
        else:  # nobody called yet, or nobody did three deals in a row: drawn by lot
            chosen = t("ui.top.no_call") if landlord is None else t("ui.top.drawn")
    elif ((rules.doubling or rules.cap) and landlord is not None) or shown_start:
        bid = view.highest_bid
        unbid = t("ui.top.no_bid") if landlord is None else t("ui.top.drawn")
        chosen = t("ui.top.bid", bid=bid) if bid else unbid
    else:
        return None
    if landlord is None:
        if shown_start:
            return chosen + "  " + t("ui.top.multiplier", x=view.multiplier.total)
        return chosen
    if (rules.doubling or rules.cap) and not watching:  # 封顶 too: each seat's its own
        multiplier = view.multiplier
        yours = t("ui.top.yours", x=multiplier.stake(view.seat, landlord))
        if multiplier.capped(view.seat, landlord):
            yours += " " + t("ui.top.capped")
        return chosen + "  " + yours
    return chosen + "  " + t("ui.top.multiplier", x=view.multiplier.total)


def bid_first(state: TableState) -> str:
    """Why play, pass and hint do nothing while the landlord is being chosen, or a
    yes-or-no question of the house rules is due."""
    view = state.view
    assert view is not None and view.turn is not None
    if view.decision in ANSWERS:
        return t(f"illegal.due.{view.decision.value}") if view.my_turn else asked(state)
    if view.my_turn:
        return t("ui.msg.bid_first")
    return t("ui.msg.wait_bids", who=seat_name(state, view.turn))


def rank_missing(hand: Sequence[Card], rank: str) -> str:
    """Why a rank's key raised nothing: none in the hand, or all of them are up."""
    name = rank_name(rank, plural=True)
    if any(card.rank == rank for card in hand):
        return t("ui.msg.no_more", rank=name)
    return t("ui.msg.none_held", rank=name)


def news(previous: TableState | None, state: TableState) -> Alert | None:
    """What just happened that the state line does not say: the table's notice when
    it is new (each is shown once, not with every change), else a redeal, or the
    landlord drawn by lot after too many."""
    if state.notice and (previous is None or previous.notice != state.notice):
        return Alert(str(state.notice), Tone.INFO)
    before = None if previous is None else previous.view
    if before is not None and state.view is not None and redealt(before, state.view):
        return Alert(t("ui.msg.redeal"), Tone.INFO)
    if before is not None and state.view is not None and recalled(before, state.view):
        return Alert(t("ui.msg.recalled"), Tone.INFO)
    if before is not None and state.view is not None and drawn_by_lot(before, state.view):
        return Alert(t("ui.msg.drawn_by_lot"), Tone.INFO)
    return None


def redealt_words(state: TableState) -> str:
    """That nobody bid (or called) and the cards were dealt again, and how many times in
    a row: said through the whole bidding of the new deal, until the landlord is chosen.
    The message line's news of it lasts only until someone bids, which a bot does in
    half a second."""
    view = state.view
    if view is None or view.landlord is not None or not state.redeals:
        return ""
    calling = "call" if view.rules.landlord is LandlordMode.GRAB else "bid"
    if state.redeals == 1:
        return t(f"ui.table.redealt_{calling}")
    return t(f"ui.table.redealt_{calling}_n", n=state.redeals)


def moved(before: PlayerView, after: PlayerView) -> bool:
    """The game moved on (a bid, a call, a show, a double, a play, a pass, a new deal)
    between two views, enough to end what was said over the state line. Not when only
    other seats declined to call (or bid) with nobody in yet: the news of a redeal
    lasts until someone takes the landlord or you answer, long enough to read (bots
    decline in a moment)."""
    changed = (
        before.history != after.history
        or before.bids != after.bids
        or before.hand != after.hand
        or before.calls != after.calls
        or before.shows != after.shows
        or before.start_shows != after.start_shows
        or before.doubles != after.doubles
    )
    return changed and not others_declined(before, after)


def others_declined(before: PlayerView, after: PlayerView) -> bool:
    """Between two views of one deal's bidding, only other seats declined to call (or
    bid), and nobody has called (or bid) yet."""
    if before.hand != after.hand or before.phase is not Phase.BIDDING:
        return False
    if after.phase is not Phase.BIDDING:
        return False
    said = [(seat, took) for seat, took in after.calls[len(before.calls) :]]
    said += [(seat, bid > 0) for seat, bid in after.bids[len(before.bids) :]]
    return (
        after.calls[: len(before.calls)] == before.calls
        and after.bids[: len(before.bids)] == before.bids
        and bool(said)
        and not any(took or seat == after.seat for seat, took in said)
        and not any(took for _, took in after.calls)
        and not any(bid for _, bid in after.bids)
    )


def recalled(before: PlayerView, after: PlayerView) -> bool:
    """Nobody called the landlord (叫地主), and the cards were dealt again."""
    return (
        before.phase is Phase.BIDDING
        and after.phase is Phase.BIDDING
        and len(after.calls) < len(before.calls)
    )


def drawn_by_lot(before: PlayerView, after: PlayerView) -> bool:
    """Nobody took the landlord too many deals in a row (the engine's
    `REDEALS_BEFORE_LOT`): the cards were dealt again and the landlord drawn by lot,
    so the bidding ended with no bid (a lot deal has no first bidder)."""
    return (
        before.phase is Phase.BIDDING
        and after.phase is not Phase.BIDDING
        and after.landlord is not None
        and after.first_bidder is None
    )


def redealt(before: PlayerView, after: PlayerView) -> bool:
    """Everyone passed in the bidding, and the cards were dealt again."""
    return (
        before.phase is Phase.BIDDING
        and after.phase is Phase.BIDDING
        and len(after.bids) < len(before.bids)
    )

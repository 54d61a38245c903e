"""The engine: actions the game refuses, and the sides.

Each key: (English, Simplified Chinese). Prefixes kept here:
`illegal.`, `role.`."""

from __future__ import annotations

PHRASES: dict[str, tuple[str, str]] = {
    # refusals of an action by the game
    "illegal.phase.bidding": (
        "the landlord is not chosen yet: bid first",
        "还没有确定地主：请先叫分",
    ),
    "illegal.phase.playing": ("bidding is over", "叫分已经结束"),
    "illegal.phase.over": ("the game is over", "本局已经结束"),
    "illegal.not_your_turn": (
        "it is seat {turn}'s turn, not seat {seat}'s",
        "现在轮到{turn}号座位，不是{seat}号",
    ),
    "illegal.no_such_seat": (
        "there is no seat {seat}: seats are 0, 1 and 2",
        "没有{seat}号座位：座位是0、1、2",
    ),
    "illegal.not_in_hand": ("you do not hold {cards}", "你手里没有{cards}"),
    "illegal.nothing_selected": ("select the cards to play first", "请先选择要出的牌"),
    "illegal.must_play": (
        "you lead, so you must play (you cannot pass)",
        "你是首家，必须出牌（不能不出）",
    ),
    "illegal.bid_out_of_range": ("bid 1, 2 or 3, or 0 to pass", "请叫1、2或3分，或0表示不叫"),
    "illegal.bid_not_higher": ("bid more than {high}, or pass", "必须叫得比{high}分高，或者不叫"),
    "illegal.bot_plays_seat": ("a bot is playing this seat", "此座位由电脑代打"),
    "role.landlord": ("landlord", "地主"),
    "role.peasant": ("peasant", "农民"),
    # house rules: calling, grabbing, doubling, showing
    "illegal.due.call": (
        "the landlord is not chosen yet: call the landlord or not first",
        "还没有确定地主：请先选择叫地主或不叫",
    ),
    "illegal.due.grab": (
        "the landlord is not settled yet: grab the landlord or not first",
        "地主还没有确定：请先选择抢地主或不抢",
    ),
    "illegal.due.show_start": (
        "the players are choosing whether to show their cards before the bidding",
        "玩家正在选择是否明牌开始",
    ),
    "illegal.due.show": (
        "the landlord is choosing whether to show their cards",
        "地主正在选择是否明牌",
    ),
    "illegal.due.double": ("the players are choosing whether to double", "玩家正在选择是否加倍"),
    "illegal.due.play": ("the play has begun: play or pass", "已经开始出牌：请出牌或不出"),
    "illegal.not_yes_or_no": ("answer yes or no", "请回答是或否"),
    "illegal.no_super_double": (
        "only a double may be super, and only where the house rules allow it",
        "只有加倍能超级加倍，且须房规允许",
    ),
    "illegal.choose_reading": (
        "these cards can be played {n} ways: choose what the wilds stand for",
        "这手牌有{n}种出法：请选择癞子当作什么牌",
    ),
    "illegal.not_a_reading": (
        "the wilds cannot stand for that in these cards",
        "这手牌里的癞子不能这样当",
    ),
    "illegal.no_wilds": ("this game has no wilds", "本局没有癞子"),
}

"""Cards and the rules: ranks, kinds of play, one play in words, refused plays.

Each key: (English, Simplified Chinese). Prefixes kept here:
`rank.`, `ranks.`, `kind.`, `kindname.`, `play.`, `plural`, `refuse.`."""

from __future__ import annotations

PHRASES: dict[str, tuple[str, str]] = {
    # ranks as words (rank characters are the keys' suffix)
    "rank.T": ("10", "10"),
    "rank.B": ("small joker", "小王"),
    "rank.R": ("big joker", "大王"),
    "ranks.B": ("small jokers", "小王"),
    "ranks.R": ("big jokers", "大王"),
    # kinds in general ("needs ...")
    "kind.single": ("a single", "单张"),
    "kind.pair": ("a pair", "对子"),
    "kind.trio": ("a trio", "三张"),
    "kind.trio_single": ("a trio with a single", "三带一"),
    "kind.trio_pair": ("a trio with a pair", "三带一对"),
    "kind.seq_single": ("a straight of {n}", "{n}张顺子"),
    "kind.seq_pair": ("{n} pairs in a row", "{n}连对"),
    "kind.seq_trio": ("an airplane of {n} trios", "{n}连飞机"),
    "kind.seq_trio_single": ("an airplane of {n} trios with {n} singles", "{n}连飞机带{n}张单牌"),
    "kind.seq_trio_pair": ("an airplane of {n} trios with {n} pairs", "{n}连飞机带{n}对"),
    "kind.bomb_single": ("four of a kind with two singles", "四带二"),
    "kind.bomb_pair": ("four of a kind with two pairs", "四带两对"),
    "kind.bomb": ("a bomb", "炸弹"),
    "kind.rocket": ("the rocket", "王炸"),
    # short kind names (help screen, hints)
    "kindname.single": ("Single", "单张"),
    "kindname.pair": ("Pair", "对子"),
    "kindname.trio": ("Trio", "三张"),
    "kindname.trio_single": ("Trio with a single", "三带一"),
    "kindname.trio_pair": ("Trio with a pair", "三带一对"),
    "kindname.seq_single": ("Straight", "顺子"),
    "kindname.seq_pair": ("Pairs in a row", "连对"),
    "kindname.seq_trio": ("Airplane", "飞机"),
    "kindname.seq_trio_single": ("Airplane with singles", "飞机带单"),
    "kindname.seq_trio_pair": ("Airplane with pairs", "飞机带对"),
    "kindname.bomb_single": ("Four with two singles", "四带二"),
    "kindname.bomb_pair": ("Four with two pairs", "四带两对"),
    "kindname.bomb": ("Bomb", "炸弹"),
    "kindname.rocket": ("Rocket", "王炸"),
    # one particular play
    "play.single": ("a single {r}", "单张{r}"),
    "play.pair": ("a pair of {rs}", "一对{r}"),
    "play.trio": ("three {rs}", "三张{r}"),
    "play.trio_single": ("three {rs} with a single", "三张{r}带一"),
    "play.trio_pair": ("three {rs} with a pair", "三张{r}带一对"),
    "play.seq_single": ("a straight {lo}–{hi}", "顺子{lo}–{hi}"),
    "play.seq_pair": ("pairs {lo}–{hi}", "连对{lo}–{hi}"),
    "play.seq_trio": ("an airplane {lo}–{hi}", "飞机{lo}–{hi}"),
    "play.seq_trio_single": ("an airplane {lo}–{hi} with {n} singles", "飞机{lo}–{hi}带{n}张"),
    "play.seq_trio_pair": ("an airplane {lo}–{hi} with {n} pairs", "飞机{lo}–{hi}带{n}对"),
    "play.bomb_single": ("four {rs} with two singles", "四张{r}带二"),
    "play.bomb_pair": ("four {rs} with two pairs", "四张{r}带两对"),
    "play.bomb": ("a bomb of {rs}", "{r}炸弹"),
    "play.rocket": ("the rocket", "王炸"),
    "plural": ("{r}s", "{r}"),
    # refusals of a play
    "refuse.invalid_combination": ("{cards} is not a valid combination", "{cards} 不是有效的牌型"),
    "refuse.wrong_kind": (
        "{play} cannot answer {last}: it needs {kind} or a bomb",
        "{play}管不上{last}：需要{kind}或炸弹",
    ),
    "refuse.wrong_kind_bomb": (
        "{play} cannot answer {last}: only a higher bomb or the rocket",
        "{play}管不上{last}：只有更大的炸弹或王炸",
    ),
    "refuse.not_stronger": ("{play} does not beat {last}", "{play}大不过{last}"),
    "refuse.nothing_beats_rocket": ("nothing beats the rocket", "王炸最大，没有牌能管"),
}

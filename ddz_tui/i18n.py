"""Every string a player reads, in English and Simplified Chinese.

Strings are looked up by key with `t(key, **fields)`; the active language is
process-wide (one player per process). A key missing in Chinese falls back to
English; a key missing in English is a bug that the tests catch.
"""

from __future__ import annotations

import os
from enum import Enum


class Lang(str, Enum):
    EN = "en"
    ZH = "zh"


EN: dict[str, str] = {
    # ranks as words (rank characters are the keys' suffix)
    "rank.T": "10",
    "rank.B": "small joker",
    "rank.R": "big joker",
    "ranks.B": "small jokers",
    "ranks.R": "big jokers",
    # kinds in general ("needs ...")
    "kind.single": "a single",
    "kind.pair": "a pair",
    "kind.trio": "a trio",
    "kind.trio_single": "a trio with a single",
    "kind.trio_pair": "a trio with a pair",
    "kind.seq_single": "a straight of {n}",
    "kind.seq_pair": "{n} pairs in a row",
    "kind.seq_trio": "an airplane of {n} trios",
    "kind.seq_trio_single": "an airplane of {n} trios with {n} singles",
    "kind.seq_trio_pair": "an airplane of {n} trios with {n} pairs",
    "kind.bomb_single": "four of a kind with two singles",
    "kind.bomb_pair": "four of a kind with two pairs",
    "kind.bomb": "a bomb",
    "kind.rocket": "the rocket",
    # short kind names (help screen, hints)
    "kindname.single": "Single",
    "kindname.pair": "Pair",
    "kindname.trio": "Trio",
    "kindname.trio_single": "Trio with a single",
    "kindname.trio_pair": "Trio with a pair",
    "kindname.seq_single": "Straight",
    "kindname.seq_pair": "Pairs in a row",
    "kindname.seq_trio": "Airplane",
    "kindname.seq_trio_single": "Airplane with singles",
    "kindname.seq_trio_pair": "Airplane with pairs",
    "kindname.bomb_single": "Four with two singles",
    "kindname.bomb_pair": "Four with two pairs",
    "kindname.bomb": "Bomb",
    "kindname.rocket": "Rocket",
    # one particular play
    "play.single": "a single {r}",
    "play.pair": "a pair of {rs}",
    "play.trio": "three {rs}",
    "play.trio_single": "three {rs} with a single",
    "play.trio_pair": "three {rs} with a pair",
    "play.seq_single": "a straight {lo}–{hi}",
    "play.seq_pair": "pairs {lo}–{hi}",
    "play.seq_trio": "an airplane {lo}–{hi}",
    "play.seq_trio_single": "an airplane {lo}–{hi} with {n} singles",
    "play.seq_trio_pair": "an airplane {lo}–{hi} with {n} pairs",
    "play.bomb_single": "four {rs} with two singles",
    "play.bomb_pair": "four {rs} with two pairs",
    "play.bomb": "a bomb of {rs}",
    "play.rocket": "the rocket",
    "plural": "{r}s",
    # refusals of a play
    "refuse.invalid_combination": "{cards} is not a valid combination",
    "refuse.wrong_kind": "{play} cannot answer {last}: it needs {kind} or a bomb",
    "refuse.wrong_kind_bomb": "{play} cannot answer {last}: only a higher bomb or the rocket",
    "refuse.not_stronger": "{play} does not beat {last}",
    "refuse.nothing_beats_rocket": "nothing beats the rocket",
    # refusals of an action by the game
    "illegal.phase.bidding": "the landlord is not chosen yet: bid first",
    "illegal.phase.playing": "bidding is over",
    "illegal.phase.over": "the game is over",
    "illegal.not_your_turn": "it is seat {turn}'s turn, not seat {seat}'s",
    "illegal.no_such_seat": "there is no seat {seat}: seats are 0, 1 and 2",
    "illegal.not_in_hand": "you do not hold {cards}",
    "illegal.nothing_selected": "select the cards to play first",
    "illegal.must_play": "you lead, so you must play (you cannot pass)",
    "illegal.bid_out_of_range": "bid 1, 2 or 3, or 0 to pass",
    "illegal.bid_not_higher": "bid more than {high}, or pass",
    "illegal.bot_plays_seat": "a bot is playing this seat",
    # --- store ---
    "store.error": "history is off: {path}: {reason}",
    "store.locked": "the database is locked by another program",
    "store.corrupt": "the file is damaged or not a ddz-tui database",
    "store.full": "the disk is full",
    "store.readonly": "the file cannot be written",
    "store.cannot_open": "the file cannot be opened",
    "store.newer": "history is off: {path} was written by a newer ddz-tui (schema {version})",
    "store.bad_name": "a name is 1 to 24 printable characters",
    "history.empty": "No games kept yet: play one with `ddz`.",
    "history.title": "Your last {n} games",
    "history.when": "when",
    "history.where": "where",
    "history.you": "you",
    "history.result": "result",
    "history.score": "score",
    "history.multiplier": "×",
    "history.players": "players",
    "history.won": "won",
    "history.lost": "lost",
    "origin.local": "here",
    "origin.client": "online",
    "origin.server": "hosted",
    "role.landlord": "landlord",
    "role.peasant": "peasant",
    # --- sound ---
    "sound.unavailable": "sound unavailable: {why}",
    "sound.why_detail": "{why} ({detail})",
    "sound.why.not_installed": "the sound extra is not installed (pip install 'ddz-tui[sound]')",
    "sound.why.no_device": "no audio device",
    "sound.why.playback_failed": "playback failed",
    "sound.why.missing_files": "the sound files are missing (reinstall ddz-tui)",
    "sound.off_over_ssh": "sound starts off over SSH: it would play on the server, not for you",
}

ZH: dict[str, str] = {
    "rank.T": "10",
    "rank.B": "小王",
    "rank.R": "大王",
    "ranks.B": "小王",
    "ranks.R": "大王",
    "kind.single": "单张",
    "kind.pair": "对子",
    "kind.trio": "三张",
    "kind.trio_single": "三带一",
    "kind.trio_pair": "三带一对",
    "kind.seq_single": "{n}张顺子",
    "kind.seq_pair": "{n}连对",
    "kind.seq_trio": "{n}连飞机",
    "kind.seq_trio_single": "{n}连飞机带{n}张单牌",
    "kind.seq_trio_pair": "{n}连飞机带{n}对",
    "kind.bomb_single": "四带二",
    "kind.bomb_pair": "四带两对",
    "kind.bomb": "炸弹",
    "kind.rocket": "王炸",
    "kindname.single": "单张",
    "kindname.pair": "对子",
    "kindname.trio": "三张",
    "kindname.trio_single": "三带一",
    "kindname.trio_pair": "三带一对",
    "kindname.seq_single": "顺子",
    "kindname.seq_pair": "连对",
    "kindname.seq_trio": "飞机",
    "kindname.seq_trio_single": "飞机带单",
    "kindname.seq_trio_pair": "飞机带对",
    "kindname.bomb_single": "四带二",
    "kindname.bomb_pair": "四带两对",
    "kindname.bomb": "炸弹",
    "kindname.rocket": "王炸",
    "play.single": "单张{r}",
    "play.pair": "一对{r}",
    "play.trio": "三张{r}",
    "play.trio_single": "三张{r}带一",
    "play.trio_pair": "三张{r}带一对",
    "play.seq_single": "顺子{lo}–{hi}",
    "play.seq_pair": "连对{lo}–{hi}",
    "play.seq_trio": "飞机{lo}–{hi}",
    "play.seq_trio_single": "飞机{lo}–{hi}带{n}张",
    "play.seq_trio_pair": "飞机{lo}–{hi}带{n}对",
    "play.bomb_single": "四张{r}带二",
    "play.bomb_pair": "四张{r}带两对",
    "play.bomb": "{r}炸弹",
    "play.rocket": "王炸",
    "plural": "{r}",
    "refuse.invalid_combination": "{cards} 不是有效的牌型",
    "refuse.wrong_kind": "{play}管不上{last}：需要{kind}或炸弹",
    "refuse.wrong_kind_bomb": "{play}管不上{last}：只有更大的炸弹或王炸",
    "refuse.not_stronger": "{play}大不过{last}",
    "refuse.nothing_beats_rocket": "王炸最大，没有牌能管",
    "illegal.phase.bidding": "还没有确定地主：请先叫分",
    "illegal.phase.playing": "叫分已经结束",
    "illegal.phase.over": "本局已经结束",
    "illegal.not_your_turn": "现在轮到{turn}号座位，不是{seat}号",
    "illegal.no_such_seat": "没有{seat}号座位：座位是0、1、2",
    "illegal.not_in_hand": "你手里没有{cards}",
    "illegal.nothing_selected": "请先选择要出的牌",
    "illegal.must_play": "你是首家，必须出牌（不能不出）",
    "illegal.bid_out_of_range": "请叫1、2或3分，或0表示不叫",
    "illegal.bid_not_higher": "必须叫得比{high}分高，或者不叫",
    "illegal.bot_plays_seat": "此座位由电脑代打",
    # --- store ---
    "store.error": "战绩记录已关闭：{path}：{reason}",
    "store.locked": "数据库被其他程序锁定",
    "store.corrupt": "文件已损坏或不是ddz-tui数据库",
    "store.full": "磁盘已满",
    "store.readonly": "文件无法写入",
    "store.cannot_open": "文件无法打开",
    "store.newer": "战绩记录已关闭：{path} 由更新版本的ddz-tui写入（结构版本{version}）",
    "store.bad_name": "名字为1到24个可显示字符",
    "history.empty": "还没有记录：用 `ddz` 玩一局吧。",
    "history.title": "最近{n}局",
    "history.when": "时间",
    "history.where": "地点",
    "history.you": "你",
    "history.result": "结果",
    "history.score": "得分",
    "history.multiplier": "倍数",
    "history.players": "玩家",
    "history.won": "胜",
    "history.lost": "负",
    "origin.local": "本地",
    "origin.client": "联网",
    "origin.server": "主机",
    "role.landlord": "地主",
    "role.peasant": "农民",
    # --- sound ---
    "sound.unavailable": "声音不可用：{why}",
    "sound.why_detail": "{why}（{detail}）",
    "sound.why.not_installed": "没有安装声音组件（pip install 'ddz-tui[sound]'）",
    "sound.why.no_device": "没有音频设备",
    "sound.why.playback_failed": "播放失败",
    "sound.why.missing_files": "缺少声音文件（请重新安装 ddz-tui）",
    "sound.off_over_ssh": "通过 SSH 连接时默认关闭声音：声音会在服务器上播放，你听不到",
}

CATALOGS: dict[Lang, dict[str, str]] = {Lang.EN: EN, Lang.ZH: ZH}

_active = Lang.EN


def default_language(environ: dict[str, str] | None = None) -> Lang:
    """Chinese when the locale says so (LC_ALL, LC_MESSAGES or LANG start with zh)."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return Lang.ZH if value.lower().startswith("zh") else Lang.EN
    return Lang.EN


def set_language(lang: Lang | str) -> None:
    global _active
    _active = Lang(lang)


def language() -> Lang:
    return _active


def t(key: str, **fields: object) -> str:
    """The active language's text for `key`, filled with `fields`."""
    template = CATALOGS[_active].get(key)
    if template is None:
        template = EN[key]
    return template.format(**fields) if fields else template

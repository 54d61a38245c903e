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
    # --- ui ---
    "ui.you": "You",
    "ui.seat.left": "Left",
    "ui.seat.right": "Right",
    "ui.seat.bot": "{name} · {level}",
    "ui.seat.cards": "{n} left",
    "ui.seat.low": "nearly out!",
    "ui.seat.thinking": " thinking… ",
    "ui.seat.no_role": "waiting for the bids",
    "ui.role.landlord": "地主 Landlord",
    "ui.role.peasant": "农民 Peasant",
    "ui.level.random": "Random",
    "ui.level.easy": "Easy",
    "ui.level.normal": "Normal",
    "ui.level.hard": "Hard",
    "ui.mode.bid": "Bidding (叫分)",
    "ui.mode.random": "Drawn by lot",
    "ui.bid.pass": "No bid",
    "ui.bid.points": "Bid {n}",
    "ui.play.pass": "Pass",
    "ui.top.bottom": "Bottom",
    "ui.top.bid": "Bid {bid}",
    "ui.top.no_bid": "No bid yet",
    "ui.top.drawn": "Drawn by lot",
    "ui.top.multiplier": "Stake ×{x}",
    "ui.top.session": "Games {games} · Score {total:+d}",
    "ui.counter.title": "Card counter: cards not yet seen",
    "ui.counter.holds": "landlord still holds {cards} from the bottom",
    "ui.msg.dealing": "Dealing…",
    "ui.msg.redeal": "Nobody bid: the cards are dealt again.",
    "ui.msg.bidding": "{who} is bidding…",
    "ui.msg.your_bid": "Your bid: 1, 2 or 3 points to be the landlord, or 0 for no bid.",
    "ui.msg.your_bid_over": "Bid more than {high} to be the landlord, or 0 for no bid.",
    "ui.msg.thinking": "{who} is thinking…",
    "ui.msg.their_turn": "{who} to play.",
    "ui.msg.your_lead": "Your lead: play any combination.",
    "ui.msg.beat": "Your turn: beat {play} from {who}, or pass (P).",
    "ui.msg.hint": "Hint {i} of {n}: {play}. Enter plays it, H shows the next.",
    "ui.msg.no_hint": "Nothing in your hand beats {play}: pass (P).",
    "ui.msg.no_more": "No more {rank} to raise.",
    "ui.msg.landlord_won": "The landlord wins.",
    "ui.msg.peasants_won": "The peasants win.",
    "ui.selection.not_a_play": "not a play",
    "ui.button.play": "Play",
    "ui.button.pass": "Pass",
    "ui.button.hint": "Hint",
    "ui.button.next_game": "Next game",
    "ui.button.to_title": "Back to the title",
    "ui.button.deal": "Deal",
    "ui.button.back": "Back",
    "ui.leave.question": "Leave this table? The game in progress is abandoned.",
    "ui.leave.yes": "Leave",
    "ui.leave.no": "Stay",
    "ui.result.you_won": "You win!",
    "ui.result.you_lost": "You lose.",
    "ui.result.landlord_won": "The landlord wins",
    "ui.result.peasants_won": "The peasants win",
    "ui.result.bid": "bid {n}",
    "ui.result.bombs": "{n} bomb(s) ×{x}",
    "ui.result.rocket": "rocket ×2",
    "ui.result.spring": "spring ×2",
    "ui.result.anti_spring": "anti-spring ×2",
    "ui.result.worth": "Stake: {parts} = ×{total}",
    "ui.result.this_game": "This game",
    "ui.result.session": "Total",
    "ui.new_game.title": "New game against two bots",
    "ui.new_game.left": "Left bot (上家)",
    "ui.new_game.right": "Right bot (下家)",
    "ui.new_game.mode": "The landlord is",
    "ui.menu.new_game": "New game against bots",
    "ui.menu.help": "Help and rules",
    "ui.menu.settings": "Settings",
    "ui.menu.quit": "Quit",
    "ui.title.name": "斗地主 · Dou Dizhu",
    "ui.title.tagline": "Fight the Landlord, in your terminal",
    "ui.too_small": (
        "The terminal is too small: the game needs {need}, this one is {have}.\n"
        "Make the window larger, or press Ctrl+Q to quit."
    ),
    "ui.settings.title": "Settings",
    "ui.settings.bot_delay": "Bots wait before playing",
    "ui.settings.delay_value": "{s} s",
    "ui.settings.ascii": "ASCII cards (S H C D)",
    "ui.settings.language": "Language",
    "ui.settings.language_auto": "From the system",
    "ui.settings.theme": "Theme",
    "ui.settings.saved_in": "Changes are saved at once, in {path}",
    "ui.settings.problem_title": "Settings reset",
    "ui.settings.broken": (
        "The settings file {path} could not be used ({detail}); the defaults are used instead."
    ),
    "ui.settings.kept": "The old file is kept as {path}.",
    "ui.settings.cannot_save": "Settings cannot be saved in {path}: {detail}",
    "ui.settings.bad_json": "not valid JSON at line {line}, column {column}",
    "ui.settings.bad_values": "unusable values for {names}",
    "ui.settings.not_object": "not a JSON object",
    "ui.help.title": "Help and rules",
    "ui.help.tab.plays": "Plays",
    "ui.help.tab.keys": "Keys",
    "ui.help.tab.rules": "Rules",
    "ui.help.plays_intro": (
        "Every kind of play, with an example. A play beats the last one when it is the "
        "same kind and length and higher; a bomb beats any other kind, the rocket beats "
        "everything. Ranks, low to high: 3 4 5 6 7 8 9 10 J Q K A 2, small joker 小王, "
        "big joker 大王. Suits never matter."
    ),
    "ui.help.note.single": "any one card",
    "ui.help.note.pair": "two of a rank",
    "ui.help.note.trio": "three of a rank",
    "ui.help.note.trio_single": "a trio and any one card",
    "ui.help.note.trio_pair": "a trio and a pair",
    "ui.help.note.seq_single": "5 to 12 ranks in a row, 3 up to A (no 2, no jokers)",
    "ui.help.note.seq_pair": "3 or more pairs in a row, 3 up to A",
    "ui.help.note.seq_trio": "2 or more trios in a row, 3 up to A",
    "ui.help.note.seq_trio_single": "an airplane and one card for each trio",
    "ui.help.note.seq_trio_pair": "an airplane and one pair for each trio",
    "ui.help.note.bomb_single": "four of a rank and two cards: not a bomb",
    "ui.help.note.bomb_pair": "four of a rank and two pairs: not a bomb",
    "ui.help.note.bomb": "four of a rank: beats any other kind, doubles the stake",
    "ui.help.note.rocket": "both jokers: beats everything, doubles the stake",
    "ui.help.mouse": "Mouse",
    "ui.help.key.move": "move between your cards",
    "ui.help.key.select": "raise or lower the card under the cursor",
    "ui.help.key.rank": "raise the next card of that rank",
    "ui.help.key.ten": "a ten: type 0, T, or 1 then 0",
    "ui.help.key.jokers": "the small joker 小王 (B) and the big joker 大王 (R)",
    "ui.help.key.play": "play the raised cards",
    "ui.help.key.pass": "pass, when there is a play to beat",
    "ui.help.key.hint": "raise a suggested play; again for the next suggestion",
    "ui.help.key.clear": "lower all cards; with none raised, leave the table",
    "ui.help.key.bid": "while bidding: no bid, or bid 1, 2 or 3 points",
    "ui.help.key.counter": "the card counter (记牌器): ranks you have not seen yet",
    "ui.help.key.help": "this help",
    "ui.help.key.quit": "quit the game",
    "ui.help.key.mouse": (
        "click a card to raise or lower it; click Play, Pass, Hint, the bids, "
        "or a key at the bottom of the screen"
    ),
    "ui.help.rules": (
        "## The deal\n\n"
        "54 cards: 17 to each of three players, and 3 face down: the bottom cards (底牌).\n\n"
        "## The landlord\n\n"
        "In turn, players bid 1, 2 or 3 points, each more than the last, or pass. A bid of "
        "3 ends the bidding at once; the highest bidder becomes the landlord (地主). If "
        "nobody bids, the cards are dealt again. (When the landlord is drawn by lot, there "
        "is no bidding and the stake starts at 1.) The landlord takes the bottom cards, "
        "shown to everyone, and leads.\n\n"
        "## Play\n\n"
        "Play goes round to the right. Each player either plays a higher play of the same "
        "kind and length, or passes. A bomb beats any other kind and a higher bomb beats a "
        "lower one; the rocket beats everything. After two passes in a row, the last "
        "player to play leads again with any play.\n\n"
        "## Winning\n\n"
        "The first player to empty their hand wins: the landlord alone, or the two "
        "peasants (农民) together.\n\n"
        "## Score\n\n"
        "The stake is the winning bid, doubled for each bomb and for the rocket, and "
        "doubled again for a spring (the peasants never played a card) or an anti-spring "
        "(the landlord played only once). The landlord wins or loses twice the stake; each "
        "peasant loses or wins the stake.\n"
    ),
    "keys.clear": "Clear",
    "keys.leave": "Leave",
    "keys.counter": "Counter",
    "keys.help": "Help",
    "keys.move": "Move",
    "keys.select": "Select",
    "keys.new_game": "New game",
    "keys.settings": "Settings",
    "keys.quit": "Quit",
    "keys.back": "Back",
    "keys.next_game": "Next game",
    "keys.to_title": "Title",
    "keys.cancel": "Cancel",
    # --- net (networked tables, server, client, ssh) ---
    "table.game_on": "a game is being played: wait until it ends",
    "table.no_player": "no player sits in seat {seat}",
    "table.notice.dropped": "{name} lost the connection",
    "table.notice.back": "{name} is back",
    "table.notice.takeover": "{name} is away: a bot plays for them (托管)",
    "table.notice.left_playing": "{name} left: a bot finishes the game for them",
    "table.notice.left": "{name} left the table",
    "table.notice.timeout_bid": "{name} ran out of time and passed the bid",
    "table.notice.timeout_pass": "{name} ran out of time and passed",
    "table.notice.timeout_play": "{name} ran out of time and played {cards}",
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
    # --- ui ---
    "ui.you": "你",
    "ui.seat.left": "上家",
    "ui.seat.right": "下家",
    "ui.seat.bot": "{name} · {level}",
    "ui.seat.cards": "剩{n}张",
    "ui.seat.low": "报牌！",
    "ui.seat.thinking": " 思考中… ",
    "ui.seat.no_role": "等待叫分",
    "ui.role.landlord": "地主",
    "ui.role.peasant": "农民",
    "ui.level.random": "随机",
    "ui.level.easy": "简单",
    "ui.level.normal": "普通",
    "ui.level.hard": "困难",
    "ui.mode.bid": "叫分",
    "ui.mode.random": "随机指定",
    "ui.bid.pass": "不叫",
    "ui.bid.points": "{n}分",
    "ui.play.pass": "不出",
    "ui.top.bottom": "底牌",
    "ui.top.bid": "叫分 {bid}",
    "ui.top.no_bid": "尚未叫分",
    "ui.top.drawn": "随机地主",
    "ui.top.multiplier": "倍数 ×{x}",
    "ui.top.session": "已玩{games}局 · 总分 {total:+d}",
    "ui.counter.title": "记牌器：未出现的牌",
    "ui.counter.holds": "地主手里还有底牌 {cards}",
    "ui.msg.dealing": "发牌中…",
    "ui.msg.redeal": "无人叫分，重新发牌。",
    "ui.msg.bidding": "{who}正在叫分…",
    "ui.msg.your_bid": "请叫分：1、2、3分抢地主，0不叫。",
    "ui.msg.your_bid_over": "叫分高于{high}分可当地主，0不叫。",
    "ui.msg.thinking": "{who}思考中…",
    "ui.msg.their_turn": "轮到{who}出牌。",
    "ui.msg.your_lead": "你先出牌：任何牌型都可以。",
    "ui.msg.beat": "轮到你：要大过{who}的{play}，或者不出（P）。",
    "ui.msg.hint": "提示 {i}/{n}：{play}。回车出牌，H看下一个。",
    "ui.msg.no_hint": "你没有大过{play}的牌：请不出（P）。",
    "ui.msg.no_more": "没有更多的{rank}可选了。",
    "ui.msg.landlord_won": "地主获胜。",
    "ui.msg.peasants_won": "农民获胜。",
    "ui.selection.not_a_play": "不成牌型",
    "ui.button.play": "出牌",
    "ui.button.pass": "不出",
    "ui.button.hint": "提示",
    "ui.button.next_game": "再来一局",
    "ui.button.to_title": "返回主菜单",
    "ui.button.deal": "发牌",
    "ui.button.back": "返回",
    "ui.leave.question": "离开牌桌？当前牌局将作废。",
    "ui.leave.yes": "离开",
    "ui.leave.no": "继续打",
    "ui.result.you_won": "你赢了！",
    "ui.result.you_lost": "你输了。",
    "ui.result.landlord_won": "地主获胜",
    "ui.result.peasants_won": "农民获胜",
    "ui.result.bid": "叫分{n}",
    "ui.result.bombs": "炸弹{n}个 ×{x}",
    "ui.result.rocket": "王炸 ×2",
    "ui.result.spring": "春天 ×2",
    "ui.result.anti_spring": "反春 ×2",
    "ui.result.worth": "倍数：{parts} = ×{total}",
    "ui.result.this_game": "本局",
    "ui.result.session": "累计",
    "ui.new_game.title": "人机对战：新游戏",
    "ui.new_game.left": "上家电脑",
    "ui.new_game.right": "下家电脑",
    "ui.new_game.mode": "地主产生方式",
    "ui.menu.new_game": "人机对战",
    "ui.menu.help": "帮助与规则",
    "ui.menu.settings": "设置",
    "ui.menu.quit": "退出",
    "ui.title.name": "斗地主",
    "ui.title.tagline": "一个地主，两个农民，终端里见高下",
    "ui.too_small": (
        "终端窗口太小：游戏需要{need}，当前为{have}。\n请把窗口放大，或按 Ctrl+Q 退出。"
    ),
    "ui.settings.title": "设置",
    "ui.settings.bot_delay": "电脑出牌前等待",
    "ui.settings.delay_value": "{s} 秒",
    "ui.settings.ascii": "ASCII牌面（S H C D）",
    "ui.settings.language": "语言 Language",
    "ui.settings.language_auto": "跟随系统",
    "ui.settings.theme": "主题",
    "ui.settings.saved_in": "修改立即保存在 {path}",
    "ui.settings.problem_title": "设置已重置",
    "ui.settings.broken": "设置文件 {path} 无法使用（{detail}），已改用默认设置。",
    "ui.settings.kept": "旧文件保存为 {path}。",
    "ui.settings.cannot_save": "无法把设置保存到 {path}：{detail}",
    "ui.settings.bad_json": "第{line}行第{column}列不是有效的JSON",
    "ui.settings.bad_values": "这些设置的值无效：{names}",
    "ui.settings.not_object": "不是JSON对象",
    "ui.help.title": "帮助与规则",
    "ui.help.tab.plays": "牌型",
    "ui.help.tab.keys": "按键",
    "ui.help.tab.rules": "规则",
    "ui.help.plays_intro": (
        "所有牌型及示例。同一牌型、同样张数且更大的牌才能管上家的牌；炸弹可以管任何其他牌型，"
        "王炸最大。牌从小到大：3 4 5 6 7 8 9 10 J Q K A 2 小王 大王，不分花色。"
    ),
    "ui.help.note.single": "任意一张牌",
    "ui.help.note.pair": "两张同点数的牌",
    "ui.help.note.trio": "三张同点数的牌",
    "ui.help.note.trio_single": "三张加任意一张",
    "ui.help.note.trio_pair": "三张加一对",
    "ui.help.note.seq_single": "5到12张连续的单牌，3到A（不含2和王）",
    "ui.help.note.seq_pair": "3对或更多连续的对子，3到A",
    "ui.help.note.seq_trio": "2个或更多连续的三张，3到A",
    "ui.help.note.seq_trio_single": "飞机，每个三张带一张单牌",
    "ui.help.note.seq_trio_pair": "飞机，每个三张带一对",
    "ui.help.note.bomb_single": "四张加两张单牌：不是炸弹",
    "ui.help.note.bomb_pair": "四张加两对：不是炸弹",
    "ui.help.note.bomb": "四张同点数：能管任何其他牌型，倍数翻倍",
    "ui.help.note.rocket": "大王加小王：最大，倍数翻倍",
    "ui.help.mouse": "鼠标",
    "ui.help.key.move": "在手牌间移动",
    "ui.help.key.select": "选中或放下光标处的牌",
    "ui.help.key.rank": "选中该点数的下一张牌",
    "ui.help.key.ten": "10：按 0、T，或先按1再按0",
    "ui.help.key.jokers": "小王（B）和大王（R）",
    "ui.help.key.play": "打出选中的牌",
    "ui.help.key.pass": "不出（有牌要管时）",
    "ui.help.key.hint": "选中建议的出牌；再按看下一个建议",
    "ui.help.key.clear": "放下所有选中的牌；没有选中时离开牌桌",
    "ui.help.key.bid": "叫分时：不叫，或叫1、2、3分",
    "ui.help.key.counter": "记牌器：还没出现的牌",
    "ui.help.key.help": "本帮助",
    "ui.help.key.quit": "退出游戏",
    "ui.help.key.mouse": "点击一张牌选中或放下；点击出牌、不出、提示、叫分按钮，或屏幕底部的按键",
    "ui.help.rules": (
        "## 发牌\n\n"
        "一副54张牌：每人17张，留3张底牌。\n\n"
        "## 地主\n\n"
        "玩家轮流叫分：1、2或3分，必须比前面叫得高，也可以不叫。叫3分立即结束叫分；"
        "叫分最高者当地主。如果没有人叫分，重新发牌。（随机指定地主时不叫分，底分为1。）"
        "地主拿走底牌（亮给所有人看），并先出牌。\n\n"
        "## 出牌\n\n"
        "按逆时针方向（向右）轮流出牌。每人要么打出同一牌型、同样张数且更大的牌，要么不出。"
        "炸弹能管任何其他牌型，大炸弹管小炸弹；王炸最大。连续两家不出后，最后出牌的人重新"
        "出任意牌型。\n\n"
        "## 胜负\n\n"
        "最先出完手牌的一方获胜：地主一人，或两个农民一起。\n\n"
        "## 计分\n\n"
        "底分为叫分；每个炸弹和王炸翻一倍；春天（农民一张牌也没出）或反春（地主只出了一手牌）"
        "再翻一倍。地主输赢两倍的分数，每个农民输赢一倍。\n"
    ),
    "keys.clear": "取消选择",
    "keys.leave": "离开",
    "keys.counter": "记牌器",
    "keys.help": "帮助",
    "keys.move": "移动",
    "keys.select": "选牌",
    "keys.new_game": "新游戏",
    "keys.settings": "设置",
    "keys.quit": "退出",
    "keys.back": "返回",
    "keys.next_game": "再来一局",
    "keys.to_title": "主菜单",
    "keys.cancel": "取消",
    # --- net (networked tables, server, client, ssh) ---
    "table.game_on": "正在对局：请等本局结束",
    "table.no_player": "{seat}号座位没有玩家",
    "table.notice.dropped": "{name}掉线了",
    "table.notice.back": "{name}回来了",
    "table.notice.takeover": "{name}不在：由电脑托管",
    "table.notice.left_playing": "{name}离开了：由电脑代打完本局",
    "table.notice.left": "{name}离开了牌桌",
    "table.notice.timeout_bid": "{name}超时，不叫",
    "table.notice.timeout_pass": "{name}超时，不出",
    "table.notice.timeout_play": "{name}超时，自动出了{cards}",
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

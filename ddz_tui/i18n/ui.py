"""The screens of the terminal app, their buttons and key descriptions.

Each key: (English, Simplified Chinese). Prefixes kept here:
`ui.`, `keys.`, `coach.` (the coach in the replay and `ddz review`)."""

from __future__ import annotations

PHRASES: dict[str, tuple[str, str]] = {
    "ui.menu.stats": ("Statistics and replays", "战绩与回放"),
    "keys.stats": ("Statistics", "战绩"),
    "keys.step": ("Step", "单步"),
    "keys.first": ("First", "开头"),
    "keys.last": ("Last", "结尾"),
    "ui.history.off_title": ("Your games are not kept", "本次对局不会被记录"),
    "ui.stats.title": ("Statistics", "战绩统计"),
    "ui.stats.loading": ("Reading your history…", "正在读取战绩…"),
    "ui.stats.off": (
        "Nothing can be shown here, and the games of this session are not "
        "kept:\n\n{problem}\n\nOnce the file can be used again (or is moved away), start ddz "
        "again to turn history back on.",
        "这里无法显示任何内容，本次游戏的对局也不会被记录：\n\n{problem}\n\n等文件可以再次使用（或"
        "被移走）后，重新启动 ddz 即可恢复战绩记录。",
    ),
    "ui.stats.empty": (
        "No games yet.\n\nEvery game you finish is kept here: your wins as landlord and as "
        "peasant, your score over time, and each game to replay move by move.\n\nPress Esc, then "
        "N for a new game.",
        "还没有对局。\n\n你打完的每一局都会记在这里：当地主和当农民的胜局、累计得分的变化，还有每"
        "一局的逐步回放。\n\n按 Esc，再按 N 开始新游戏。",
    ),
    "ui.stats.no_chart": (
        "Your score over time shows here once you have finished a game.",
        "打完一局后，这里会显示你的累计得分。",
    ),
    "ui.stats.figures": ("Your record", "你的战绩"),
    "ui.stats.chart": ("Score over time", "累计得分"),
    "ui.stats.chart_x": ("games", "局数"),
    "ui.stats.games": ("Games played", "对局数"),
    "ui.stats.wins": ("Won", "胜局"),
    "ui.stats.rate": ("{n} ({rate})", "{n}（{rate}）"),
    "ui.stats.of": ("{n} of {of} ({rate})", "{of}局胜{n}（{rate}）"),
    "ui.stats.as_landlord": ("Won as landlord", "当地主"),
    "ui.stats.as_peasant": ("Won as peasant", "当农民"),
    "ui.stats.total": ("Total score", "总得分"),
    "ui.stats.bombs": ("Bombs played", "打出炸弹"),
    "ui.stats.springs": ("Springs", "春天"),
    "ui.stats.best_streak": ("Best winning streak", "最长连胜"),
    "ui.stats.streak": ("Current streak", "当前连胜"),
    "ui.stats.recent": ("Recent games", "最近对局"),
    "ui.stats.recent_keys": ("Enter: replay", "回车：回放"),
    "ui.stats.col.when": ("When", "时间"),
    "ui.stats.col.where": ("Where", "地点"),
    "ui.stats.col.role": ("You", "身份"),
    "ui.stats.col.result": ("Result", "结果"),
    "ui.stats.col.score": ("Score", "得分"),
    "ui.stats.col.x": ("×", "倍数"),
    "ui.stats.col.players": ("Players", "玩家"),
    "ui.stats.cannot_replay": ("Game #{id} cannot be replayed: {why}", "第{id}局无法回放：{why}"),
    "ui.stats.gone": ("it is no longer in the history", "战绩中已没有这一局"),
    "ui.replay.game": ("Game #{id}", "第{id}局"),
    "ui.replay.seat": ("Seat {n}", "{n}号位"),
    "ui.replay.step": ("Step {i}/{n}", "第{i}/{n}步"),
    "ui.replay.bids": ("Bids: {bids}", "叫分：{bids}"),
    "ui.replay.bid_entry": ("{who}: {n}", "{who}{n}分"),
    "ui.replay.pass_entry": ("{who}: no bid", "{who}不叫"),
    "ui.replay.drawn": (
        "No bids: the landlord was drawn by lot ({who})",
        "不叫分：抽签决定地主（{who}）",
    ),
    "ui.replay.dealt": (
        "The deal. First to bid: {who}. → steps forward.",
        "发牌：{who}先叫分。按 → 前进一步。",
    ),
    "ui.replay.dealt_call": (
        "The deal. First to call: {who}. → steps forward.",
        "发牌：{who}先叫地主。按 → 前进一步。",
    ),
    "ui.replay.dealt_lot": (
        "The deal. Landlord by lot: {who}. → steps forward.",
        "发牌：{who}抽签成为地主。按 → 前进一步。",
    ),
    "ui.replay.bid": ("{who}: {bid}.", "{who}：{bid}。"),
    "ui.replay.landlord": ("Landlord: {who}, with the bottom cards.", "{who}成为地主，拿走底牌。"),
    "ui.replay.played": ("{who}: {play}.", "{who}打出{play}。"),
    "ui.replay.passed": ("{who}: pass.", "{who}不出。"),
    "ui.settings.name": ("Your name", "你的名字"),
    "ui.settings.name_off": ("not kept: history is off", "无法保存：战绩记录已关闭"),
    "ui.settings.name_placeholder": ("type a name, Enter keeps it", "输入名字，回车保存"),
    "ui.settings.name_saved": ("Your name is now {name}.", "你的名字已改为{name}。"),
    "ui.settings.name_refused": ("Name not changed", "名字未更改"),
    "ui.you": ("You", "你"),
    "ui.seat.left": ("Left", "上家"),
    "ui.seat.right": ("Right", "下家"),
    "ui.seat.bot": ("{name} · {level}", "{name} · {level}"),
    "ui.seat.cards": ("{n} left", "剩{n}张"),
    "ui.seat.low": ("nearly out!", "报牌！"),
    "ui.seat.thinking": (" thinking… ", " 思考中… "),
    "ui.seat.no_role": ("waiting for the bids", "等待叫分"),
    "ui.role.landlord": ("地主 Landlord", "地主"),
    "ui.role.peasant": ("农民 Peasant", "农民"),
    "ui.level.random": ("Random", "随机"),
    "ui.level.easy": ("Easy", "简单"),
    "ui.level.normal": ("Normal", "普通"),
    "ui.level.hard": ("Hard", "困难"),
    "ui.mode.bid": ("Bidding (叫分)", "叫分"),
    "ui.mode.random": ("Drawn by lot", "随机指定"),
    "ui.bid.pass": ("No bid", "不叫"),
    "ui.bid.points": ("Bid {n}", "{n}分"),
    "ui.play.pass": ("Pass", "不出"),
    "ui.play.soft_bomb": ("a soft bomb of {rs}", "{r}软炸"),
    "ui.play.hard_bomb": ("a hard bomb of {rs}", "{r}硬炸"),
    "ui.play.wild_bomb": ("the four wilds", "纯癞子炸"),
    "ui.wild.card": ("{r}(wild)", "{r}(癞)"),
    "ui.wild.reading": ("{cards} → {play}", "{cards} → {play}"),
    "ui.selection.readings": ("{n} ways: Enter chooses", "{n}种出法：回车选择"),
    "ui.rules.laizi": ("Wildcards", "癞子"),
    "ui.new_game.laizi": ("Wildcards (癞子)", "癞子"),
    "ui.reading.title": ("Play these cards as", "这手牌当作"),
    "ui.rules.wild": ("Wild: {r}", "癞子 {r}"),
    "ui.top.bottom": ("Bottom", "底牌"),
    "ui.top.bid": ("Bid {bid}", "叫分 {bid}"),
    "ui.top.no_bid": ("No bid yet", "尚未叫分"),
    "ui.top.drawn": ("Drawn by lot", "随机地主"),
    "ui.top.multiplier": ("Stake ×{x}", "倍数 ×{x}"),
    "ui.top.session": ("Games {games} · Score {total:+d}", "已玩{games}局 · 总分 {total:+d}"),
    "ui.top.games": ("Games {games}", "已玩{games}局"),
    "ui.counter.title": ("Card counter: cards not yet seen", "记牌器：未出现的牌"),
    "ui.counter.holds": (
        "landlord still holds {cards} from the bottom",
        "地主手里还有底牌 {cards}",
    ),
    "ui.msg.dealing": ("Dealing…", "发牌中…"),
    "ui.msg.redeal": ("Nobody bid: the cards are dealt again.", "无人叫分，重新发牌。"),
    "ui.table.redealt_bid": ("Dealt again\n(nobody bid)", "重新发牌\n（无人叫分）"),
    "ui.table.redealt_bid_n": ("Dealt again ×{n}\n(nobody bid)", "重新发牌 ×{n}\n（无人叫分）"),
    "ui.table.redealt_call": ("Dealt again\n(nobody called)", "重新发牌\n（无人叫地主）"),
    "ui.table.redealt_call_n": (
        "Dealt again ×{n}\n(nobody called)",
        "重新发牌 ×{n}\n（无人叫地主）",
    ),
    "ui.msg.drawn_by_lot": (
        "Nobody took the landlord three deals in a row: the cards are dealt again and the "
        "landlord is drawn by lot.",
        "连续三次无人当地主：重新发牌，抽签决定地主。",
    ),
    "ui.msg.bidding": ("{who} is bidding…", "{who}正在叫分…"),
    "ui.msg.your_bid": (
        "Your bid: 1, 2 or 3 points to be the landlord, or 0 for no bid.",
        "请叫分：1、2、3分抢地主，0不叫。",
    ),
    "ui.msg.your_bid_over": (
        "Bid more than {high} to be the landlord, or 0 for no bid.",
        "叫分高于{high}分可当地主，0不叫。",
    ),
    "ui.msg.thinking": ("{who} is thinking…", "{who}思考中…"),
    "ui.msg.their_turn": ("{who} to play.", "轮到{who}出牌。"),
    "ui.msg.your_lead": ("Your lead: play any combination.", "你先出牌：任何牌型都可以。"),
    "ui.msg.beat": (
        "Your turn: beat {play} from {who}, or pass (P).",
        "轮到你：要大过{who}的{play}，或者不出（P）。",
    ),
    "ui.msg.hint": (
        "Hint {i} of {n}: {play}. Enter plays it, H shows the next.",
        "提示 {i}/{n}：{play}。回车出牌，H看下一个。",
    ),
    "ui.msg.no_hint": (
        "Nothing in your hand beats {play}: pass (P).",
        "你没有大过{play}的牌：请不出（P）。",
    ),
    "ui.msg.no_more": ("No more {rank} to raise.", "没有更多的{rank}可选了。"),
    "ui.msg.landlord_won": ("The landlord wins.", "地主获胜。"),
    "ui.msg.peasants_won": ("The peasants win.", "农民获胜。"),
    "ui.selection.not_a_play": ("not a play", "不成牌型"),
    "ui.button.play": ("Play", "出牌"),
    "ui.button.pass": ("Pass", "不出"),
    "ui.button.hint": ("Hint", "提示"),
    "ui.button.next_game": ("Next game", "再来一局"),
    "ui.button.to_title": ("Back to the title", "返回主菜单"),
    "ui.button.deal": ("Deal", "发牌"),
    "ui.button.back": ("Back", "返回"),
    "ui.leave.question": (
        "Leave this table? The game in progress is abandoned.",
        "离开牌桌？当前牌局将作废。",
    ),
    "ui.leave.question_lost": (
        "Leave this table? The game in progress is abandoned and counts as lost: {score} for you.",
        "离开牌桌？中途离开按输局计分：你{score}。",
    ),
    "ui.leave.yes": ("Leave", "离开"),
    "ui.replay.left": (
        "{who} left the game here, and lost it.",
        "{who}在此中途离开，按输局计分。",
    ),
    "ui.leave.no": ("Stay", "继续打"),
    "ui.sound.on": ("Sound on.", "声音已打开。"),
    "ui.sound.off": ("Sound off.", "声音已关闭。"),
    "ui.result.you_won": ("You win!", "你赢了！"),
    "ui.result.you_lost": ("You lose.", "你输了。"),
    "ui.result.landlord_won": ("The landlord wins", "地主获胜"),
    "ui.result.peasants_won": ("The peasants win", "农民获胜"),
    "ui.result.worth": ("Stake: {parts} = ×{total}", "倍数：{parts} = ×{total}"),
    "ui.result.this_game": ("This game", "本局"),
    "ui.result.session": ("Total", "累计"),
    "ui.new_game.title": ("New game against two bots", "人机对战：新游戏"),
    "ui.new_game.left": ("Left bot (上家)", "上家电脑"),
    "ui.new_game.right": ("Right bot (下家)", "下家电脑"),
    "ui.new_game.mode": ("The landlord is", "地主产生方式"),
    "ui.menu.new_game": ("New game against bots", "人机对战"),
    "ui.menu.help": ("Help and rules", "帮助与规则"),
    "ui.menu.settings": ("Settings", "设置"),
    "ui.menu.quit": ("Quit", "退出"),
    "ui.menu.tutorial": ("Learn to play: a guided hand", "新手教学：带你打一局"),
    "keys.tutorial": ("Tutorial", "教学"),
    "ui.tutorial.line": ("{n}/{of} · {text}", "{n}/{of} · {text}"),
    "ui.tutorial.offer": (
        "New to Dou Dizhu? A short lesson plays one hand with you, step by step: raising "
        "cards, playing, passing, the hint key and the kinds of play. It takes about two "
        "minutes, and U on the title opens it again any time.",
        "第一次玩斗地主？简短的教学会带你一步一步打一局：选牌、出牌、不出、提示，以及各种牌型。"
        "大约两分钟；以后在标题画面按 U 随时可以再学。",
    ),
    "ui.tutorial.offer.yes": ("Show me", "开始教学"),
    "ui.tutorial.offer.no": ("Not now", "以后再说"),
    "ui.tutorial.done": (
        "You're ready! You won the hand as the landlord.\n\nOn the title, N deals a game "
        "against bots; F1 has the rules and every kind of play; U plays this lesson again.",
        "你已经会玩了！你作为地主赢下了这一局。\n\n在标题画面按 N 开始人机对战；F1 里有规则和"
        "所有牌型；按 U 可以再学一遍。",
    ),
    "ui.tutorial.done.back": ("Back to the title", "回到标题"),
    "ui.tutorial.coach.bid": (
        "Welcome! First the bidding: the highest bid makes you the landlord, alone against "
        "the other two. Press 3 to bid 3.",
        "欢迎！先叫分：叫分最高的人当地主，一个人对抗另外两家。按 3 叫 3 分。",
    ),
    "ui.tutorial.coach.pair": (
        "You are the landlord: the three bottom cards are yours, and you lead. Raise your "
        "two 3s: press 3, then 3 again.",
        "你是地主：三张底牌归你，由你先出。按两次 3，把两张 3 选起来。",
    ),
    "ui.tutorial.ready.pair": (
        "Two cards of one rank make a pair. Enter plays it (so does the Play button).",
        "同点数的两张牌是对子。按回车出牌（点“出牌”按钮也行）。",
    ),
    "ui.tutorial.coach.pass": (
        "Right beat your 3s with 8s, and Left beat those with queens. Only your bomb or the "
        "rocket beats that: keep them for later. Press P to pass.",
        "下家用对 8 管了你的对 3，上家又用对 Q 管上。能管上的只有你的炸弹和王炸，留着以后用。"
        "按 P 不出。",
    ),
    "ui.tutorial.coach.hint": (
        "Two passes end a trick, so Left leads again: a single 3. Not sure what beats it? "
        "Press H: the game suggests a play.",
        "两家都不要，这一轮结束，上家重新出牌：一张 3。不知道出什么？按 H，游戏会给你提示。",
    ),
    "ui.tutorial.ready.hint": (
        "The hint raised your 4, the lowest card that beats a 3. Enter plays it.",
        "提示选起了你的 4，这是能管上 3 的最小的牌。按回车出牌。",
    ),
    "ui.tutorial.hint_again": (
        "Other cards beat a 3 too, but this lesson plays the 4 the hint raised first: "
        "Esc, then 4 and Enter.",
        "别的牌也能管上 3，但这一步出提示最先选起的 4：按 Esc，再按 4 和回车。",
    ),
    "ui.tutorial.wrong_hint": (
        "Not those: Esc lowers the cards, then H suggests a play.",
        "不是这些：按 Esc 放下选中的牌，再按 H 看提示。",
    ),
    "ui.tutorial.coach.straight": (
        "Nobody beat your 4, so you lead. Five or more ranks in a row make a straight: "
        "press 8 9 0 J Q K A (0 is the 10).",
        "没人管你的 4，轮到你先出。五张或更多连续的牌是顺子：依次按 8 9 0 J Q K A（0 是 10）。",
    ),
    "ui.tutorial.ready.straight": (
        "A straight, 8 up to A (a straight never holds a 2 or a joker). Enter plays it.",
        "顺子，从 8 到 A（顺子里不能有 2 和王）。按回车出牌。",
    ),
    "ui.tutorial.coach.trio": (
        "Nobody can beat that straight. Next, three of a kind with one more card: press 7 7 7 2.",
        "这手顺子没人管得上。接下来是三带一：三张同点数的牌带一张，按 7 7 7 2。",
    ),
    "ui.tutorial.ready.trio": (
        "Three 7s and a single: a trio with a single (a trio may also go alone, or take a "
        "pair). Enter plays it.",
        "三张 7 带一张单牌：三带一（三张也可以不带，或者带一对）。按回车出牌。",
    ),
    "ui.tutorial.coach.bomb": (
        "Left beat your trio with three aces. Four of a kind is a bomb, which beats any "
        "other kind: press 5 four times.",
        "上家用三张 A 管上了你的三带一。四张同点数的牌是炸弹，能管任何别的牌型：按四次 5。",
    ),
    "ui.tutorial.ready.bomb": (
        "A bomb! It beats anything but a higher bomb and the rocket, and doubles the "
        "stake. Enter plays it.",
        "炸弹！除了更大的炸弹和王炸，它什么都能管，还让输赢翻倍。按回车出牌。",
    ),
    "ui.tutorial.coach.rocket": (
        "Your last two cards are the jokers: together they are the rocket, which beats "
        "everything. Press B and R.",
        "你最后两张是大小王：合在一起是王炸，什么都能管。按 B 和 R。",
    ),
    "ui.tutorial.ready.rocket": (
        "The rocket. Enter plays your last cards: the first to play out every card wins.",
        "王炸。按回车出完最后的牌：谁先出完手里的牌谁就赢。",
    ),
    "ui.tutorial.coach.done": (
        "You played out all your cards: the landlord wins!",
        "你出完了所有的牌：地主赢了！",
    ),
    "ui.tutorial.more": ("Good, keep going: {keys}", "很好，继续按：{keys}"),
    "ui.tutorial.wrong": (
        "Not those cards for this step: Esc lowers them, then press {keys}.",
        "这一步不出这些牌：按 Esc 放下，再按 {keys}。",
    ),
    "ui.tutorial.lower_for_pass": (
        "No cards this time: Esc lowers them, then P passes.",
        "这次不出牌：按 Esc 放下选中的牌，再按 P 不出。",
    ),
    "ui.tutorial.refuse.bid": (
        "For this lesson bid 3, the most: press 3.",
        "这一局请叫 3 分（最高分）：按 3。",
    ),
    "ui.tutorial.refuse.pair": (
        "This step plays your two 3s: Esc lowers the cards, then {keys} and Enter.",
        "这一步出你的对 3：按 Esc 放下选中的牌，再按 {keys} 和回车。",
    ),
    "ui.tutorial.refuse.pass": (
        "Keep your bomb and rocket for later: Esc lowers the cards, then P passes.",
        "炸弹和王炸留着以后用：按 Esc 放下选中的牌，再按 P 不出。",
    ),
    "ui.tutorial.refuse.hint": (
        "This step plays the 4, the hint's first suggestion: Esc, then 4 and Enter.",
        "这一步出提示最先给出的 4：按 Esc，再按 4 和回车。",
    ),
    "ui.tutorial.hint_first": (
        "Press H first: let the game suggest a play.",
        "先按 H，看看游戏给的提示。",
    ),
    "ui.tutorial.refuse.straight": (
        "Play the straight: Esc lowers the cards, then {keys} and Enter.",
        "这一步出顺子：按 Esc 放下选中的牌，再按 {keys} 和回车。",
    ),
    "ui.tutorial.refuse.trio": (
        "Play three 7s and the 2: Esc lowers the cards, then {keys} and Enter.",
        "这一步出三张 7 带 2：按 Esc 放下选中的牌，再按 {keys} 和回车。",
    ),
    "ui.tutorial.refuse.bomb": (
        "Only your bomb beats three aces: Esc lowers the cards, then {keys}, Enter.",
        "这里只有炸弹管得上三张 A：按 Esc 放下选中的牌，再按 {keys} 和回车。",
    ),
    "ui.tutorial.refuse.rocket": (
        "Your last two cards go together, as the rocket: {keys}, then Enter.",
        "最后两张一起出，就是王炸：按 {keys}，再按回车。",
    ),
    "ui.tutorial.empty.play": (
        "No cards are raised: press {keys} to raise this step's cards, then Enter.",
        "还没有选牌：先按 {keys} 选出这一步的牌，再按回车。",
    ),
    "ui.tutorial.empty.pass": (
        "Keep your bomb and rocket for later: press P to pass.",
        "炸弹和王炸留着以后用：按 P 不出。",
    ),
    "ui.tutorial.refuse.wait": ("Wait for the others to play.", "请等另外两家出牌。"),
    "ui.tutorial.refuse.over": ("The lesson's hand is over.", "教学这一局已经结束。"),
    "ui.title.name": ("斗地主 · Dou Dizhu", "斗地主"),
    "ui.title.tagline": (
        "Fight the Landlord, in your terminal",
        "一个地主，两个农民，终端里见高下",
    ),
    "ui.too_small": (
        "The terminal is too small: the game needs {need}, this one is {have}.\nMake the window "
        "larger, or press Ctrl+Q to quit.",
        "终端窗口太小：游戏需要{need}，当前为{have}。\n请把窗口放大，或按 Ctrl+Q 退出。",
    ),
    "ui.settings.title": ("Settings", "设置"),
    "ui.settings.bot_delay": ("Bots wait before playing", "电脑出牌前等待"),
    "ui.settings.delay_value": ("{s} s", "{s} 秒"),
    "ui.settings.ascii": ("ASCII cards (S H C D)", "ASCII牌面（S H C D）"),
    "ui.settings.ascii_forced": ("ASCII cards (--ascii)", "ASCII牌面（--ascii）"),
    "ui.settings.card_style": ("Cards (D at the table)", "牌面样式（牌桌上按 D）"),
    "ui.settings.card_style.chips": ("Boxed, in colour", "牌框，彩色"),
    "ui.settings.card_style.discreet": ("Discreet: plain text", "低调：纯文字"),
    "ui.msg.card_style.discreet": (
        "Discreet cards: ranks in plain text, no colour. D brings the boxed cards back.",
        "低调牌面：只有文字点数，没有颜色。按 D 换回带框的牌。",
    ),
    "ui.msg.card_style.chips": (
        "Boxed cards, in colour. D makes them discreet (plain text).",
        "带框的彩色牌面。按 D 换成低调的纯文字。",
    ),
    "ui.help.key.card_style": (
        "discreet cards (ranks in plain text, no colour, small) or the boxed ones (remembered)",
        "低调牌面（纯文字点数，无颜色，占地小）或带框的牌（会记住）",
    ),
    "ui.settings.language": ("Language", "语言 Language"),
    "ui.settings.language_auto": ("From the system", "跟随系统"),
    "ui.settings.theme": ("Theme", "主题"),
    "ui.settings.sound": ("Sound and music (M)", "声音和音乐（M）"),
    "ui.settings.music_volume": ("Music volume", "音乐音量"),
    "ui.settings.effects_volume": ("Effects volume", "音效音量"),
    "ui.settings.volume_value": ("{n}%", "{n}%"),
    "ui.settings.saved_in": ("Changes are saved at once, in {path}", "修改立即保存在 {path}"),
    "ui.settings.saved_in_both": (
        "Changes are saved at once: these settings in {path}; your name, with your games, "
        "in {games}",
        "修改立即保存：这些设置在 {path}；你的名字和战绩一起在 {games}",
    ),
    "ui.settings.problem_title": ("Settings reset", "设置已重置"),
    "ui.settings.broken": (
        "The settings file {path} could not be used ({detail}); the defaults are used instead.",
        "设置文件 {path} 无法使用（{detail}），已改用默认设置。",
    ),
    "ui.settings.kept": ("The old file is kept as {path}.", "旧文件保存为 {path}。"),
    "ui.settings.cannot_save": (
        "Settings cannot be saved in {path}: {detail}",
        "无法把设置保存到 {path}：{detail}",
    ),
    "ui.settings.bad_json": (
        "not valid JSON at line {line}, column {column}",
        "第{line}行第{column}列不是有效的JSON",
    ),
    "ui.settings.bad_values": ("unusable values for {names}", "这些设置的值无效：{names}"),
    "ui.settings.not_object": ("not a JSON object", "不是JSON对象"),
    "ui.help.title": ("Help and rules", "帮助与规则"),
    "ui.help.tab.plays": ("Plays", "牌型"),
    "ui.help.tab.keys": ("Keys", "按键"),
    "ui.help.tab.rules": ("Rules", "规则"),
    "ui.help.plays_intro": (
        "Every kind of play, with an example. A play beats the last one when it is the same kind "
        "and length and higher; a bomb beats any other kind, the rocket beats everything. Ranks, "
        "low to high: 3 4 5 6 7 8 9 10 J Q K A 2, small joker 小王, big joker 大王. Suits never "
        "matter.",
        "所有牌型及示例。同一牌型、同样张数且更大的牌才能管上家的牌；炸弹可以管任何其他牌型，王炸"
        "最大。牌从小到大：3 4 5 6 7 8 9 10 J Q K A 2 小王 大王，不分花色。",
    ),
    "ui.help.note.single": ("any one card", "任意一张牌"),
    "ui.help.note.pair": ("two of a rank", "两张同点数的牌"),
    "ui.help.note.trio": ("three of a rank", "三张同点数的牌"),
    "ui.help.note.trio_single": ("a trio and any one card", "三张加任意一张"),
    "ui.help.note.trio_pair": ("a trio and a pair", "三张加一对"),
    "ui.help.note.seq_single": (
        "5 to 12 ranks in a row, 3 up to A (no 2, no jokers)",
        "5到12张连续的单牌，3到A（不含2和王）",
    ),
    "ui.help.note.seq_pair": ("3 or more pairs in a row, 3 up to A", "3对或更多连续的对子，3到A"),
    "ui.help.note.seq_trio": ("2 or more trios in a row, 3 up to A", "2个或更多连续的三张，3到A"),
    "ui.help.note.seq_trio_single": (
        "an airplane and one card for each trio",
        "飞机，每个三张带一张单牌",
    ),
    "ui.help.note.seq_trio_pair": (
        "an airplane and one pair for each trio",
        "飞机，每个三张带一对",
    ),
    "ui.help.note.bomb_single": (
        "four of a rank and two cards: not a bomb",
        "四张加两张单牌：不是炸弹",
    ),
    "ui.help.note.bomb_pair": ("four of a rank and two pairs: not a bomb", "四张加两对：不是炸弹"),
    "ui.help.note.bomb": (
        "four of a rank: beats any other kind, doubles the stake",
        "四张同点数：能管任何其他牌型，倍数翻倍",
    ),
    "ui.help.note.rocket": (
        "both jokers: beats everything, doubles the stake",
        "大王加小王：最大，倍数翻倍",
    ),
    "ui.help.mouse": ("Mouse", "鼠标"),
    "ui.help.key.move": ("move between your cards", "在手牌间移动"),
    "ui.help.key.select": ("raise or lower the card under the cursor", "选中或放下光标处的牌"),
    "ui.help.key.rank": ("raise the next card of that rank", "选中该点数的下一张牌"),
    "ui.help.key.ten": ("a ten: type 0, T, or 1 then 0", "10：按 0、T，或先按1再按0"),
    "ui.help.key.jokers": (
        "the small joker 小王 (B) and the big joker 大王 (R)",
        "小王（B）和大王（R）",
    ),
    "ui.help.key.play": ("play the raised cards", "打出选中的牌"),
    "ui.help.key.pass": ("pass, when there is a play to beat", "不出（有牌要管时）"),
    "ui.help.key.hint": (
        "raise a suggested play; again for the next suggestion",
        "选中建议的出牌；再按看下一个建议",
    ),
    "ui.help.key.clear": (
        "lower all cards; with none raised, leave the table",
        "放下所有选中的牌；没有选中时离开牌桌",
    ),
    "ui.help.key.bid": (
        "while bidding: no bid, or bid 1, 2 or 3 points",
        "叫分时：不叫，或叫1、2、3分",
    ),
    "ui.help.key.counter": (
        "the card counter (记牌器): ranks you have not seen yet",
        "记牌器：还没出现的牌",
    ),
    "ui.help.key.sound": (
        "sound and music on or off, anywhere (remembered)",
        "在任何界面打开或关闭声音和音乐（会记住）",
    ),
    "ui.help.key.help": ("this help", "本帮助"),
    "ui.help.key.boss": (
        "the boss key: a dull terminal page over everything, a game against bots paused"
        " (at a server's table the game goes on); F9 again brings it back",
        "老板键（摸鱼）：整个屏幕变成普通的终端页面，人机牌局暂停（服务器上的牌局照常进行）；"
        "再按 F9 返回",
    ),
    "ui.help.key.quit": (
        "quit ddz (in the middle of a game it asks first; again to quit)",
        "退出游戏（牌局进行中会先询问；再按一次即退出）",
    ),
    "ui.help.key.mouse": (
        "click a card to raise or lower it; click Play, Pass, Hint, the bids, or a key at the "
        "bottom of the screen",
        "点击一张牌选中或放下；点击出牌、不出、提示、叫分按钮，或屏幕底部的按键",
    ),
    "ui.help.rules": (
        "## The deal\n\n54 cards: 17 to each of three players, and 3 face down: the bottom cards "
        "(底牌).\n\n## The landlord\n\nIn turn, players bid 1, 2 or 3 points, each more than the "
        "last, or pass. A bid of 3 ends the bidding at once; the highest bidder becomes the "
        "landlord (地主). If nobody bids, the cards are dealt again; after three redeals in a "
        "row, the landlord of the next deal is drawn by lot. (When the landlord is drawn "
        "by lot, there is no bidding and the stake starts at 1.) The landlord takes the bottom "
        "cards, shown to everyone, and leads.\n\n## Play\n\nPlay goes round to the right. Each "
        "player either plays a higher play of the same kind and length, or passes. A bomb beats "
        "any other kind and a higher bomb beats a lower one; the rocket beats everything. After "
        "two passes in a row, the last player to play leads again with any play.\n\n## "
        "Winning\n\nThe first player to empty their hand wins: the landlord alone, or the two "
        "peasants (农民) together.\n\n## Score\n\nThe stake is the winning bid, doubled for each "
        "bomb and for the rocket, and doubled again for a spring (the peasants never played a "
        "card) or an anti-spring (the landlord played only once). The landlord wins or loses "
        "twice the stake; each peasant loses or wins the stake.\n",
        "## 发牌\n\n一副54张牌：每人17张，留3张底牌。\n\n## 地主\n\n玩家轮流叫分：1、2或3分，必须"
        "比前面叫得高，也可以不叫。叫3分立即结束叫分；叫分最高者当地主。如果没有人叫分，重新发牌；"
        "连续重新发牌三次后，下一副牌抽签决定地主。（随机指定地主时不叫分，底分为1。）"
        "地主拿走底牌（亮给所有人看），并先出牌。\n\n## "
        "出牌\n\n按逆时针方向（向右）轮流出牌。每人要么打出同一牌型、同样张数且更大的牌，要么不出"
        "。炸弹能管任何其他牌型，大炸弹管小炸弹；王炸最大。连续两家不出后，最后出牌的人重新出任意"
        "牌型。\n\n## 胜负\n\n最先出完手牌的一方获胜：地主一人，或两个农民一起。\n\n## "
        "计分\n\n底分为叫分；每个炸弹和王炸翻一倍；春天（农民一张牌也没出）或反春（地主只出了一手"
        "牌）再翻一倍。地主输赢两倍的分数，每个农民输赢一倍。\n",
    ),
    "keys.clear": ("Clear", "取消选择"),
    "keys.leave": ("Leave", "离开"),
    "keys.counter": ("Counter", "记牌器"),
    "keys.sound": ("Sound", "声音"),
    "keys.help": ("Help", "帮助"),
    "keys.move": ("Move", "移动"),
    "keys.select": ("Select", "选牌"),
    "keys.new_game": ("New game", "新游戏"),
    "keys.settings": ("Settings", "设置"),
    "keys.quit": ("Quit", "退出"),
    "keys.back": ("Back", "返回"),
    "keys.deal": ("Deal", "发牌"),
    "ui.theme.ddz-felt": ("Felt (dark green)", "绿色牌桌（深色）"),
    "ui.theme.ddz-night": ("Night (dark)", "夜间（深色）"),
    "ui.theme.ddz-paper": ("Paper (light)", "纸白（浅色）"),
    "keys.next_game": ("Next game", "再来一局"),
    "keys.to_title": ("Title", "主菜单"),
    "keys.cancel": ("Cancel", "取消"),
    "ui.menu.join": ("Join a game", "加入牌局"),
    "ui.menu.host": ("Host a game", "开设牌局"),
    "ui.menu.lobby": ("Lobby: play with others", "大厅：与他人对局"),
    "keys.join_game": ("Join", "加入"),
    "keys.host_game": ("Host", "开设"),
    "keys.join": ("Sit down", "入座"),
    "keys.create": ("New table", "新牌桌"),
    "keys.leave_server": ("Leave server", "离开服务器"),
    "keys.ladder": ("Ladder", "排行榜"),
    "keys.ladder_day": ("Today", "今日"),
    "keys.ladder_week": ("This week", "本周"),
    "keys.ladder_all": ("All time", "总榜"),
    "keys.ready": ("Ready", "准备"),
    "keys.fill": ("Fill with bots", "补电脑"),
    "keys.to_lobby": ("Lobby", "大厅"),
    "ui.button.connect": ("Connect", "连接"),
    "ui.button.host": ("Host", "开设"),
    "ui.button.sit": ("Sit down", "入座"),
    "ui.button.new_table": ("New table", "新牌桌"),
    "ui.button.leave_server": ("Leave the server", "离开服务器"),
    "ui.button.ladder": ("Ladder", "排行榜"),
    "ui.ladder.title": ("Ladder · {url}", "排行榜 · {url}"),
    "ui.ladder.tab.day": ("Today", "今日"),
    "ui.ladder.tab.week": ("This week", "本周"),
    "ui.ladder.tab.all": ("All time", "总榜"),
    "ui.ladder.asking": ("Asking the server…", "正在询问服务器…"),
    "ui.help.key.ladder": (
        "in a server's lobby: its ladder, today, this week and all time",
        "在服务器大厅：排行榜（今日、本周、总榜）",
    ),
    "ui.button.open_table": ("Open the table", "开桌"),
    "ui.button.ready": ("Ready", "准备"),
    "ui.button.not_ready": ("Not ready", "取消准备"),
    "ui.button.fill": ("Fill with bots:", "补电脑："),
    "ui.button.leave": ("Leave", "离开牌桌"),
    "ui.button.to_lobby": ("Back to the lobby", "回到大厅"),
    "ui.join.title": ("Join a game", "加入牌局"),
    "ui.join.address": ("Server address", "服务器地址"),
    "ui.join.address_hint": ("192.168.1.20:7744", "192.168.1.20:7744"),
    "ui.join.name": ("Your name", "你的名字"),  # the profile's, as in Settings
    "ui.join.explain": (
        "The address the host gave you: ws://HOST:PORT, HOST:PORT or just HOST (port 7744).",
        "房主告诉你的地址：ws://主机:端口、主机:端口，或只写主机（端口7744）。",
    ),
    "ui.join.no_address": (
        "Type the server's address, e.g. 192.168.1.20:7744.",
        "请输入服务器地址，例如 192.168.1.20:7744。",
    ),
    "ui.join.connecting": ("Connecting to {url} as {name}…", "正在以{name}的身份连接 {url}…"),
    "ui.host.title": ("Host a game", "开设牌局"),
    "ui.host.port": ("Port", "端口"),
    "ui.host.lan": ("Open to your network", "对局域网开放"),
    "ui.host.explain": (
        "A server starts in this app; you sit at a new table and friends join it. Off: only this "
        "machine can connect.",
        "在本程序里启动服务器；你坐上一张新牌桌，朋友加入即可。关闭：只有本机能连接。",
    ),
    "ui.host.starting": ("Starting a server on port {port}…", "正在端口{port}上启动服务器…"),
    "ui.lobby.head": ("Lobby · {url} · you are {name}", "大厅 · {url} · 你是{name}"),
    "ui.lobby.how": (
        "Enter sits you at the highlighted table, W watches it; C opens a new one.",
        "回车坐到选中的牌桌，W 观战；C 开一张新牌桌。",
    ),
    "ui.lobby.no_tables": (
        "No tables yet: press C to open one, then ask friends to join it.",
        "还没有牌桌：按 C 开一张，再请朋友加入。",
    ),
    "ui.lobby.col_table": ("Table", "牌桌"),
    "ui.lobby.col_seat": ("Seat {n}", "{n}号座"),
    "ui.lobby.col_status": ("Status", "状态"),
    "ui.lobby.full": ("full", "已满"),
    "ui.lobby.stop_hosting": (
        "Leave and stop hosting? Everyone on your server is disconnected.",
        "离开并停止开设？你服务器上的所有人都会断开。",
    ),
    "ui.lobby.stop": ("Stop hosting", "停止开设"),
    "ui.lobby.leave_question": (
        "Leave the server {url}?",
        "离开服务器 {url}？",
    ),
    "ui.lobby.leave": ("Leave", "离开"),
    "ui.lobby.stay": ("Stay", "留下"),
    "ui.new_table.title": ("A new table", "新牌桌"),
    "ui.new_table.name": ("Name of the table", "牌桌名称"),
    "ui.online.lost_title": ("Disconnected", "连接断开"),
    "ui.online.no_home_title": ("The lobby is closed to you", "无法进入大厅"),
    "ui.seat.takeover": ("托管 (bot plays)", "托管"),
    "ui.seat.away": ("away", "离线"),
    "ui.clock": ("{s}s left", "剩{s}秒"),
    "ui.leave.question_shared": (
        "Leave this table? A bot finishes the game for you, and its score is yours.",
        "离开这张牌桌？电脑会替你打完这一局，输赢仍算你的。",
    ),
    "ui.wait.seat": ("Seat", "座位"),
    "ui.wait.where": ("Where", "位置"),
    "ui.wait.player": ("Player", "玩家"),
    "ui.wait.status": ("For the deal", "发牌准备"),
    "ui.wait.empty": ("empty", "空位"),
    "ui.wait.ready": ("ready", "已准备"),
    "ui.wait.not_ready": ("not ready", "未准备"),
    "ui.wait.bot_ready": ("bot ({level}), always ready", "电脑（{level}），总是准备好"),
    "ui.wait.press_ready": (
        "Press Enter when you are ready: the deal comes once all three are.",
        "准备好了就按回车；三人都准备好就发牌。",
    ),
    "ui.wait.empty_seats": (
        "Waiting for players in seat {seats}, or press F to fill empty seats with bots.",
        "等待玩家坐到{seats}号座，或按 F 用电脑补满空位。",
    ),
    "ui.wait.for": ("Waiting for {names} to be ready.", "等待{names}准备。"),
    "ui.wait.invite": ("Friends join with: ddz join {url}", "朋友加入方式：ddz join {url}"),
    "ui.help.key.ready": (
        "at a table with friends, between games: ready (again) for the deal",
        "和朋友同桌、两局之间：准备（或取消准备）发牌",
    ),
    "ui.help.key.fill": (
        "at a table with friends, between games: bots in the empty seats",
        "和朋友同桌、两局之间：用电脑补满空位",
    ),
    "ui.switch.on": ("[x] On", "[x] 开"),
    "ui.switch.off": ("[ ] Off", "[ ] 关"),
    "coach.pass": ("pass", "不出"),
    "coach.chance": ("{p}%", "{p}%"),
    "coach.line": (
        "you: {you}, {your_chance} — coach: {coach}, {coach_chance}",
        "你：{you}，{your_chance} —— 教练：{coach}，{coach_chance}",
    ),
    "coach.whose": ("{who}'s", "{who}"),
    "coach.yours": ("your", "你"),
    "coach.cli.title": (
        "The coach on {whose} decisions in {game}: {marked} of {n} marked",
        "教练点评{whose}在{game}中的出牌：{n}次中标出{marked}次",
    ),
    "coach.cli.trick": ("Trick", "轮次"),
    "coach.cli.you": ("Your play", "你的出牌"),
    "coach.cli.your_chance": ("Your chance", "你的胜率"),
    "coach.cli.coach": ("Coach's play", "教练的出牌"),
    "coach.cli.coach_chance": ("Coach's chance", "教练的胜率"),
    "coach.cli.progress": ("The coach looks at your decisions", "教练正在分析你的出牌"),
    "coach.cli.none": (
        "The coach marks none of {whose} {n} decisions: none was clearly worse.",
        "教练没有标出{whose}的{n}次出牌中的任何一次：没有明显更差的。",
    ),
    "coach.cli.game": ("game {id}", "第{id}局"),
    "coach.no_wilds": (
        "the coach does not review games with wildcards (癞子)",
        "教练不分析癞子局",
    ),
    "keys.coach": ("Coach", "教练"),
    "keys.next_mark": ("Next mark", "下一处标记"),
    "keys.previous_mark": ("Previous mark", "上一处标记"),
    "keys.play": ("Play", "播放"),
    "keys.pause": ("Pause", "暂停"),
    "keys.speed": ("{s} s a step", "每步{s}秒"),
    "ui.coach.idle": (
        "Press C: the coach looks at {whose} decisions.",
        "按 C：教练分析{whose}的出牌。",
    ),
    "ui.coach.working": ("The coach looks at {whose} decisions…", "教练正在分析{whose}的出牌……"),
    "ui.coach.done": (
        "The coach marked {marked} of {n} decisions: N and P jump to them.",
        "教练在{n}次出牌中标出了{marked}次：按 N 和 P 跳到标记处。",
    ),
    "ui.coach.none": (
        "The coach marked none of {n} decisions: none was clearly worse.",
        "教练在{n}次出牌中没有标出任何一次：没有明显更差的。",
    ),
    "ui.coach.no_decisions": (
        "No choice to make in {whose} turns in this game: nothing to review.",
        "{whose}在这局中没有需要选择的时候：没有可分析的。",
    ),
    "ui.coach.failed": ("The coach could not look at this game.", "教练无法分析这局。"),
    "ui.coach.no_wilds": (
        "The coach does not review games with wildcards (癞子).",
        "教练不分析癞子局。",
    ),
    "ui.coach.mark": ("Coach, decision {i}: {line}", "教练，第{i}次出牌：{line}"),
    "ui.coach.no_more": ("No more marked decisions that way.", "这个方向没有更多标记了。"),
    "ui.help.key.steps": (
        "in a replay: a step back or on, the deal, the end",
        "回放中：后退或前进一步，回到发牌，跳到结局",
    ),
    "ui.help.key.autoplay": (
        "in a replay: play on by itself or pause; a step every 2 s, 1 s or 0.5 s",
        "回放中：自动播放或暂停；每步2秒、1秒或0.5秒",
    ),
    "ui.help.key.coach": (
        "in a replay: the coach looks at your decisions",
        "回放中：教练分析你的出牌",
    ),
    "ui.help.key.marks": (
        "in a replay: the next / previous decision the coach marked",
        "回放中：跳到教练标出的下一处 / 上一处",
    ),
    "ui.settings.coach_hints": ("Hints from the coach", "教练提示"),
    "ui.settings.auto_pass": ("Auto pass and last play", "要不起自动过，末手自动选"),
    "ui.msg.cant_beat": (
        "要不起 Nothing beats {play}: passing for you.",
        "要不起：没有大过{play}的牌，自动不出。",
    ),
    "ui.msg.last_play_raised": (
        "Your last cards make one play, raised for you: Enter plays them.",
        "最后一手牌已为你选好：按回车出牌。",
    ),
    "ui.msg.hint_pass": (
        "Hint {i} of {n}: pass. P passes, H shows the next.",
        "提示 {i}/{n}：不出。按 P 不出，H看下一个。",
    ),
    "ui.msg.bid_first": (
        "Bid first: 1, 2 or 3 points to be the landlord, or 0 for no bid.",
        "请先叫分：1、2、3分抢地主，0不叫。",
    ),
    "ui.msg.wait_bids": (
        "{who} is bidding: the play starts once the landlord is chosen.",
        "{who}正在叫分：定了地主才开始出牌。",
    ),
    "ui.msg.none_held": ("You have no {rank}.", "你没有{rank}。"),
    "ui.quit.question": (
        "Quit ddz? The game in progress is abandoned.",
        "退出游戏？当前牌局将作废。",
    ),
    "ui.quit.question_joined": (
        "Quit ddz? A bot plays your seat until you come back, and the game's score is yours.",
        "退出游戏？在你回来之前由电脑替你出牌，这局的输赢仍算你的。",
    ),
    "ui.quit.question_lost": (
        "Quit ddz? The game in progress is abandoned and counts as lost: {score} for you.",
        "退出游戏？中途退出按输局计分：你{score}。",
    ),
    "ui.quit.question_hosting": (
        "Quit ddz? The server you host stops, and the game with it.",
        "退出游戏？你开的服务器会关闭，牌局随之结束。",
    ),
    "ui.quit.yes": ("Quit", "退出"),
    "ui.quit.no": ("Keep playing", "继续打"),
    "ui.help.key.title": (
        "on the title: new game, the lesson (U), join, host, statistics, settings, quit",
        "标题画面：人机对战、新手教学（U）、加入、开设、战绩、设置、退出",
    ),
    "keys.last_trick": ("Last trick", "上一轮"),
    "keys.result": ("Result", "结算"),
    "keys.hand_order": ("Hand order", "理牌"),
    "keys.look_at_table": ("Look at the table", "看牌桌"),
    "ui.button.takeover": ("Auto", "托管"),
    "ui.trick.title": ("The last trick", "上一轮出牌"),
    "ui.msg.no_last_trick": ("No trick has ended yet.", "还没有打完的一轮。"),
    "ui.msg.hand_order.rank": (
        "Your hand by rank. G lays it out by count.",
        "手牌按点数排列。按 G 改为按张数排列。",
    ),
    "ui.msg.hand_order.count": (
        "Your hand by count: bombs, trios, pairs, singles. G lays it out by rank.",
        "手牌按张数排列：炸弹、三张、对子、单张。按 G 改为按点数排列。",
    ),
    "ui.help.key.last_trick": (
        "the last trick: each seat's play or pass, in order (again to close)",
        "上一轮：每家的出牌或不出，按顺序（再按一次关闭）",
    ),
    "ui.help.key.hand_order": (
        "your hand by rank, or by count: bombs, trios, pairs (remembered)",
        "手牌按点数或按张数排列：炸弹、三张、对子（会记住）",
    ),
    "ui.help.key.takeover": (
        "托管: a bot plays for you until you press it again or make a move",
        "托管：电脑替你出牌，直到再按一次或你自己出牌",
    ),
    "ui.help.key.chat": (
        "chat: a quick phrase, your own words, mute a seat",
        "聊天：快捷短语、自己的话、屏蔽某个座位",
    ),
    "ui.chat.title": ("Chat", "聊天"),
    "ui.new_table.chat": ("Chat at the table", "牌桌聊天"),
    # --- spectators and private tables (issue 37) ---
    "ui.new_table.spectators": ("Spectators", "允许观战"),
    "ui.new_table.code": ("Private code", "私人密码"),
    "ui.new_table.code_hint": ("empty: public", "留空：公开"),
    "ui.new_table.code_short": (
        "A private code is 4 to 8 letters or digits (or empty: a public table).",
        "私人密码为4到8个字母或数字（留空则为公开牌桌）。",
    ),
    "keys.watch": ("Watch", "观战"),
    "ui.button.watch": ("Watch", "观战"),
    "ui.lobby.watching": ("{n} watching", "{n}人观战"),
    "ui.lobby.locked": ("🔒", "🔒"),
    "ui.code.title": ("A private table", "私人牌桌"),
    "ui.code.prompt": (
        "Table {n} is private: type its code (ask who opened it).",
        "{n}号牌桌是私人牌桌：请输入密码（问开桌的人）。",
    ),
    "ui.button.ok": ("OK", "确定"),
    "ui.watch.me": ("Watching · {name}", "观战 · {name}"),
    "ui.watch.waiting": (
        "You are watching: the next deal waits for the players. Esc: back to the lobby.",
        "你在观战：下一局等玩家准备。Esc：回大厅。",
    ),
    "ui.watch.where": ("below", "下方"),
    "ui.result.watched": ("Game over", "牌局结束"),
    "ui.button.watch_on": ("Watch on", "继续观战"),
    "keys.watch_on": ("Watch on", "继续观战"),
    "ui.code.placeholder": ("the code", "密码"),
    "ui.help.key.watch": (
        "in a server's lobby: watch the highlighted table (no hand, no moves; Esc leaves)",
        "在服务器大厅：观战选中的牌桌（不看手牌、不出牌；Esc离开）",
    ),
    "ui.chat.nothing_yet": ("Nothing said yet at this table.", "本桌还没有人说话。"),
    "ui.chat.nothing_yet_lobby": ("Nothing said yet in the lobby.", "大厅里还没有人说话。"),
    "ui.chat.mute": ("Mute {name}", "屏蔽{name}"),
    "ui.chat.unmute": ("Hear {name} again", "取消屏蔽{name}"),
    "ui.chat.placeholder": (
        "Tab, then your own words ({n} at most), Enter",
        "按 Tab 输入自己的话（最多{n}字），回车发送",
    ),
    "ui.chat.muted": ("{name} is muted: you will not see their chat", "已屏蔽{name}的聊天"),
    "ui.chat.unmuted": ("You hear {name} again", "已取消屏蔽{name}"),
    "ui.chat.said": ("{name}: {words}", "{name}：{words}"),
    "keys.chat": ("Chat", "聊天"),
    "ui.help.key.look": (
        "after a game: put the result aside to look at the open hands, and back",
        "一局结束后：把结算放到一边看摊开的手牌，再按一次拿回来",
    ),
    "ui.me.takeover": ("托管", "托管中"),
    # --- house rules at the table (issue 12): prompts, seats, result, help ---
    "ui.mode.grab": ("Call & grab (抢地主)", "叫地主/抢地主"),
    "ui.new_game.doubling": ("Doubling (加倍)", "加倍"),
    "ui.new_game.showing": ("Show cards (明牌)", "明牌"),
    "ui.rules.grab": ("Call & grab", "叫地主/抢地主"),
    "ui.rules.doubling": ("Doubling", "加倍"),
    "ui.rules.showing": ("Show cards", "明牌"),
    "ui.new_game.cap": ("Stake cap (封顶)", "封顶"),
    "ui.cap.none": ("None", "不封顶"),
    "ui.cap.at": ("×{x}", "{x}倍"),
    "ui.rules.cap": ("Cap ×{x}", "{x}倍封顶"),
    "ui.new_game.no_shuffle": ("No shuffle (不洗牌)", "不洗牌"),
    "ui.rules.no_shuffle": ("No shuffle", "不洗牌"),
    "ui.rules.factor": ("{rule} ×{x}", "{rule} ×{x}"),
    "ui.rules.bomb": ("Bombs", "炸弹"),
    "ui.rules.hard_bomb": ("Hard bombs", "硬炸"),
    "ui.rules.soft_bomb": ("Soft bombs", "软炸"),
    "ui.rules.wild_bomb": ("Wild bombs", "纯癞子炸"),
    "ui.rules.rocket": ("Rocket", "王炸"),
    "ui.rules.spring": ("Spring", "春天"),
    "ui.top.capped": ("(capped)", "(封顶)"),
    "ui.result.capped": ("capped at ×{x}", "{x}倍封顶"),
    "ui.top.no_call": ("No call yet", "尚未叫地主"),
    "ui.top.called": ("Called", "已叫地主"),
    "ui.top.grabs": ("Grabs {n}", "抢{n}次"),
    "ui.top.yours": ("Your stake ×{x}", "你的倍数 ×{x}"),
    "ui.answer.call": ("Call", "叫地主"),
    "ui.answer.no_call": ("Don't call", "不叫"),
    "ui.answer.grab": ("Grab", "抢地主"),
    "ui.answer.no_grab": ("Don't grab", "不抢"),
    "ui.answer.show": ("Show cards", "明牌"),
    "ui.answer.no_show": ("Don't show", "不明牌"),
    "ui.answer.double": ("Double", "加倍"),
    "ui.answer.no_double": ("Don't double", "不加倍"),
    "ui.answer.redouble": ("Redouble", "再加倍"),
    "ui.answer.no_redouble": ("No redouble", "不加倍"),
    "ui.said.call": ("Call", "叫地主"),
    "ui.said.no_call": ("No call", "不叫"),
    "ui.said.grab": ("Grab!", "抢地主"),
    "ui.said.no_grab": ("No grab", "不抢"),
    "ui.said.show": ("Shown", "明牌"),
    "ui.said.no_show": ("Not shown", "不明牌"),
    "ui.said.double": ("Double", "加倍"),
    "ui.said.no_double": ("No double", "不加倍"),
    "ui.said.redouble": ("Redouble", "再加倍"),
    "ui.said.no_redouble": ("No redouble", "不加倍"),
    "ui.seat.doubled": ("Doubled", "加倍"),
    "ui.seat.redoubled": ("Redoubled", "再加倍"),
    "ui.seat.shown": ("Shown", "明牌"),
    "ui.seat.no_call": ("waiting for the calls", "等待叫地主"),
    "ui.replay.said": ("{who}: {word}.", "{who}：{word}。"),
    "ui.replay.calls": ("Calls: {calls}", "叫地主：{calls}"),
    "ui.replay.doubled": ("Doubled: {names}", "加倍：{names}"),
    "ui.replay.redoubled": ("Redoubled: {name}", "再加倍：{name}"),
    # --- 超级加倍 (super double): a double worth ×4 (Factors.super_double) ---
    "ui.new_game.super_double": ("Super double (超级加倍)", "超级加倍"),
    "ui.rules.super_double": ("Super double", "超级加倍"),
    "ui.answer.super_double": ("Super double ×{x}", "超级加倍 ×{x}"),
    "ui.said.super_double": ("Super double", "超级加倍"),
    "ui.seat.super_doubled": ("Super doubled", "超级加倍"),
    "ui.replay.super_doubled": ("Super doubled: {names}", "超级加倍：{names}"),
    "ui.part.super_doubled": ("super doubled ×{x}", "超级加倍 ×{x}"),
    "ui.part.landlord_super_doubled": ("landlord super doubled ×{x}", "地主超级加倍 ×{x}"),
    "ui.msg.your_super_double": (
        "Double against the landlord (Y, ×{x}), super double (S, ×{s}) or not (N)?",
        "对地主加倍（Y，×{x}）、超级加倍（S，×{s}）还是不加倍（N）？",
    ),
    "ui.msg.your_super_redouble": (
        "Redouble against both peasants (Y, ×{x}), super double (S, ×{s}) or not (N)?",
        "对两家农民再加倍（Y，×{x}）、超级加倍（S，×{s}）还是不加倍（N）？",
    ),
    # --- 明牌开始 (show before the bidding): Rules.show_start, ×5 (Factors.show_start) ---
    "ui.new_game.show_start": ("Show at start (明牌开始)", "明牌开始"),
    "ui.rules.show_start": ("Show at start", "明牌开始"),
    "ui.answer.show_start": ("Show hand", "明牌开始"),
    "ui.answer.no_show_start": ("Don't show", "不明牌"),
    "ui.said.show_start": ("Shown", "明牌"),
    "ui.said.no_show_start": ("Not shown", "不明牌"),
    "ui.part.shown_start": ("shown at start ×{x}", "明牌开始 ×{x}"),
    "ui.msg.your_show_start": (
        "Play with your hand shown to all from now (Y, stake ×{x}) or hidden (N)?",
        "明牌开始，整局亮出手牌（Y，倍数×{x}）还是不明牌（N）？",
    ),
    "ui.msg.their_show_start": (
        "{who} is deciding whether to show the hand from the start…",
        "{who}正在考虑是否明牌开始…",
    ),
    "keys.call": ("Call", "叫地主"),
    "keys.no_call": ("Don't call", "不叫"),
    "keys.grab": ("Grab", "抢地主"),
    "keys.no_grab": ("Don't grab", "不抢"),
    "keys.show": ("Show", "明牌"),
    "keys.no_show": ("Don't show", "不明牌"),
    "keys.double": ("Double", "加倍"),
    "keys.no_double": ("Don't double", "不加倍"),
    "ui.msg.your_call": ("Call the landlord (Y), or not (N).", "叫地主（Y），还是不叫（N）？"),
    "ui.msg.their_call": (
        "{who} is deciding whether to call the landlord…",
        "{who}正在考虑是否叫地主…",
    ),
    "ui.msg.your_grab": (
        "{who} called the landlord: grab it (Y, stake ×{x}) or not (N).",
        "{who}叫了地主：抢地主（Y，倍数×{x}）还是不抢（N）？",
    ),
    "ui.msg.your_grab_back": (
        "Grab the landlord back (Y, stake ×{x}) or let it go (N)?",
        "再抢回地主（Y，倍数×{x}）还是放弃（N）？",
    ),
    "ui.msg.their_grab": (
        "{who} is deciding whether to grab the landlord…",
        "{who}正在考虑是否抢地主…",
    ),
    "ui.msg.your_show": (
        "Show your hand to everyone (Y, stake ×{x}) or keep it hidden (N)?",
        "明牌给所有人看（Y，倍数×{x}）还是不明牌（N）？",
    ),
    "ui.msg.their_show": (
        "The landlord is deciding whether to show the hand…",
        "地主正在考虑是否明牌…",
    ),
    "ui.msg.your_double": (
        "Double your stake against the landlord (Y, ×{x}) or not (N)?",
        "对地主加倍（Y，×{x}）还是不加倍（N）？",
    ),
    "ui.msg.your_redouble": (
        "Redouble against every peasant (Y, ×{x}) or not (N)?",
        "对两家农民再加倍（Y，×{x}）还是不加倍（N）？",
    ),
    "ui.msg.their_double": ("{who} is deciding whether to double…", "{who}正在考虑是否加倍…"),
    "ui.msg.recalled": (
        "Nobody called the landlord: the cards are dealt again.",
        "无人叫地主，重新发牌。",
    ),
    "ui.part.bid": ("bid {n}", "叫分{n}"),
    "ui.part.base": ("base {n}", "底分{n}"),
    "ui.part.grabs": ("{n} grabs ×{x}", "抢地主{n}次 ×{x}"),
    "ui.part.grabs_one": ("{n} grab ×{x}", "抢地主{n}次 ×{x}"),
    "ui.part.shown": ("shown ×{x}", "明牌 ×{x}"),
    "ui.part.bombs": ("{n} bombs ×{x}", "炸弹{n}个 ×{x}"),
    "ui.part.bombs_one": ("{n} bomb ×{x}", "炸弹{n}个 ×{x}"),
    "ui.part.hard_bombs": ("{n} hard bombs ×{x}", "硬炸{n}个 ×{x}"),
    "ui.part.hard_bombs_one": ("{n} hard bomb ×{x}", "硬炸{n}个 ×{x}"),
    "ui.part.soft_bombs": ("{n} soft bombs ×{x}", "软炸{n}个 ×{x}"),
    "ui.part.soft_bombs_one": ("{n} soft bomb ×{x}", "软炸{n}个 ×{x}"),
    "ui.part.wild_bombs": ("{n} wild bombs ×{x}", "纯癞子炸{n}个 ×{x}"),
    "ui.part.wild_bombs_one": ("{n} wild bomb ×{x}", "纯癞子炸{n}个 ×{x}"),
    "ui.part.rocket": ("rocket ×{x}", "王炸 ×{x}"),
    "ui.part.spring": ("spring ×{x}", "春天 ×{x}"),
    "ui.part.anti_spring": ("anti-spring ×{x}", "反春 ×{x}"),
    "ui.part.doubled": ("doubled ×{x}", "加倍 ×{x}"),
    "ui.part.landlord_doubled": ("landlord redoubled ×{x}", "地主再加倍 ×{x}"),
    "ui.result.stake": ("{name}: {parts} = ×{x}", "{name}：{parts} = ×{x}"),
    "ui.result.shared_stake": ("{name}: ×{x}", "{name}：×{x}"),
    "ui.result.landlord_stake": (
        "{name}: both peasants, {stakes} = ×{x}",
        "{name}：两家农民 {stakes} = ×{x}",
    ),
    "ui.help.key.yes": (
        "call / grab / show / double (the buttons say which)",
        "叫地主／抢地主／明牌／加倍（按钮上写着是哪一个）",
    ),
    "ui.help.key.no": ("don't call / grab / show / double", "不叫／不抢／不明牌／不加倍"),
    "ui.help.key.super_double": (
        "super double (×4) instead of double, where the house rules have it",
        "超级加倍（×4），房规有超级加倍时",
    ),
    "ui.help.house": (
        "## House rules\n\n"
        "Chosen in New game (and remembered in Settings); the rules in force are shown "
        "between the other two seats. The order of a deal: the landlord is chosen, takes "
        "the bottom cards, may show the hand (明牌), then everyone may double (加倍), "
        "then the landlord leads.\n\n"
        "## Calling (叫地主) and grabbing (抢地主)\n\n"
        "1. A seat drawn at random starts. In turn, each seat calls the landlord (Y) or "
        "not (N).\n"
        "2. If nobody calls, the cards are dealt again; after three redeals in a row, the "
        "landlord of the next deal is drawn by lot.\n"
        "3. Once a seat has called, each seat after it that has not been asked yet may "
        "grab the landlord (抢地主) once, in turn. A seat that declined to call does not "
        "grab.\n"
        "4. If anyone grabbed, the first caller may grab it back, once, last.\n"
        "5. The last seat to call or grab is the landlord. The call sets the stake at 1; "
        "each grab, grabbing back too, doubles it.\n\n"
        "For example: A calls, B grabs, C does not, A grabs back: A is the landlord at "
        "×4. If the third seat is the first to call, nobody is left to grab: it is the "
        "landlord at ×1.\n\n"
        "## Showing the hand (明牌)\n\n"
        "Having taken the bottom cards, the landlord may show the whole hand to everyone "
        "(×2). The shown cards lie face up on the landlord's seat until they are played.\n\n"
        "## Showing before the bidding (明牌开始)\n\n"
        "Where the house rules have it, once the cards are dealt and before the first bid "
        "or call, each player in turn, from the first to bid, may play the whole game "
        "with the hand shown (Y) or not (N). If anyone shows, the stake is ×5, once. A "
        "landlord who showed then is not asked 明牌 again.\n\n"
        "## Doubling (加倍)\n\n"
        "Each peasant in turn, from the landlord's left, doubles (×2) or not; then the "
        "landlord may redouble (×2). A peasant wins or loses the shared stake × their own "
        "doubling × the landlord's; the landlord, the two peasants' together. For "
        "example, shared ×4, one peasant doubles and the landlord redoubles: that peasant "
        "wins or loses 16, the other 8, and the landlord 24 the other way. The result lists "
        "every factor of each player's stake.\n\n"
        "## Super double (超级加倍)\n\n"
        "Where the house rules have it, a player asked to double may super-double (S) "
        "instead: their doubling is ×4, not ×2. It counts as a double: the landlord is "
        "asked to redouble, and may super-double too.\n\n"
        "## Wildcards (癞子)\n\n"
        "Once the landlord has taken the bottom cards, a rank from 3 to 2 is drawn and "
        "shown between the seats (Wild: 7). Its four cards are wild (marked 癞): each "
        "stands for any rank from 3 to 2 in a play, never a joker; wilds alone are "
        "themselves. Bombs, strongest first: the rocket, the four wilds, four natural "
        "cards (a hard bomb), a bomb made with wilds (a soft bomb); each ×2. When the "
        "cards you raise can be played several ways (7 7 7 and a wild: a soft bomb of 7s, "
        "or three 7s with a single), Enter asks which, the strongest first (↑ ↓ and "
        "Enter, or its number; Esc keeps the cards raised); H offers each play with what "
        "its wilds stand for.",
        "## 玩法规则\n\n"
        "在“新游戏”中选择（并记在设置里）；当前规则显示在另外两家之间。一局的顺序："
        "确定地主，地主拿底牌，可以明牌，然后各家可以加倍，最后地主先出牌。\n\n"
        "## 叫地主 / 抢地主\n\n"
        "1. 随机一家先开始，依次选择叫地主（Y）或不叫（N）。\n"
        "2. 三家都不叫，重新发牌；连续重新发牌三次后，下一副牌抽签决定地主。\n"
        "3. 有人叫地主后，叫地主之后还没表态的各家依次可以抢地主一次。不叫的人不能抢。\n"
        "4. 若有人抢了，第一个叫地主的人最后可以再抢回一次。\n"
        "5. 最后叫或抢的人当地主。叫地主时倍数为1，每抢一次（包括抢回）倍数翻倍。\n\n"
        "例如：甲叫地主，乙抢，丙不抢，甲抢回：甲当地主，×4。若第三家才第一个叫，"
        "没有人可以再抢：它直接当地主，×1。\n\n"
        "## 明牌\n\n"
        "地主拿到底牌后，可以把整手牌亮给所有人看（×2）。明牌的牌正面朝上放在地主座位上，"
        "直到打出为止。\n\n"
        "## 明牌开始\n\n"
        "房规有明牌开始时，发完牌、叫分（或叫地主）之前，从先叫的一家起，各家依次选择整局"
        "亮出手牌（Y）或不亮（N）。只要有人明牌开始，倍数×5，只算一次。已经明牌开始的地主"
        "不再被问是否明牌。\n\n"
        "## 加倍\n\n"
        "从地主下家开始，两家农民依次选择加倍（×2）或不加倍；然后地主可以再加倍（×2）。"
        "农民的输赢 = 公共倍数 × 自己的加倍 × 地主的加倍；地主的输赢是两家农民之和。"
        "例如：公共×4，一家农民加倍、地主再加倍：这家农民±16，另一家±8，地主∓24。"
        "结算界面列出每个人的每一项倍数。\n\n"
        "## 超级加倍\n\n"
        "房规有超级加倍时，被问到加倍的人也可以选择超级加倍（S）：自己的加倍是×4，而不是×2。"
        "它也算加倍：地主仍会被问是否再加倍，也可以超级加倍。\n\n"
        "## 癞子\n\n"
        "地主拿到底牌后，从3到2中抽出一个点数，显示在两家之间（癞子 7）。这个点数的四张牌是"
        "癞子（牌上标“癞”）：出牌时每张可以当作3到2的任何点数，不能当王；只出癞子时就是它"
        "本身。炸弹从大到小：王炸、四张癞子（纯癞子炸）、四张本牌（硬炸）、带癞子的炸弹"
        "（软炸），各×2。选中的牌有几种出法时（7 7 7加一张癞子：7软炸，或三张7带一），"
        "回车后选择，最大的在前（↑ ↓和回车，或按序号；Esc保留选中的牌）；H提示每种出法"
        "和癞子当作的牌。",
    ),
}

"""A table: its notices to every seat and the actions it refuses.

Each key: (English, Simplified Chinese). Prefixes kept here:
`table.`."""

from __future__ import annotations

PHRASES: dict[str, tuple[str, str]] = {
    "table.game_on": ("a game is being played: wait until it ends", "正在对局：请等本局结束"),
    "table.no_player": ("no player sits in seat {seat}", "{seat}号座位没有玩家"),
    "table.notice.dropped": ("{name} lost the connection", "{name}掉线了"),
    "table.notice.back": ("{name} is back", "{name}回来了"),
    "table.notice.takeover": (
        "{name} is away: a bot plays for them (托管)",
        "{name}不在：由电脑托管",
    ),
    "table.notice.left_playing": (
        "{name} left: a bot finishes the game for them",
        "{name}离开了：由电脑代打完本局",
    ),
    "table.notice.left": ("{name} left the table", "{name}离开了牌桌"),
    "table.notice.timeout_bid": ("{name} ran out of time and passed the bid", "{name}超时，不叫"),
    "table.notice.timeout_pass": ("{name} ran out of time and passed", "{name}超时，不出"),
    "table.notice.timeout_play": (
        "{name} ran out of time and played {cards}",
        "{name}超时，自动出了{cards}",
    ),
    "table.notice.timeout_call": (
        "{name} ran out of time and did not call the landlord",
        "{name}超时，不叫地主",
    ),
    "table.notice.timeout_grab": (
        "{name} ran out of time and did not grab the landlord",
        "{name}超时，不抢地主",
    ),
    "table.notice.timeout_show_start": (
        "{name} ran out of time and did not show their cards",
        "{name}超时，不明牌开始",
    ),
    "table.notice.timeout_show": (
        "{name} ran out of time and did not show their cards",
        "{name}超时，不明牌",
    ),
    "table.notice.timeout_double": (
        "{name} ran out of time and did not double",
        "{name}超时，不加倍",
    ),
    # quick phrases (table.chat's QuickPhrase): each reader's screen says them
    "table.phrase.hurry": ("Hurry up!", "快点吧，花儿都谢了！"),
    "table.phrase.well_played": ("Well played!", "打得好！"),
    "table.phrase.bomb": ("A bomb!", "炸弹！"),
    "table.phrase.sorry": ("Sorry!", "不好意思！"),
    "table.phrase.thanks": ("Thanks!", "谢谢！"),
    "table.phrase.teamwork": ("Good teamwork!", "合作愉快！"),
    "table.phrase.nice_cards": ("Your cards are too good!", "你的牌打得太好了！"),
    "table.phrase.again": ("Another game?", "再来一局？"),
    "table.chat.off": ("chat is off at this table", "本桌已关闭聊天"),
    "table.chat.empty": ("nothing to say", "没有要说的话"),
    "table.chat.too_long": ("at most {n} characters a line", "每条最多{n}个字"),
    "table.chat.too_fast": ("{n} line a second at most: wait {s} s", "每秒最多{n}条：请等{s}秒"),
    "table.chat.too_many": (
        "{n} lines a minute at most: wait {s} s",
        "每分钟最多{n}条：请等{s}秒",
    ),
}

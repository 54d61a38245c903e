"""Kept games: the history database's errors and the `ddz history` listing.

Each key: (English, Simplified Chinese). Prefixes kept here:
`store.`, `history.`, `origin.`."""

from __future__ import annotations

PHRASES: dict[str, tuple[str, str]] = {
    "store.error": ("history is off: {path}: {reason}", "战绩记录已关闭：{path}：{reason}"),
    "store.locked": ("the database is locked by another program", "数据库被其他程序锁定"),
    "store.corrupt": (
        "the file is damaged or not a ddz-tui database",
        "文件已损坏或不是ddz-tui数据库",
    ),
    "store.full": ("the disk is full", "磁盘已满"),
    "store.readonly": ("the file cannot be written", "文件无法写入"),
    "store.cannot_open": ("the file cannot be opened", "文件无法打开"),
    "store.newer": (
        "history is off: {path} was written by a newer ddz-tui (schema {version})",
        "战绩记录已关闭：{path} 由更新版本的ddz-tui写入（结构版本{version}）",
    ),
    "history.empty": ("No games kept yet: play one with `ddz`.", "还没有记录：用 `ddz` 玩一局吧。"),
    "history.title": ("Your last {n} games", "最近{n}局"),
    "history.when": ("when", "时间"),
    "history.where": ("where", "地点"),
    "history.you": ("you", "你"),
    "history.result": ("result", "结果"),
    "history.score": ("score", "得分"),
    "history.multiplier": ("×", "倍数"),
    "history.players": ("players", "玩家"),
    "history.won": ("won", "胜"),
    "history.lost": ("lost", "负"),
    "history.left": ("left, lost", "逃跑，负"),
    "origin.local": ("here", "本地"),
    "origin.client": ("online", "联网"),
    "origin.server": ("hosted", "主机"),
    "history.title_one": ("Your last game", "你最近的一局"),
    "history.unreadable_one": ("1 game could not be read", "1局无法读取"),
    "history.unreadable": ("{n} games could not be read", "{n}局无法读取"),
    "history.unreadable_game": (
        "its row in the history database could not be read",
        "战绩数据库中这一局的记录无法读取",
    ),
    "history.ladder.title.day": ("Today's ladder", "今日排行榜"),
    "history.ladder.title.week": ("This week's ladder", "本周排行榜"),
    "history.ladder.title.all": ("All-time ladder", "总排行榜"),
    "history.ladder.player": ("player", "玩家"),
    "history.ladder.points": ("points", "积分"),
    "history.ladder.games": ("games", "局数"),
    "history.ladder.win_rate": ("won", "胜率"),
    "history.ladder.guest": ("guest", "游客"),
    "history.ladder.bot": ("bot", "电脑"),
    "history.ladder.empty": ("No games on this ladder yet.", "这个排行榜还没有对局。"),
    "history.ladder.note": (
        "Ranked: names bound to an SSH key at the server's door. Days and weeks in UTC.",
        "排名：在服务器SSH入口绑定了密钥的名字。日与周按UTC计。",
    ),
    "history.ladder.served_here": (
        "the games served with this history ({path})",
        "用这份战绩记录主持的对局（{path}）",
    ),
    "history.ladder.at_server": ("at {where}", "服务器：{where}"),
    "history.ladder.nothing_here": (
        "This history holds no games played at a server of yours (ddz server keeps them), so "
        "there is no ladder here. Ask a server for its ladder with ddz leaderboard --server "
        "URL; your own games: ddz history, or Stats in the game.",
        "这份战绩记录里没有你主持的服务器上的对局（ddz server 会保存它们），所以这里没有排行榜。"
        "查看服务器的排行榜：ddz leaderboard --server URL；"
        "你自己的对局：ddz history，或游戏中的战绩。",
    ),
    "history.unreadable_record": (
        "its record in the history database could not be read",
        "战绩数据库中这一局的牌谱无法读取",
    ),
}

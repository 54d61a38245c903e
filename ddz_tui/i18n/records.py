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
    "history.unreadable_record": (
        "its record in the history database could not be read",
        "战绩数据库中这一局的牌谱无法读取",
    ),
}

"""The command line's own lines (`ddz serve`, `ddz join`, ...).

Each key: (English, Simplified Chinese). Prefixes kept here:
`net.cli.`."""

from __future__ import annotations

PHRASES: dict[str, tuple[str, str]] = {
    "net.cli.bad_redis": (
        "--redis: {url} is not a Redis address (redis://host:port/db, rediss://... or"
        " unix:///path)",
        "--redis：{url}不是Redis地址（redis://主机:端口/库、rediss://...或unix:///路径）",
    ),
    "net.cli.redis_extra": (
        "--redis needs the redis extra: pip install 'ddz-tui[redis]' (in a checkout:"
        " .venv/bin/pip install '.[redis]')",
        "--redis需要redis扩展：pip install 'ddz-tui[redis]'（在源码目录中："
        ".venv/bin/pip install '.[redis]'）",
    ),
    "net.cli.serving": ("ddz server: listening on {url}", "ddz 服务器：正在监听 {url}"),
    "net.cli.join_hint": (
        "players join with: ddz join {url} --name NAME",
        "玩家加入方式：ddz join {url} --name 名字",
    ),
    "net.cli.loopback_only": (
        "only this machine can connect: use --host 0.0.0.0 to let others on your network in",
        "只有本机可以连接：用 --host 0.0.0.0 让局域网里的其他人加入",
    ),
    "net.cli.cannot_listen": (
        "cannot listen on {host}:{port}: {error}",
        "无法在 {host}:{port} 监听：{error}",
    ),
    "net.cli.bad_port": (
        "a port is a number from 1 to 65535, not {value}",
        "端口是1到65535之间的数，而不是{value}",
    ),
    "net.cli.bad_workers": (
        "bot workers are a number from 0 to {most}, not {value}",
        "机器人进程数是0到{most}之间的数，而不是{value}",
    ),
    "net.cli.bad_count": (
        "a whole number of at least 1, not {value}",
        "应为不小于1的整数，而不是{value}",
    ),
    "net.cli.stopped": ("ddz server: stopped", "ddz 服务器：已停止"),
}

"""Sound: why it is unavailable.

Each key: (English, Simplified Chinese). Prefixes kept here:
`sound.`."""

from __future__ import annotations

PHRASES: dict[str, tuple[str, str]] = {
    "sound.unavailable": ("sound unavailable: {why}", "声音不可用：{why}"),
    "sound.why_detail": ("{why} ({detail})", "{why}（{detail}）"),
    "sound.why.not_installed": (
        "the sound extra is not installed (pip install 'ddz-tui[sound]')",
        "没有安装声音组件（pip install 'ddz-tui[sound]'）",
    ),
    "sound.why.no_device": ("no audio device", "没有音频设备"),
    "sound.why.playback_failed": ("playback failed", "播放失败"),
    "sound.why.missing_files": (
        "the sound files are missing (reinstall ddz-tui)",
        "缺少声音文件（请重新安装 ddz-tui）",
    ),
    "sound.off_over_ssh": (
        "sound starts off over SSH: it would play on the server, not for you",
        "通过 SSH 连接时默认关闭声音：声音会在服务器上播放，你听不到",
    ),
    "sound.locked_off": (
        "sound is off for this session ({name}={off})",
        "本次会话已关闭声音（{name}={off}）",
    ),
    "sound.bad_force": (
        "{name}: {value!r} is not a setting; {name}={off} turns sound off",
        "{name}：{value!r} 不是可用的值；{name}={off} 关闭声音",
    ),
}

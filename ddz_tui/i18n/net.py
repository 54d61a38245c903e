"""Playing over the network: the server's errors, the client, the lobby, SSH.

Each key: (English, Simplified Chinese). Prefixes kept here:
`net.`, `ssh.`."""

from __future__ import annotations

PHRASES: dict[str, tuple[str, str]] = {
    "net.expect.integer": ("a whole number from {lo} to {hi}", "{lo}到{hi}之间的整数"),
    "net.expect.text": ("text of at most {n} characters", "不超过{n}个字符的文本"),
    "net.expect.number": ("a number", "一个数"),
    "net.expect.boolean": ("true or false", "true或false"),
    "net.expect.choice": ("one of {values}", "以下之一：{values}"),
    "net.expect.list": ("a list of {lo} to {hi} items", "含{lo}到{hi}项的列表"),
    "net.expect.distinct_cards": ("different cards", "互不相同的牌"),
    "net.expect.pair": ("a pair of values", "一对值"),
    "net.expect.action": (
        "an action: an object whose kind is bid, answer, play or pass",
        "一个动作：kind为bid、answer、play或pass的对象",
    ),
    "net.expect.action_fields": (
        "a {kind} action with the fields {fields}",
        "含字段{fields}的{kind}动作",
    ),
    "net.expect.action_value": (
        "a {kind} action whose '{field}' is {expected}",
        "{kind}动作，其“{field}”为{expected}",
    ),
    "net.expect.card_ids": ("card ids from 0 to {hi}", "0到{hi}之间的牌号"),
    "net.expect.play": ("[seat, [card ids]]", "[座位, [牌号]]"),
    "net.expect.event": ("a game's events ({error})", "一局牌的事件（{error}）"),
    "net.error.not_object": ("{where}: expected a JSON object", "{where}：应为JSON对象"),
    "net.error.unknown_field": ("{where}: unknown field '{field}'", "{where}：未知字段“{field}”"),
    "net.error.missing_field": ("{where}: missing field '{field}'", "{where}：缺少字段“{field}”"),
    "net.error.bad_field": (
        "{where}: '{field}' must be {expected}",
        "{where}：“{field}”应为{expected}",
    ),
    "net.error.binary": ("messages are JSON text, not binary", "消息应为JSON文本，而不是二进制"),
    "net.error.bad_json": ("that message is not valid JSON", "该消息不是有效的JSON"),
    "net.error.unknown_type": ("unknown message type '{type}'", "未知的消息类型“{type}”"),
    "net.error.bad_play": (
        "the server sent a play that is not a valid combination",
        "服务器发来了无效的牌型",
    ),
    "net.error.record_unfinished": (
        "the server sent the record of a game that is not over",
        "服务器发来了一局未结束的牌局记录",
    ),
    "net.error.chat_text": (
        "chat words must be printable: no control or format characters",
        "聊天内容须为可显示字符：不能有控制字符或格式字符",
    ),
    "net.error.rate": ("too many messages: slow down", "消息太多：请放慢速度"),
    "net.error.hello_first": (
        "say hello first (your name and the protocol version)",
        "请先打招呼（你的名字和协议版本）",
    ),
    "net.error.hello_again": ("you have already said hello", "你已经打过招呼了"),
    "net.error.version": (
        "the server speaks protocol version {server} and this client {client}: use the same "
        "version of ddz-tui",
        "服务器使用第{server}版协议，本客户端使用第{client}版：请使用相同版本的ddz-tui",
    ),
    "net.error.name_taken": (
        "the name {name} is taken: choose another",
        "名字{name}已被占用：请换一个",
    ),
    "net.error.cluster_tables": (
        "the servers cannot reach their shared store just now, so no new table can be"
        " opened: the tables already open play on; try again in a moment",
        "服务器暂时连不上共享存储，现在无法开新牌桌：已开的牌桌照常进行，请稍后再试",
    ),
    "net.error.cluster_names": (
        "the servers cannot reach their shared store just now, so a new name cannot be"
        " checked: try again in a moment (players already here play on)",
        "服务器暂时连不上共享存储，现在无法核对新名字：请稍后再试（已在线的玩家照常进行）",
    ),
    "net.error.internal": (
        "the server could not handle that; try again",
        "服务器无法处理该请求，请重试",
    ),
    "net.error.no_ladder": (
        "this server keeps no history of its games now, so it has no ladder",
        "该服务器目前没有保存对局记录，因此没有排行榜",
    ),
    "net.error.too_many_tables": (
        "the server already has {n} tables: join one of them",
        "服务器已有{n}张牌桌：请加入其中一张",
    ),
    "net.error.tables_left": (
        "you left {n} tables to bots that are still playing: wait for their games to end,"
        " or sit down at one of them",
        "你留给电脑的{n}张牌桌还在对局：请等这些对局结束，或回到其中一张入座",
    ),
    "net.error.title": (
        "a table title can only have printable characters",
        "牌桌名称只能包含可打印字符",
    ),
    "net.error.no_such_table": ("there is no table {table}", "没有{table}号牌桌"),
    "net.error.seat_taken": ("seat {seat} is taken", "{seat}号座位已有人"),
    "net.error.table_full": ("the table is full", "牌桌已满"),
    "net.error.already_seated": (
        "you are at table {table}: leave it first",
        "你已在{table}号牌桌：请先离开",
    ),
    "net.error.not_seated": (
        "you are not at a table: join one first",
        "你不在牌桌上：请先加入一张",
    ),
    "net.error.code": (
        "a table's code is {low} to {high} letters or digits",
        "牌桌密码为{low}到{high}个字母或数字",
    ),
    "net.error.wrong_code": (
        "table {table} is private: that is not its code",
        "{table}号牌桌是私人牌桌：密码不对",
    ),
    "net.error.code_limited": (
        "too many wrong codes: try again in {seconds} s",
        "密码错误次数太多：请{seconds}秒后再试",
    ),
    "net.error.no_spectators": (
        "table {table} does not let anyone watch",
        "{table}号牌桌不允许观战",
    ),
    "net.error.too_many_watchers": (
        "table {table} has as many watching as it may: try later",
        "{table}号牌桌观战人数已满：请稍后再试",
    ),
    "net.error.server_watchers": (
        "the server has as many watching as it may: try later",
        "服务器观战人数已满：请稍后再试",
    ),
    "net.error.watching": (
        "you are watching: spectators read the table's chat but do not write",
        "你在观战：观众只能看桌上聊天，不能发言",
    ),
    "net.error.watch_closed": ("table {table} has closed", "{table}号牌桌已关闭"),
    "net.error.spectator_hand": (
        "the server sent a spectator a hand while the game is on",
        "服务器在对局中向观众发送了手牌",
    ),
    "net.name.empty": ("a name cannot be empty", "名字不能为空"),
    "net.name.too_long": ("a name has at most {n} characters", "名字最多{n}个字符"),
    "net.name.unprintable": ("a name can only have printable characters", "名字只能包含可打印字符"),
    "net.table_title": ("{name}'s table", "{name}的牌桌"),
    "net.bot_name": ("Bot {n}", "电脑{n}"),
    "net.table_number": ("Table {n}", "{n}号牌桌"),
    "net.client.bad_url": (
        "{url} is not a server address: use ws://HOST:PORT",
        "{url} 不是服务器地址：请用 ws://主机:端口",
    ),
    "net.client.unknown_host": (
        "cannot find the host {host}: check the address",
        "找不到主机 {host}：请检查地址",
    ),
    "net.client.refused": (
        "nothing is listening at {where}: is the server running there?",
        "{where} 没有服务在监听：服务器开着吗？",
    ),
    "net.client.no_route": (
        "cannot reach {where}: check the network and the address",
        "无法到达 {where}：请检查网络和地址",
    ),
    "net.client.timeout": (
        "no answer from {where}: check the address and any firewall",
        "{where} 没有应答：请检查地址和防火墙",
    ),
    "net.client.os_error": ("cannot connect to {where}: {error}", "无法连接 {where}：{error}"),
    "net.client.not_ddz": ("{where} is not a ddz-tui server", "{where} 不是 ddz-tui 服务器"),
    "net.client.not_ddz_because": (
        "{where} is not a ddz-tui server of this version ({error})",
        "{where} 不是这个版本的 ddz-tui 服务器（{error}）",
    ),
    "net.client.no_welcome": (
        "the server at {where} closed the connection before welcoming us",
        "{where} 的服务器在欢迎之前就断开了连接",
    ),
    "net.client.too_big": (
        "the server at {where} sent a message over the {limit} MiB limit:"
        " the connection was closed",
        "{where} 的服务器发来的消息超过 {limit} MiB 上限：连接已关闭",
    ),
    "net.client.bad_message": (
        "the server sent a message that breaks the protocol: {error}",
        "服务器发来了不符合协议的消息：{error}",
    ),
    "net.client.not_connected": ("not connected to the server", "未连接到服务器"),
    "net.client.no_reply": ("the server did not answer", "服务器没有应答"),
    "net.client.server_gone": (  # said in the lobby of another server, which it names
        "the server at {gone} is gone, and table {table} with it",
        "{gone}的服务器已断开，{table}号牌桌随之关闭",
    ),
    "net.client.unseated": (
        "you are no longer at table {table}: the server let your seat go (or restarted)",
        "你已不在{table}号牌桌上：服务器释放了你的座位（或已重启）",
    ),
    "net.client.replaced": (
        "you connected again from somewhere else: this session ended",
        "你在别处重新连接了：本会话结束",
    ),
    "net.client.shut_down": ("the server at {where} was shut down", "{where} 的服务器已关闭"),
    "net.client.lost": ("the connection to {where} was lost", "与 {where} 的连接断开了"),
    "net.client.reconnecting": ("connection lost: reconnecting…", "连接断开：正在重连…"),
    "net.client.gave_up": (
        "the connection was lost and could not be resumed: {error}",
        "连接断开且无法恢复：{error}",
    ),
    "net.client.moved_too_often": (
        "the servers kept sending us on to another server: try again in a moment",
        "服务器一再把我们转到另一台服务器：请稍后再试",
    ),
    "net.client.bad_move": (
        "the server sent us on to {url}, which is not a server address",
        "服务器把我们转到 {url}，这不是服务器地址",
    ),
    "net.client.move_failed": (
        "the server sent us on to {where}, which cannot be reached: {error}",
        "服务器把我们转到 {where}，但无法连接：{error}",
    ),
    "net.client.moved_reply": (
        "a moved reply to a {type} request",
        "对 {type} 请求的 moved 回复",
    ),
    "net.expect.address": (
        "a ws:// address of at most {n} printable characters",
        "不超过{n}个可打印字符的 ws:// 地址",
    ),
    "net.lobby.playing": ("playing game {n}", "第{n}局进行中"),
    "net.lobby.waiting": ("waiting for players", "等待玩家"),
    "net.lobby.empty_seat": ("(empty)", "（空）"),
    "ssh.missing_extra": (
        "serve-ssh needs the ssh extra; in the checkout: .venv/bin/pip install '.[sound,ssh]'",
        "serve-ssh 需要 ssh 附加组件；在代码目录中运行：.venv/bin/pip install '.[sound,ssh]'",
    ),
    "ssh.serving": (
        "ddz serve-ssh: players connect with: ssh -p {port} NAME@{host}",
        "ddz serve-ssh：玩家连接方式：ssh -p {port} 名字@{host}",
    ),
    "ssh.fingerprint": (
        "host key {fingerprint} ({path}{made})",
        "主机密钥 {fingerprint}（{path}{made}）",
    ),
    "ssh.key_made": (", made now", "，刚刚生成"),
    "ssh.game_server": ("game server: {url}", "游戏服务器：{url}"),
    "ssh.key_unreadable": (
        "cannot read the host key {path}: {error}",
        "无法读取主机密钥 {path}：{error}",
    ),
    "ssh.key_unwritable": (
        "cannot write the host key {path}: {error}",
        "无法写入主机密钥 {path}：{error}",
    ),
    "ssh.bad_name": (
        "ddz: {error}. Connect as: ssh -p PORT NAME@HOST, with the name you want.",
        "ddz：{error}。请这样连接：ssh -p 端口 名字@主机，用你想在牌桌上用的名字。",
    ),
    "ssh.needs_terminal": (
        "ddz needs a terminal: connect with ssh -t",
        "ddz 需要终端：请用 ssh -t 连接",
    ),
    "ssh.cannot_start": ("ddz could not start the game: {error}", "ddz 无法启动游戏：{error}"),
    "ssh.name_playing": (
        "ddz: {name} is playing; choose another name.",
        "ddz：{name} 正在游戏中；请换一个名字。",
    ),
    "ssh.name_kept": (
        "ddz: the name {name} belongs to another SSH key; connect with that key, or choose "
        "another name.",
        "ddz：名字 {name} 属于另一把 SSH 密钥；请用那把密钥连接，或换一个名字。",
    ),
    "ssh.taken_over": (
        "ddz: {name} connected again from elsewhere with their key; this session has ended.",
        "ddz：{name} 用自己的密钥从别处重新连接了；本会话已结束。",
    ),
    "ssh.names": (
        "names kept for SSH keys: {path} ({count})",
        "与 SSH 密钥绑定的名字：{path}（{count} 个）",
    ),
    "ssh.names_broken": (
        "the names file was broken ({why}): set aside as {backup}; {count} bindings kept",
        "名字文件已损坏（{why}）：已另存为 {backup}；保留了 {count} 个绑定",
    ),
    "ssh.names_not_set_aside": (
        "the names file was broken ({why}) and could not be set aside ({error}); "
        "{count} bindings kept",
        "名字文件已损坏（{why}），且无法另存（{error}）；保留了 {count} 个绑定",
    ),
    "ssh.broken.unreadable": ("unreadable: {error}", "无法读取：{error}"),
    "ssh.broken.too_big": ("larger than {bytes} bytes", "超过 {bytes} 字节"),
    "ssh.broken.not_json": ("not JSON: {error}", "不是 JSON：{error}"),
    "ssh.broken.not_names": (
        "not a version {version} names file",
        "不是第 {version} 版的名字文件",
    ),
    "ssh.broken.bad_entries": ("{n} bad entries", "{n} 个无效条目"),
    "ssh.limits": (
        "at most {total} connections at once, {per_address} from one address",
        "同时最多 {total} 个连接，同一地址最多 {per_address} 个",
    ),
    "ssh.too_many_from_address": (
        "ddz: too many connections from your address; try again later.",
        "ddz：来自你的地址的连接太多；请稍后再试。",
    ),
    "ssh.full": ("ddz: the server is full; try again later.", "ddz：服务器已满；请稍后再试。"),
    "ssh.crowded": ("too many connections", "连接太多"),
    "ssh.one_session": (
        "ddz: one game per SSH connection, and this one has a game already.",
        "ddz：每个 SSH 连接只能开一局游戏，这个连接已经有一局了。",
    ),
    "ssh.idle": (
        "ddz: no key pressed for {minutes} minutes away from a table; the session has ended. "
        "Connect again to play.",
        "ddz：离开牌桌 {minutes} 分钟没有按键；会话已结束。请重新连接再玩。",
    ),
    "ssh.game_failed": (
        "ddz: your game stopped on an error (the server logged it); connect again to go on.",
        "ddz：你的游戏因错误而停止（服务器已记录）；请重新连接继续。",
    ),
    "ssh.worker_lost": (
        "ddz: the server's game process stopped; connect again to go on (a seat held for "
        "your key is yours again).",
        "ddz：服务器的游戏进程停止了；请重新连接继续（你的密钥保留的座位会还给你）。",
    ),
    "ssh.too_slow": (
        "ddz: your connection did not take the screen for too long; the session has ended.",
        "ddz：你的连接太久没有接收画面；会话已结束。",
    ),
    "ssh.shutting_down": (
        "ddz: the server is shutting down.",
        "ddz：服务器正在关闭。",
    ),
    "ssh.workers": (
        "games run in {workers} worker processes; a session idle away from a table ends "
        "after {minutes} minutes",
        "游戏在 {workers} 个工作进程中运行；离开牌桌空闲 {minutes} 分钟的会话会结束",
    ),
    "ssh.too_many_logins": (
        "ddz: too many logins from your address; wait a minute and try again.",
        "ddz：来自你的地址的登录太多；请等一分钟再试。",
    ),
    "ssh.key_full": (
        "ddz: your key keeps {count} names already ({names}); {name} plays as a guest this "
        "time (its seat is not kept for your key).",
        "ddz：你的密钥已绑定 {count} 个名字（{names}）；这次 {name} 以访客身份游戏（座位不会为你的"
        "密钥保留）。",
    ),
    "net.expect.rules": ("house rules ({error})", "房规（{error}）"),
    "net.expect.wilds": (
        "what the wilds stand for: 1 to {n} ranks from 3 to 2, low to high",
        "癞子当作的牌：1到{n}个点数（3到2），从小到大",
    ),
    "net.error.bad_wilds": (
        "what a play's wilds stood for does not fit its cards",
        "出牌中癞子当作的牌与牌不符",
    ),
    "net.error.mode_and_rules": (
        "'mode' and the landlord of 'rules' disagree: give one",
        "“mode”与“rules”的地主方式不一致：只给一个",
    ),
}

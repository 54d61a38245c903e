"""The real-Redis fixture (tests/support/redis.py) the tests of servers sharing a Redis
stand on: it runs, it dies and comes back on the same address, and it leaves nothing
running."""

from __future__ import annotations

import asyncio
import os
import socket

import pytest
from redis.asyncio import Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError

from tests.support.redis import NOT_INSTALLED, RedisServer, RedisServerError


def client(url: str) -> Redis:
    """A client that reports a dead Redis at once, instead of retrying for seconds."""
    return Redis.from_url(url, retry=Retry(NoBackoff(), 0), socket_connect_timeout=5)


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def test_a_real_redis_on_loopback_keeps_what_it_is_given(redis_server) -> None:
    assert redis_server.url == f"redis://127.0.0.1:{redis_server.port}/0"
    redis = client(redis_server.url)
    try:
        await redis.set("table:1", "owned by A")
        assert await redis.get("table:1") == b"owned by A"
        info = await redis.info("server")
        assert info["process_id"] == redis_server.pid, "the fixture's own redis-server"
    finally:
        await redis.aclose()


async def test_a_killed_redis_cuts_its_clients_off_and_comes_back_empty_on_the_same_url(
    redis_server,
) -> None:
    url = redis_server.url
    redis = client(url)
    try:
        await redis.set("name:ann", "A")
        killed = redis_server.pid
        await asyncio.to_thread(redis_server.kill)
        assert not redis_server.running
        assert gone(killed)
        with pytest.raises(RedisConnectionError):
            await redis.get("name:ann")

        await asyncio.to_thread(redis_server.restart)
        assert redis_server.url == url
        # the same client finds it again; nothing was saved, so it starts empty
        assert await redis.get("name:ann") is None
        await redis.set("name:ann", "B")
        assert await redis.get("name:ann") == b"B"
    finally:
        await redis.aclose()


def test_stop_leaves_no_process(redis_server) -> None:
    pid = redis_server.pid
    assert pid is not None and not gone(pid)
    redis_server.stop()
    assert gone(pid)
    assert not redis_server.running and redis_server.pid is None
    redis_server.stop()  # stopping a stopped one does nothing


def test_two_at_once_have_their_own_ports_and_folders(tmp_path) -> None:
    """As two pytest-xdist workers' Redis servers do."""
    with RedisServer(tmp_path / "a") as first, RedisServer(tmp_path / "b") as second:
        assert first.port != second.port
        assert first.pid != second.pid
        assert first.log.parent != second.log.parent
        pids = [first.pid, second.pid]
    assert all(pid is not None and gone(pid) for pid in pids)


def test_a_redis_that_cannot_come_back_says_why_with_its_log(tmp_path) -> None:
    server = RedisServer(tmp_path / "redis", start_timeout=0.5)
    server.start()
    server.kill()
    # something else takes the port meanwhile: the restart is refused, within its bound
    with socket.socket() as squatter:
        squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        squatter.bind(("127.0.0.1", server.port))
        squatter.listen()
        with pytest.raises(RedisServerError) as refused:
            server.start()
    assert "Address already in use" in str(refused.value)
    assert str(server.log) in str(refused.value)
    assert not server.running


def test_without_the_program_it_says_what_to_install(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(RedisServerError, match="install the redis-server package"):
        RedisServer(tmp_path / "redis").start()
    assert "install the redis-server package; .ci/run does" in NOT_INSTALLED

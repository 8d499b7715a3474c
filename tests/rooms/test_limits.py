"""What a visitor without a token meets: a body too long refused before it is read, a WebSocket closed when
it says no hello, a 4xx (never a 500) for any odd request, logs that hold the path only, a
Content-Security-Policy with frame-ancestors, no server version; and one server per data folder."""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys

import pytest
from browser_support import free_port
from rooms.wire import Client, RoomServer, run, served
from tornado.httpclient import AsyncHTTPClient, HTTPClientError
from tornado.iostream import IOStream

from tictac_nb.rooms.hall import Hall
from tictac_nb.rooms.server import CLOSE_NO_HELLO, MAX_BODY
from tictac_nb.rooms.store import FolderInUse


async def fetch(port: int, path: str, method: str = "GET", body: bytes | None = None, token: str | None = None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    try:
        answer = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}{path}", method=method, body=body,
                                               headers=headers, allow_nonstandard_methods=True,
                                               follow_redirects=False)
    except HTTPClientError as error:
        return error.code, error.response.headers if error.response else {}
    return answer.code, answer.headers


def test_a_long_body_is_refused_before_it_is_read():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        async with served(hall) as port:
            stream = await IOStream(__import__("socket").socket()).connect(("127.0.0.1", port))
            await stream.write(b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer wrong\r\n"
                               b"Content-Length: 40000000\r\n\r\n" + b"x" * 1000)
            first = await asyncio.wait_for(stream.read_until(b"\r\n"), 10)  # answered with 39.99 MB unsent
            assert first.split()[1].startswith(b"4"), first
            stream.close()
            code, _ = await fetch(port, "/api/rooms", "POST", b"{" + b" " * MAX_BODY + b"}", hall.teacher)
            assert 400 <= code < 500 and not hall.rooms

    run(scenario())


def test_a_websocket_that_says_no_hello_is_closed():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tyc", seed=1)
        async with served(hall, hello_wait=0.2) as port:
            silent = await Client.open(port, room.id, None)
            assert (await silent.closed()).code == CLOSE_NO_HELLO
            seat = await Client.seat(port, room, 0)  # one that says hello stays
            await asyncio.sleep(0.4)
            await seat.ask({"type": "width", "width": 500})

    run(scenario())


ODD = ["/api/qr?seat=%C2%B2", "/api/qr?room=%FF%FE&seat=0&base=http://x", "/api/qr?seat=99999999999999999999",
       "/api/qr?seat=-1", "/api/qr?seat=watch&base=javascript:1", "/seat/%00", "/seat/" + "a" * 40,
       "/watch/nope", "/replay/nope", "/export/nope", "/nothing/here?x=%ZZ", "/static/../rooms/room.py",
       "/static/nope.js?%", "/ws/nope", "/api/room", "/lobby/%C0%AF", "/%2e%2e/etc/passwd"]


@pytest.mark.parametrize("method", ["GET", "POST", "PUT", "DELETE", "PATCH"])
def test_odd_requests_get_a_4xx_never_a_500_and_the_log_holds_the_path_only(method, caplog):
    async def scenario():
        hall = Hall(None, bot_delay=0)
        hall.open("tyc", seed=1)
        async with served(hall) as port:
            for path in ODD:
                for token in (None, hall.teacher):
                    body = b"\xff{" if method in ("POST", "PUT", "PATCH") else None
                    code, _ = await fetch(port, path, method, body, token)
                    assert 300 <= code < 500, (method, path, code)
            for body in (b"[]", b'{"room": 5}', b'{"room": "x", "do": "end"}', b'{"do": []}', b"1e999999"):
                code, _ = await fetch(port, "/api/room", "POST", body, hall.teacher)
                assert code == 400 if method == "POST" else True

    caplog.set_level(logging.DEBUG)
    run(scenario())
    assert "%FF" not in caplog.text and "base=" not in caplog.text and "Traceback" not in caplog.text


def test_every_answer_has_a_content_security_policy_and_no_server_version():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tyc", seed=1)
        async with served(hall) as port:
            for path in ("/", "/lobby", f"/seat/{room.id}", f"/watch/{room.id}", "/static/board.js",
                         "/static/seat.js", "/api/rooms", "/nothing", "/ws/nope"):
                _, headers = await fetch(port, path)
                policy = headers.get("Content-Security-Policy", "")
                assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy, path
                assert headers.get("Server") == "tictac_nb", path

    run(scenario())


def test_one_server_per_data_folder(tmp_path):
    hall = Hall(tmp_path, bot_delay=0)
    with pytest.raises(FolderInUse, match=f"pid {os.getpid()}"):
        Hall(tmp_path)
    hall.close()
    Hall(tmp_path).close()  # free again once the first let go

    port = free_port()
    server = RoomServer(port, tmp_path)
    try:
        second = subprocess.run([sys.executable, "-m", "tictac_nb.rooms.cli", "serve", "--port", "0", "--data",
                                 str(tmp_path)], capture_output=True, text=True, timeout=60)
        assert second.returncode == 1 and f"pid {server.proc.pid}" in second.stderr, second.stderr
        assert server.api()["rooms"] == []  # the first serves on
    finally:
        server.stop()

"""Test support for rooms: a hall served in-process on a free port (in the test's own event loop), and a
WebSocket client per seat that records every frame it receives, as sent."""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import sys
import time
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from browser_support import stop_group
from tornado.websocket import websocket_connect

from tictac_nb.rooms.hall import Hall
from tictac_nb.rooms.server import listen, make_app

WAIT = 10.0  # seconds a test waits for a frame before failing


class Closed(Exception):
    def __init__(self, code: int | None, reason: str | None) -> None:
        super().__init__(f"closed with {code}: {reason}")
        self.code, self.reason = code, reason


@contextlib.asynccontextmanager
async def served(hall: Hall, **limits: Any) -> AsyncIterator[int]:
    """`hall` served on 127.0.0.1 and a free port (yielded) in this event loop, stopped afterwards."""
    server = listen(make_app(hall, **limits), 0)
    port = next(iter(server._sockets.values())).getsockname()[1]
    try:
        yield port
    finally:
        server.stop()
        await server.close_all_connections()


class Client:
    """One page's WebSocket: `frames` holds every message the server sent it, as text; `values` the traits."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.frames: list[str] = []
        self.values: dict[str, Any] = {}
        self.hello: dict | None = None

    @classmethod
    async def open(cls, port: int, room_id: str, hello: Any | None) -> Client:
        """Connect; send `hello` (a dict, or text as it is) and wait for the first frame if one comes."""
        client = cls(await websocket_connect(f"ws://127.0.0.1:{port}/ws/{room_id}"))
        if hello is not None:
            await client.send(hello)
            first = await client.next()
            client.hello = first.get("hello")
        return client

    @classmethod
    async def seat(cls, port: int, room, seat: int) -> Client:
        return await cls.open(port, room.id, {"type": "hello", "token": room.seats[seat].token})

    @classmethod
    async def token(cls, port: int, room_id: str, token: str) -> Client:
        return await cls.open(port, room_id, {"type": "hello", "token": token})

    @classmethod
    async def watch(cls, port: int, room) -> Client:
        return await cls.open(port, room.id, {"type": "hello", "watch": room.watch_token})

    async def send(self, message: Any) -> None:
        await self.ws.write_message(message if isinstance(message, str | bytes) else json.dumps(message),
                                    binary=isinstance(message, bytes))

    async def next(self, timeout: float = WAIT) -> dict:
        text = await asyncio.wait_for(self.ws.read_message(), timeout)
        if text is None:
            raise Closed(self.ws.close_code, self.ws.close_reason)
        self.frames.append(text)
        frame = json.loads(text)
        self.values.update(frame["set"])
        return frame

    async def closed(self, timeout: float = WAIT) -> Closed:
        """Read until the server closes; the close (code and reason)."""
        try:
            while True:
                await self.next(timeout)
        except Closed as closed:
            return closed

    async def ask(self, message: Any) -> dict:
        """Send a message and read frames until it is answered (`answers` grows); the last frame."""
        answers = self.values.get("answers", 0)
        await self.send(message)
        while True:
            frame = await self.next()
            if self.values["answers"] > answers:
                return frame

    async def act(self, target: str) -> dict:
        return await self.ask({"type": "act", "target": target, "turn": self.values["turn"]})

    def close(self) -> None:
        self.ws.close()


def run(coroutine) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 120))


class RoomServer:
    """`tictac-nb serve` in a subprocess of its own process group, on `port` with its data in `data`;
    `lobby` is the teacher's token it printed. Stopped by its process group's id."""

    def __init__(self, port: int, data: Path, bot_delay: float = 0.0, *extra: str) -> None:
        self.port, self.data = port, data
        self.url = f"http://127.0.0.1:{port}"
        self.log = open(data / f"server-{time.monotonic_ns()}.log", "w+")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tictac_nb.rooms.cli", "serve", "--port", str(port), "--data", str(data),
             "--bot-delay", str(bot_delay), *extra], stdout=subprocess.PIPE, stderr=self.log, text=True,
            start_new_session=True)
        self.teacher = ""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                self.stop()
                raise RuntimeError(f"the room server exited before it listened: {self.logged()}")
            if "#" in line and "/lobby" in line:
                self.teacher = line.strip().rsplit("#", 1)[1]
                break

    def api(self, method: str = "GET", path: str = "/api/rooms", body: Any = None) -> Any:
        request = urllib.request.Request(f"{self.url}{path}", method=method,
                                         data=None if body is None else json.dumps(body).encode(),
                                         headers={"Authorization": f"Bearer {self.teacher}"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def logged(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def stop(self) -> None:
        stop_group(self.proc)
        self.proc.stdout.close()

"""A notebook at a room: `join(link)` (or `Board.join(link)`) takes a seat, or watches with a spectator
link (the onlooker's board, for the projector), on the room server that holds the game.

The joined board is the kit's own widget front end (board.js) on a `RemoteBoard`: its traits come from
the room's frames over a WebSocket opened by the kernel, and its page's messages go to the room as they
are. The kernel holds only what the seat's page would: no state, no rule, no token of another seat.
"""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from ..core.front_end import CLOSE_LOCKED, CLOSED_FOR_GOOD, TRAITS
from .frontend import BoardFront

RETRY = (0.25, 8.0)  # seconds before reconnecting: first, and at most (doubling in between)


def parse_link(link: str) -> tuple[str, dict]:
    """The WebSocket URL of a seat's or spectator's link, and the hello it sends; else `ValueError`."""
    parts = urlsplit(link)
    pieces = parts.path.rstrip("/").split("/")
    if parts.scheme not in ("http", "https") or len(pieces) < 3 or pieces[-2] not in ("seat", "watch"):
        raise ValueError("a room link looks like http://host:port/seat/ROOM#TOKEN or http://host:port/watch/ROOM#TOKEN")
    kind, room = pieces[-2], pieces[-1]
    if not parts.fragment:
        raise ValueError(f"this {kind} link has lost its token (the part after #)")
    path = "/".join([*pieces[:-2], "ws", room])
    url = urlunsplit(("wss" if parts.scheme == "https" else "ws", parts.netloc, path, "", ""))
    hello = {"type": "hello", "token" if kind == "seat" else "watch": parts.fragment}
    return url, hello


class RemoteBoard(BoardFront):
    """A board whose game is held by a room server: a seat (or the onlooker) over a WebSocket."""

    def __init__(self, link: str, **kwargs: Any) -> None:
        super().__init__(**{"status": "Connecting to the room…", **kwargs})
        self._url, self._hello = parse_link(link)
        self.seat_name = ""
        self.connected = threading.Event()
        self._socket: Any = None
        self._width: dict | None = None
        self._closing = False
        self.on_msg(self._from_page)
        try:
            self._loop = asyncio.get_running_loop()  # a kernel: its own event loop
        except RuntimeError:  # a script: a loop of its own in a thread
            self._loop = asyncio.new_event_loop()
            threading.Thread(target=self._loop.run_forever, daemon=True, name="tictac-room").start()
        self._task = asyncio.run_coroutine_threadsafe(self._run(), self._loop)

    async def _run(self) -> None:
        from tornado.websocket import websocket_connect

        wait = RETRY[0]
        while not self._closing:
            try:
                self._socket = await websocket_connect(self._url)
                await self._socket.write_message(json.dumps(self._hello))
                first = True
                while (text := await self._socket.read_message()) is not None:
                    self._apply(json.loads(text))
                    if first:
                        first, wait = False, RETRY[0]
                        self.connected.set()
                        if self._width is not None:
                            await self._socket.write_message(json.dumps(self._width))
                code, reason = self._socket.close_code, self._socket.close_reason
            except OSError as error:
                code, reason = None, str(error)
            self.connected.clear()
            if code in CLOSED_FOR_GOOD:
                self.message = reason or "this link opens no seat here"
                return
            if not self._closing:
                self.message = reason if code == CLOSE_LOCKED else "connection to the room lost: reconnecting…"
                await asyncio.sleep(wait)
                wait = min(2 * wait, RETRY[1])

    def _apply(self, frame: dict) -> None:
        if "hello" in frame:
            self.seat_name = str(frame["hello"].get("seat", ""))
        values = {name: value for name, value in frame.get("set", {}).items() if name in TRAITS}
        with self.hold_sync():
            for name, value in values.items():
                setattr(self, name, value)

    def _from_page(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """The page's message goes to the room as it is (the room checks it); a width is kept for reconnects."""
        if isinstance(content, dict) and content.get("type") == "width":
            self._width = content
        self.send_to_room(content)

    def send_to_room(self, content: Any) -> None:
        """Send a message to the room (dropped while the connection is down: the page's turn is stale then)."""
        socket = self._socket
        if socket is not None and self.connected.is_set():
            asyncio.run_coroutine_threadsafe(self._write(socket, json.dumps(content)), self._loop)

    @staticmethod
    async def _write(socket: Any, text: str) -> None:
        from tornado.websocket import WebSocketClosedError

        try:
            await socket.write_message(text)
        except WebSocketClosedError:
            pass

    def act(self, target: str) -> None:
        """Click `target`, as the page would."""
        self.send_to_room({"type": "act", "target": target, "turn": self.turn})

    def close(self) -> None:
        self._closing = True
        if self._socket is not None:
            self._loop.call_soon_threadsafe(self._socket.close)
        super().close()


def join(link: str) -> RemoteBoard:
    """A seat of a room (its secret link) or the onlooker's board (a spectator link), live in the notebook."""
    return RemoteBoard(link)



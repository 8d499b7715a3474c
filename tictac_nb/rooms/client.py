"""A notebook at a room: `join(link)` (or `Board.join(link)`) takes a seat, or watches with a spectator
link (the onlooker's board, for the projector); `open("tic-tac-ko", players=4, bots={3: "default"})` opens a
room on the room server of a data folder, starting that server in the background if none runs, and shows
the seat links.

The joined board is the kit's own widget front end (board.js) on a `RemoteBoard`: its traits come from
the room's frames over a WebSocket opened by the kernel, and its page's messages go to the room as they
are. The kernel holds only what the seat's page would: no state, no rule, no token of another seat.
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from ..frontend import BoardFront
from .keys import Keys, private_file, private_folder
from .room import CLOSE_LOCKED, TRAITS

RETRY = (0.25, 8.0)  # seconds before reconnecting: first, and at most (doubling in between)
SERVER_FILE = "server.json"
CLOSED_FOR_GOOD = (4401, 4403, 4404, 4409, 4410, 4411)
"""Close codes after which a page does not reconnect: a bad link, a full gallery, no such room (or removed), the
seat taken over on another screen, reissued or freed by the teacher. A locked seat (4423) is tried again, with
the same backoff, until the teacher unlocks it."""


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


class OpenedRoom:
    """A room opened from a notebook: its seat links (shown as a table), `seat(i)` and `watch()` boards."""

    def __init__(self, url: str, room: dict) -> None:
        self.url, self.id = url, room["id"]
        self.title, self.seats = room["title"], room["seats"]
        self.links = [None if seat["token"] is None else f"{url}/seat/{self.id}#{seat['token']}"
                      for seat in self.seats]
        self.watch_link = f"{url}/watch/{self.id}#{room['watch']}"

    def seat(self, index: int) -> RemoteBoard:
        link = self.links[index]
        if link is None:
            raise ValueError(f"seat {index} is played by a bot")
        return join(link)

    def watch(self) -> RemoteBoard:
        return join(self.watch_link)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(seat['name'])}</td><td>"
            + (html.escape(seat['bot_words'], quote=False) if link is None
               else f'<a href="{html.escape(link)}" target="_blank" rel="noreferrer">{html.escape(link)}</a>')
            + "</td></tr>" for seat, link in zip(self.seats, self.links, strict=True))
        return (f"<p>{html.escape(self.title)}, room {html.escape(self.id)}: hand each player their own link "
                f"(it is their secret).</p><table>{rows}</table><p>Onlooker (projector): "
                f'<a href="{html.escape(self.watch_link)}" target="_blank">{html.escape(self.watch_link)}</a></p>')

    def __repr__(self) -> str:
        return f"{self.title}, room {self.id}: " + ", ".join(link or "bot" for link in self.links)


def _answers(url: str) -> bool:
    try:
        urllib.request.urlopen(f"{url}/lobby", timeout=2)
        return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def server_url(data: str | os.PathLike = "rooms-data", host: str = "127.0.0.1", timeout: float = 30) -> str:
    """The URL of the room server of `data`, started in the background (its own process group) if none
    answers; it keeps running after the notebook, until stopped (`tictac-nb` prints its pid)."""
    folder = Path(data)
    known = folder / SERVER_FILE
    if known.is_file():
        url = json.loads(known.read_text())["url"]
        if _answers(url):
            return url
    private_folder(folder)
    with os.fdopen(private_file(folder / "server.log"), "a") as log:
        subprocess.Popen([sys.executable, "-m", "tictac_nb.rooms.cli", "serve", "--host", host, "--port", "0",
                          "--data", str(folder)], stdout=log, stderr=log, start_new_session=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if known.is_file():
            url = json.loads(known.read_text())["url"]
            if _answers(url):
                return url
        time.sleep(0.1)
    raise RuntimeError(f"the room server did not start; see {folder / 'server.log'}")


def open(game: str, players: int | None = None, bots: dict[int, str] | None = None,  # noqa: A001
         data: str | os.PathLike = "rooms-data", base: str | None = None, **options: Any) -> OpenedRoom:
    """Open a room of `game` on the room server of `data` (started if none runs) and show its seat links:
    `rooms.open("tic-tac-ko", players=4, bots={3: "default"})`. Bots are named: "default", "random", "mcts:N".
    `base` is the server's address as the players' browsers reach it, where that is not the local one
    (the class network's, or behind jupyter-server-proxy, e.g. "https://hub.school/user/ana/proxy/8765")."""
    url = server_url(data)
    teacher = Keys.of_folder(data).teacher()
    if players is not None:
        options["players"] = players
    headers = {"Authorization": f"Bearer {teacher}"}
    body = json.dumps({"game": game, "options": options, "bots": {str(k): v for k, v in (bots or {}).items()}})
    request = urllib.request.Request(f"{url}/api/rooms", data=body.encode(), method="POST", headers=headers)
    try:
        room_id = json.loads(urllib.request.urlopen(request, timeout=30).read())["id"]
    except urllib.error.HTTPError as error:
        raise ValueError(json.loads(error.read()).get("error", "the room server refused the room")) from None
    listing = urllib.request.urlopen(urllib.request.Request(f"{url}/api/rooms", headers=headers), timeout=30)
    room = next(room for room in json.loads(listing.read())["rooms"] if room["id"] == room_id)
    return OpenedRoom(base.rstrip("/") if base else url, room)

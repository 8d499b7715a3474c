"""The room server (tornado): the lobby, a seat's page and a spectator's page, and the WebSocket each
page plays over. Tokens travel only in a URL fragment (which browsers never send) and in the first
WebSocket message or an Authorization header, so no request line, log or other page holds one.

Every WebSocket message is answered with a frame, or the connection is closed with a reason: binary
frames, messages over `MAX_MESSAGE` bytes (tornado closes those), a flood over the rate, a bad token.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import tornado.web
import tornado.websocket

from ..engine import InvalidOption
from ..frontend import FRONTEND
from ..registry import GAMES
from . import pages
from .hall import Hall
from .room import Room, View

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 4096  # bytes in one WebSocket message; every message a page sends is far shorter
RATE, BURST = 20.0, 40  # messages a second a connection may send on average, and at once
CLOSE_UNKNOWN_ROOM, CLOSE_BAD_HELLO, CLOSE_TOKEN, CLOSE_BINARY, CLOSE_FLOOD = 4404, 4400, 4401, 4415, 4429
access = logging.getLogger("tictac_nb.rooms.access")


def log_request(handler: tornado.web.RequestHandler) -> None:
    """One line a request: method, path without its query, status, time. No header, no query, no body."""
    request = handler.request
    access.info("%s %s %d %.1fms", request.method, request.path[:80], handler.get_status(),
                1000 * request.request_time())


class Bucket:
    """A token bucket: `take()` is False once a connection sends faster than `rate` a second past `burst`."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.level, self.last = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.last) * self.rate)
        self.last = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Socket(tornado.websocket.WebSocketHandler):
    """One page's connection: the first message says who it is ({"type": "hello", "token": ...} for a seat,
    {"type": "hello", "watch": true} for an onlooker); every later one goes to the room."""

    def initialize(self, hall: Hall, rate: float, burst: int) -> None:
        self.hall = hall
        self.room: Room | None = None
        self.view: View | None = None
        self.bucket = Bucket(rate, burst)

    def open(self, room_id: str) -> None:
        self.room = self.hall.rooms.get(room_id)
        if self.room is None:
            self.close(CLOSE_UNKNOWN_ROOM, "there is no such room on this server")

    def on_message(self, message: str | bytes) -> None:
        if self.room is None or self.close_code is not None:
            return
        if isinstance(message, bytes):
            self.close(CLOSE_BINARY, "binary messages are not part of this protocol")
        elif not self.bucket.take():
            self.close(CLOSE_FLOOD, f"too many messages: at most {self.bucket.rate:g} a second")
        elif self.view is None:
            self._hello(message)
        else:
            self.room.handle(self.view, message)

    def _hello(self, text: str) -> None:
        try:
            hello = json.loads(text)
        except (ValueError, RecursionError):
            hello = None
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            self.close(CLOSE_BAD_HELLO, "the first message says which seat: {type: hello, token}")
            return
        assert self.room is not None
        if hello.get("watch") is True and set(hello) == {"type", "watch"}:
            seat = None
        else:
            seat = self.room.seat_of(hello.get("token"))
            if seat is None or set(hello) != {"type", "token"}:
                self.close(CLOSE_TOKEN, "this link holds no seat of this room")
                return
        self.view = self.room.join(seat, self._send)

    def _send(self, frame: dict) -> None:
        if self.ws_connection is None or self.close_code is not None:
            return
        try:
            self.write_message(json.dumps(frame, separators=(",", ":")))
        except tornado.websocket.WebSocketClosedError:
            pass

    def on_close(self) -> None:
        if self.room is not None and self.view is not None:
            self.room.leave(self.view)
        self.view = None


class Page(tornado.web.RequestHandler):
    """A seat's page, a spectator's or the lobby: the same HTML for every room (the token is in the fragment)."""

    def initialize(self, hall: Hall, kind: str) -> None:
        self.hall, self.kind = hall, kind

    def set_default_headers(self) -> None:
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Cache-Control", "no-store")

    def get(self, room_id: str = "") -> None:
        if self.kind == "lobby":
            self.write(pages.LOBBY)
            return
        room = self.hall.rooms.get(room_id)
        if room is None:
            raise tornado.web.HTTPError(404)
        self.write(pages.seat_page(room.game.title, self.kind))


class Api(tornado.web.RequestHandler):
    """The lobby's data, for the teacher's token (an Authorization: Bearer header) only."""

    def initialize(self, hall: Hall) -> None:
        self.hall = hall

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", "application/json")

    def prepare(self) -> None:
        words = self.request.headers.get("Authorization", "")
        if not self.hall.check_teacher(words.removeprefix("Bearer ")):
            self.set_status(401)
            self.finish({"error": "the lobby needs the teacher's link, printed when the server started"})

    def get(self) -> None:
        self.write({"games": pages.game_forms(), "rooms": self.hall.summary()})

    def post(self) -> None:
        try:
            ask = json.loads(self.request.body or b"null")
            if not isinstance(ask, dict) or ask.get("game") not in GAMES:
                raise InvalidOption(f"name a game: one of {', '.join(GAMES)}")
            options, bots = ask.get("options") or {}, ask.get("bots") or {}
            if not isinstance(options, dict) or not isinstance(bots, dict):
                raise InvalidOption("options and bots are objects")
            seats = {int(seat) if isinstance(seat, str) and seat.isdigit() else seat: spec
                     for seat, spec in bots.items()}
            if any(not isinstance(spec, str) for spec in seats.values()):
                raise InvalidOption("a bot is named: 'default', 'random' or 'mcts:N'")
            room = self.hall.open(ask["game"], options, seats)
        except (ValueError, TypeError, RecursionError) as error:  # InvalidOption is a ValueError
            self.set_status(400)
            self.write({"error": str(error)[:300]})
            return
        self.write({"id": room.id})


class Qr(Api):
    """A seat link's QR code as SVG, for the teacher: GET /api/qr?room=..&seat=..&base=.. (the lobby's URL)."""

    def get(self) -> None:
        room = self.hall.rooms.get(self.get_query_argument("room", ""))
        seat = self.get_query_argument("seat", "")
        base = self.get_query_argument("base", "")
        parts = urlsplit(base)
        if room is None or not seat.isdigit() or not int(seat) < len(room.seats) or len(base) > 300 \
                or parts.scheme not in ("http", "https") or not parts.netloc:
            raise tornado.web.HTTPError(400)
        token = room.seats[int(seat)].token
        link = f"{base.rstrip('/')}/watch/{room.id}" if token is None else f"{base.rstrip('/')}/seat/{room.id}#{token}"
        self.set_header("Content-Type", "image/svg+xml")
        self.write(qr_svg(link))


@functools.lru_cache(maxsize=512)
def qr_svg(link: str) -> str:
    import qrcode
    import qrcode.image.svg

    return qrcode.make(link, image_factory=qrcode.image.svg.SvgPathImage, border=2).to_string(encoding="unicode")


class Static(tornado.web.StaticFileHandler):
    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "no-cache")


def make_app(hall: Hall, rate: float = RATE, burst: int = BURST) -> tornado.web.Application:
    """The tornado application of a hall: pages, API, front end files and WebSockets (each connection may
    send `rate` messages a second past a `burst`)."""
    room = r"([A-Za-z0-9_-]{1,32})"
    return tornado.web.Application([
        (r"/", tornado.web.RedirectHandler, {"url": "lobby"}),
        (r"/lobby", Page, {"hall": hall, "kind": "lobby"}),
        (rf"/seat/{room}", Page, {"hall": hall, "kind": "seat"}),
        (rf"/watch/{room}", Page, {"hall": hall, "kind": "watch"}),
        (rf"/ws/{room}", Socket, {"hall": hall, "rate": rate, "burst": burst}),
        (r"/api/rooms", Api, {"hall": hall}),
        (r"/api/qr", Qr, {"hall": hall}),
        (r"/static/(board\.js|board\.css)", Static, {"path": str(FRONTEND)}),
        (r"/static/(seat\.js|lobby\.js|rooms\.css)", Static, {"path": str(STATIC)}),
    ], websocket_max_message_size=MAX_MESSAGE, websocket_ping_interval=20, log_function=log_request,
        xsrf_cookies=False, compress_response=True)


async def serve(hall: Hall, host: str = "127.0.0.1", port: int = 0, ready: Any = None) -> None:
    """Serve `hall` until cancelled; `ready(port)` is called once it listens (port 0: a free one)."""
    app = make_app(hall)
    server = app.listen(port, address=host, xheaders=True)
    port = next(iter(server._sockets.values())).getsockname()[1]
    hall.start_bots()
    if ready is not None:
        ready(port)
    try:
        await asyncio.Event().wait()
    finally:
        server.stop()

"""The room server (tornado): the lobby, a seat's page and a spectator's page, and the WebSocket each
page plays over. Tokens travel only in a URL fragment (which browsers never send) and in the first
WebSocket message or an Authorization header, so no request line, log or other page holds one.

Every seat's WebSocket message is answered with a frame, or the connection is closed with a reason: binary
frames, messages over `MAX_MESSAGE` bytes (tornado closes those), a flood over the rate, a bad token, no
hello within `HELLO_WAIT` seconds. A spectator's messages are read and dropped (it has nothing to ask).

Before any token is checked, a request body is at most `MAX_BODY` bytes (tornado refuses a longer one
before reading it). An odd request gets a 4xx, never a 500; logs hold a request's path only. Every answer
carries a Content-Security-Policy (frame-ancestors 'none') and names no server version.
"""

from __future__ import annotations

import functools
import json
import logging
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import tornado.ioloop
import tornado.web
import tornado.websocket

from ..core.engine import InvalidOption
from ..core.front_end import CLOSE_FULL, CLOSE_LOCKED, CLOSE_REMOVED, FRONTEND
from ..core.registry import GAMES
from ..core.words import DEAD_ENDS
from ..notebook.export import page as replay_page
from ..notebook.timeline import Timeline
from . import pages
from .hall import Hall
from .room import Room, View

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 4096  # bytes in one WebSocket message; every message a page sends is far shorter
MAX_BODY = 64 * 1024  # bytes in a request body: a room's options are far shorter
HELLO_WAIT = 5.0  # seconds a new WebSocket has to say who it is
RATE, BURST = 20.0, 40  # messages a second a connection may send on average, and at once
CLOSE_BAD_HELLO, CLOSE_TOKEN, CLOSE_BINARY, CLOSE_FLOOD = 4400, 4401, 4415, 4429
CLOSE_UNKNOWN_ROOM = CLOSE_REMOVED  # a room removed while a page was open, or never there: the page says both
CLOSE_NO_HELLO = 4408
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
          "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
REPLAY_POLICY = POLICY.replace("script-src 'self'", "script-src 'unsafe-inline'")
"""A replay page is one self-contained file (`export_html`): its script and style are inline."""
access = logging.getLogger("tictac_nb.rooms.access")


def log_request(handler: tornado.web.RequestHandler) -> None:
    """One line a request: method, path without its query, status, time. No header, no query, no body."""
    request = handler.request
    access.info("%s %s %d %.1fms", request.method, request.path[:80], handler.get_status(),
                1000 * request.request_time())


class Guarded(tornado.web.RequestHandler):
    """What every handler shares: the security headers, no server version, 4xx for odd input, and an
    error logged by path only (tornado's own would log the whole URI, query and all). Listed first among a
    handler's bases, before its tornado handler class, so these methods come before that class's own."""

    def set_default_headers(self) -> None:
        self.set_header("Server", "tictac_nb")
        self.set_header("Content-Security-Policy", POLICY)
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    def log_exception(self, kind: Any, value: Any, traceback: Any) -> None:
        if isinstance(value, tornado.web.HTTPError):
            return
        access.error("%s %s failed: %s", self.request.method, self.request.path[:80], kind.__name__,
                     exc_info=(kind, value, traceback))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A page that says what happened and what to do, in the rooms' look (never tornado's bare error)."""
        error = kwargs.get("exc_info", (None, None))[1]
        key = getattr(error, "words", error_words(status_code))
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(pages.dead_end_page(DEAD_ENDS[key], min(self.request.path.count("/") - 1, 16)))


def error_words(status: int) -> str:
    """Which of `DEAD_ENDS` an HTTP error says, by its status."""
    return "not_found" if status == 404 else "failed" if status >= 500 else "bad_request"


class DeadEnd(tornado.web.HTTPError):
    """An HTTP error whose page says `DEAD_ENDS[words]`."""

    def __init__(self, status: int, words: str) -> None:
        super().__init__(status)
        self.words = words


class NotFound(Guarded, tornado.web.RequestHandler):
    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


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


class Socket(Guarded, tornado.websocket.WebSocketHandler):
    """One page's connection: the first message says who it is ({"type": "hello", "token": ...} for a seat,
    {"type": "hello", "watch": TOKEN} for a spectator, with the room's spectator token); every later one
    of a seat goes to the room."""

    def initialize(self, hall: Hall, rate: float, burst: int, hello_wait: float) -> None:
        self.hall = hall
        self.room: Room | None = None
        self.view: View | None = None
        self.watching: int | None = None
        self.bucket = Bucket(rate, burst)
        self.hello_wait = hello_wait
        self._timer: Any = None

    def open(self, room_id: str) -> None:
        self.room = self.hall.rooms.get(room_id)
        if self.room is None:
            self.close(CLOSE_UNKNOWN_ROOM, DEAD_ENDS["no_room"])
            return
        self._timer = tornado.ioloop.IOLoop.current().call_later(self.hello_wait, self._no_hello)

    def _no_hello(self) -> None:
        if self.view is None and self.watching is None:
            self.close(CLOSE_NO_HELLO, f"no hello within {self.hello_wait:g} seconds")

    def on_message(self, message: str | bytes) -> None:
        if self.room is None or self.close_code is not None:
            return
        if isinstance(message, bytes):
            self.close(CLOSE_BINARY, "binary messages are not part of this protocol")
        elif not self.bucket.take():
            self.close(CLOSE_FLOOD, f"too many messages: at most {self.bucket.rate:g} a second")
        elif self.watching is not None:
            return
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
        if self._timer is not None:
            tornado.ioloop.IOLoop.current().remove_timeout(self._timer)
        if set(hello) == {"type", "watch"}:
            if not self.room.is_watch_token(hello["watch"]):
                self.close(CLOSE_TOKEN, DEAD_ENDS["no_watch"])
                return
            self.watching = self.room.gallery.add(self._send_text, self._close)
            if self.watching is None:
                self.close(CLOSE_FULL, DEAD_ENDS["full"])
            return
        seat = self.room.seat_holding(hello.get("token"))
        if seat is None or set(hello) != {"type", "token"}:
            self.close(CLOSE_TOKEN, DEAD_ENDS["no_seat"])
            return
        if self.room.seats[seat].locked:
            self.close(CLOSE_LOCKED, DEAD_ENDS["locked"])
            return
        self.view = self.room.join(seat, self._send, self._close)

    def _send(self, frame: dict) -> None:
        self._send_text(json.dumps(frame, separators=(",", ":")))

    def _send_text(self, text: str | bytes) -> None:
        """Send a text frame (bytes: already UTF-8, as the gallery encodes a frame once for every spectator)."""
        if self.ws_connection is None or self.close_code is not None:
            return
        try:
            self.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            pass

    def _close(self, code: int, reason: str) -> None:
        self.view = None
        self.close(code, reason)

    def on_close(self) -> None:
        if self._timer is not None:
            tornado.ioloop.IOLoop.current().remove_timeout(self._timer)
        if self.room is not None and self.view is not None:
            self.room.leave(self.view)
        if self.room is not None and self.watching is not None:
            self.room.gallery.remove(self.watching)
        self.view = self.watching = None


class Page(Guarded, tornado.web.RequestHandler):
    """A seat's page, a spectator's or the lobby: the same HTML for every room (the token is in the fragment)."""

    def initialize(self, hall: Hall, kind: str) -> None:
        self.hall, self.kind = hall, kind

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Cache-Control", "no-store")

    def get(self, room_id: str = "") -> None:
        if self.kind == "lobby":
            self.write(pages.LOBBY)
            return
        room = self.hall.rooms.get(room_id)
        if room is None:
            raise DeadEnd(404, "no_room")
        self.write(pages.seat_page(room.game.title, self.kind))


class Replay(Guarded, tornado.web.RequestHandler):
    """A finished game's replay (`export_html`'s page, as the onlooker saw it), for anyone who has the room's
    link: it shows nothing an onlooker did not see. `/export/ROOM` sends the same page as a file."""

    def initialize(self, hall: Hall, kind: str) -> None:
        self.hall, self.kind = hall, kind

    def get(self, room_id: str) -> None:
        room = self.hall.rooms.get(room_id)
        if room is None or room.state.outcome is None:
            raise DeadEnd(404, "no_room" if room is None else "no_replay")
        self.set_header("Content-Security-Policy", REPLAY_POLICY)
        self.set_header("Cache-Control", "no-store")
        if self.kind == "export":
            self.set_header("Content-Disposition", f'attachment; filename="{room.game.name}-{room.id}.html"')
        self.write(replay_text(json.dumps(room.state.record(), sort_keys=True)))


@functools.lru_cache(maxsize=64)
def replay_text(record: str) -> str:
    return replay_page(Timeline(json.loads(record)).positions(), None)


class Api(Guarded, tornado.web.RequestHandler):
    """The lobby's data, for the teacher's token (an Authorization: Bearer header) only."""

    def initialize(self, hall: Hall) -> None:
        self.hall = hall

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", "application/json")

    def prepare(self) -> None:
        words = self.request.headers.get("Authorization", "")
        if not self.hall.check_teacher(words.removeprefix("Bearer ")):
            self.set_status(401)
            self.finish({"error": "the lobby needs the teacher's link, printed when the server started"})

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish({"error": DEAD_ENDS[error_words(status_code)]})

    def get(self) -> None:
        self.write({"games": pages.game_forms(), "words": pages.lobby_words(), "rooms": self.hall.summary()})

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
            auto_pass = ask.get("auto_pass", True)
            if type(auto_pass) is not bool:
                raise InvalidOption("auto_pass is true or false")
            room = self.hall.open(ask["game"], options, seats, auto_pass=auto_pass)
        except (ValueError, TypeError, RecursionError) as error:  # InvalidOption is a ValueError
            self.set_status(400)
            self.write({"error": str(error)[:300]})
            return
        self.write({"id": room.id})


class Control(Api):
    """The teacher's controls of one room: POST /api/room {"room": ID, "do": WHAT, "seat": N, "on": BOOL}
    with WHAT one of reissue (a seat's new link), free (close its connection), lock, unlock, auto_pass
    (on or off), new_game, end (read-only from now on), remove."""

    SUPPORTED_METHODS = ("POST",)

    def post(self) -> None:
        try:
            ask = json.loads(self.request.body or b"null")
            if not isinstance(ask, dict) or type(ask.get("room")) is not str or ask["room"] not in self.hall.rooms:
                raise ValueError("name a room of this server")
            room, what = self.hall.rooms[ask["room"]], ask.get("do")
            seat: Any = ask.get("seat")  # as sent: the room checks it names a human seat (else ValueError)
            answer: dict = {"id": room.id}
            if what == "reissue":
                answer["token"] = room.reissue(seat)
            elif what in ("free", "lock", "unlock"):
                room.free(seat) if what == "free" else room.lock(seat, what == "lock")
            elif what == "auto_pass" and type(ask.get("on")) is bool:
                room.set_auto_pass(ask["on"])
            elif what == "new_game":
                room.teacher_new_game()
            elif what == "end":
                room.end()
            elif what == "remove":
                self.hall.remove(room.id)
            else:
                raise ValueError("do is one of reissue, free, lock, unlock, auto_pass (with on), new_game, end, "
                                 "remove")
        except (ValueError, TypeError, RecursionError) as error:
            self.set_status(400)
            self.write({"error": str(error)[:300]})
            return
        self.write(answer)


class Qr(Api):
    """A seat link's QR code as SVG, for the teacher: GET /api/qr?room=..&seat=..&base=.. (the lobby's URL)."""

    def get(self) -> None:
        room = self.hall.rooms.get(self.get_query_argument("room", ""))
        seat = self.get_query_argument("seat", "")
        base = self.get_query_argument("base", "")
        parts = urlsplit(base)
        known = seat == "watch" or (seat.isascii() and seat.isdigit() and len(seat) < 4 and int(seat) < len(room.seats)
                                    and room.seats[int(seat)].token is not None) if room is not None else False
        if not known or len(base) > 300 or parts.scheme not in ("http", "https") or not parts.netloc:
            raise tornado.web.HTTPError(400)
        assert room is not None
        if seat == "watch":
            link = f"{base.rstrip('/')}/watch/{room.id}#{room.watch_token}"
        else:
            link = f"{base.rstrip('/')}/seat/{room.id}#{room.seats[int(seat)].token}"
        self.set_header("Content-Type", "image/svg+xml")
        self.write(qr_svg(link))


@functools.lru_cache(maxsize=512)
def qr_svg(link: str) -> str:
    import qrcode
    import qrcode.image.svg

    return qrcode.make(link, image_factory=qrcode.image.svg.SvgPathImage, border=2).to_string(encoding="unicode")


class Redirect(Guarded, tornado.web.RedirectHandler):
    pass


class Static(Guarded, tornado.web.StaticFileHandler):
    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "no-cache")


def make_app(hall: Hall, rate: float = RATE, burst: int = BURST, hello_wait: float = HELLO_WAIT,
             routes: tuple = ()) -> tornado.web.Application:
    """The tornado application of a hall: pages, API, front end files and WebSockets (each connection may
    send `rate` messages a second past a `burst`, and has `hello_wait` seconds to say who it is), and the
    `routes` of other parts of the server (the arena's: `app.serve`)."""
    room = r"([A-Za-z0-9_-]{1,32})"
    return tornado.web.Application([
        (r"/", Redirect, {"url": "lobby"}),
        (r"/lobby", Page, {"hall": hall, "kind": "lobby"}),
        (rf"/seat/{room}", Page, {"hall": hall, "kind": "seat"}),
        (rf"/watch/{room}", Page, {"hall": hall, "kind": "watch"}),
        (rf"/replay/{room}", Replay, {"hall": hall, "kind": "replay"}),
        (rf"/export/{room}", Replay, {"hall": hall, "kind": "export"}),
        (rf"/ws/{room}", Socket, {"hall": hall, "rate": rate, "burst": burst, "hello_wait": hello_wait}),
        (r"/api/rooms", Api, {"hall": hall}),
        (r"/api/room", Control, {"hall": hall}),
        (r"/api/qr", Qr, {"hall": hall}),
        (r"/static/(board\.js|board\.css)", Static, {"path": str(FRONTEND)}),
        (r"/static/(seat\.js|lobby\.js|arena\.js|options\.js|rooms\.css)", Static, {"path": str(STATIC)}),
        *routes,
    ], websocket_max_message_size=MAX_MESSAGE, websocket_ping_interval=20, log_function=log_request,
        xsrf_cookies=False, compress_response=True, default_handler_class=NotFound)


def listen(app: tornado.web.Application, port: int, host: str = "127.0.0.1") -> Any:
    """Listen with the request limits that hold before any token is read."""
    return app.listen(port, address=host, xheaders=True, max_body_size=MAX_BODY, max_header_size=16 * 1024,
                      idle_connection_timeout=30, body_timeout=10)

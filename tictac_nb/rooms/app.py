"""The whole room server: the rooms' pages, API and WebSockets (`server`) with the arena's (`arena_web`), and
the arena's matches running beside them."""

from __future__ import annotations

import asyncio
from typing import Any

from .arena_web import routes
from .hall import Hall
from .server import listen, make_app


async def serve(hall: Hall, host: str = "127.0.0.1", port: int = 0, ready: Any = None) -> None:
    """Serve `hall` until cancelled; `ready(port)` is called once it listens (port 0: a free one)."""
    app = make_app(hall, routes=tuple(routes(hall)))
    server = listen(app, port, host)
    port = next(iter(server._sockets.values())).getsockname()[1]
    hall.start_bots()
    matches = asyncio.create_task(hall.scheduler.run())
    if ready is not None:
        ready(port)
    try:
        await asyncio.Event().wait()
    finally:
        matches.cancel()
        server.stop()

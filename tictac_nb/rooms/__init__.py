"""Rooms: a class plays across devices. A server holds each room's real game; every player opens their
seat's secret link in any browser and plays on the kit's own board, seeing only what their seat may.

    tictac-nb serve --port 8765 --data rooms-data      # prints the teacher's lobby link
    >>> from tictac_nb import rooms
    >>> rooms.open("tic-tac-ko", players=4, bots={3: "default"})   # doctest: +SKIP

Needs the `rooms` extra (tornado, qrcode).
"""

from __future__ import annotations

import importlib
from typing import Any

LAZY = {"Hall": ".hall", "OpenedRoom": ".client", "open": ".client", "RemoteBoard": "..notebook.remote",
        "join": "..notebook.remote", "Room": ".room", "Seat": ".room", "View": ".room", "make_bot": ".room"}
"""Each name and its module, loaded when asked for: the room server loads no widget, a notebook no server."""


def __getattr__(name: str) -> Any:
    if name in LAZY:
        return getattr(importlib.import_module(LAZY[name], __name__), name)
    raise AttributeError(name)


__all__ = ["Hall", "OpenedRoom", "RemoteBoard", "Room", "Seat", "View", "join", "make_bot", "open"]

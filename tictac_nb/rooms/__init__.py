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

from .client import OpenedRoom, RemoteBoard, join, open
from .room import Room, Seat, View, make_bot


def __getattr__(name: str) -> Any:
    if name == "Hall":  # the server's side (the arena's matches, the lab's executor) only when asked for
        return importlib.import_module(".hall", __name__).Hall
    raise AttributeError(name)


__all__ = ["Hall", "OpenedRoom", "RemoteBoard", "Room", "Seat", "View", "join", "make_bot", "open"]

"""Rooms: a class plays across devices. A server holds each room's real game; every player opens their
seat's secret link in any browser and plays on the kit's own board, seeing only what their seat may.

    tictac-nb serve --port 8765 --data rooms-data      # prints the teacher's lobby link
    >>> from tictac_nb import rooms
    >>> rooms.open("tic-tac-ko", players=4, bots={3: "default"})   # doctest: +SKIP

Needs the `rooms` extra (tornado, qrcode).
"""

from __future__ import annotations

from .client import OpenedRoom, RemoteBoard, join, open
from .hall import Hall
from .room import Room, Seat, View, make_bot

__all__ = ["Hall", "OpenedRoom", "RemoteBoard", "Room", "Seat", "View", "join", "make_bot", "open"]

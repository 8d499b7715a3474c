"""`Hall`: every room of one server, the store they are saved in, and the teacher's lobby token."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from ..registry import game_named
from .room import Room
from .store import Store


class Hall:
    """Rooms by id. With a data folder, every room is saved after each action and reopened on start."""

    def __init__(self, data: str | Path | None = None, bot_delay: float = 0.3, time_limit: float | None = 10.0):
        self.store = Store(data) if data is not None else None
        self.teacher = self.store.teacher_token() if self.store else secrets.token_urlsafe(24)
        self.bot_delay, self.time_limit = bot_delay, time_limit
        self.rooms: dict[str, Room] = {}
        if self.store is not None:
            for saved in self.store.unfinished():
                room = Room(saved.id, saved.state, saved.seats, number=saved.number, **self._settings())
                self.rooms[room.id] = room

    def _settings(self) -> dict:
        return {"bot_delay": self.bot_delay, "time_limit": self.time_limit,
                "on_change": self.store.save if self.store else None}

    def open(self, game: str, options: dict | None = None, bots: dict[int, Any] | None = None,
             seed: int | None = None) -> Room:
        """A new room; bad input (an unknown game, option, seat or bot) raises `InvalidOption` or `ValueError`."""
        room = Room.open(game_named(game), options, bots, seed, **self._settings())
        self.rooms[room.id] = room
        if self.store is not None:
            self.store.save(room)
        room.schedule_bot()
        return room

    def start_bots(self) -> None:
        """Let the bots of reopened rooms move (on the running event loop)."""
        for room in self.rooms.values():
            room.schedule_bot()

    def check_teacher(self, token: Any) -> bool:
        return type(token) is str and token.isascii() and secrets.compare_digest(token, self.teacher)

    def summary(self) -> list[dict]:
        """What the lobby shows of each room: game, status, seats (bot or human, connections) and tokens;
        for the teacher's eyes only."""
        rows = []
        for room in self.rooms.values():
            connected = room.connected()
            rows.append({
                "id": room.id, "game": room.game.name, "title": room.game.title, "status": room.state.status(),
                "played": len(room.state.history), "over": room.state.outcome is not None,
                "seats": [{"name": room.state.player_name(index), "bot": seat.spec, "token": seat.token,
                           "connected": connected[index]} for index, seat in enumerate(room.seats)],
                "watching": sum(1 for view in room.views if view.seat is None),
            })
        return rows

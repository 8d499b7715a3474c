"""`Hall`: every room of one server, the store they are saved in, and the teacher's lobby token."""

from __future__ import annotations

import secrets
import sqlite3
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from ..core.registry import game_named
from ..core.words import bot_words
from .arena import Arena
from .keys import Keys
from .matches import Scheduler
from .room import Room
from .store import Store, hold_folder, release_folder


class Hall:
    """Rooms by id. With a data folder (held by this hall alone: `FolderInUse` otherwise), every room is
    saved after each action and reopened on start, a finished one too, until the teacher removes it."""

    def __init__(self, data: str | Path | None = None, bot_delay: float = 0.3, time_limit: float | None = 10.0,
                 arena_matches: int = 1, arena_executor: Executor | None = None):
        self._lock = hold_folder(data) if data is not None else None
        self.keys = Keys.of_folder(data) if data is not None else Keys()
        self.store = Store(data) if data is not None else None
        self.teacher = self.keys.teacher()
        self.bot_delay, self.time_limit = bot_delay, time_limit
        self.rooms: dict[str, Room] = {}
        db = self.store.db if self.store is not None else sqlite3.connect(":memory:", check_same_thread=False)
        self.arena = Arena(db, self.keys)
        self.scheduler = Scheduler(self.arena, arena_matches, arena_executor)
        if self.store is not None:
            for saved in self.store.rooms():
                settings = {key: saved.settings[key] for key in ("auto_pass", "watch_issue", "ended", "options")
                            if key in saved.settings}
                room = Room(saved.id, saved.state, saved.seats, number=saved.number, **settings,
            **self._settings())
                self.rooms[room.id] = room

    def close(self) -> None:
        """Let go of the data folder (another server may take it)."""
        if self.store is not None:
            self.store.close()
        if self._lock is not None:
            release_folder(self._lock)
            self._lock = None

    def _settings(self) -> dict:
        return {"bot_delay": self.bot_delay, "time_limit": self.time_limit, "keys": self.keys,
                "on_change": self.store.save if self.store else None}

    def open(self, game: str, options: dict | None = None, bots: dict[int, Any] | None = None,
             seed: int | None = None, auto_pass: bool = True) -> Room:
        """A new room; bad input (an unknown game, option, seat or bot) raises `InvalidOption` or `ValueError`."""
        room = Room.open(game_named(game), options, bots, seed, auto_pass=bool(auto_pass), **self._settings())
        self.rooms[room.id] = room
        if self.store is not None:
            self.store.save(room)
        room.schedule_bot()
        return room

    def remove(self, room_id: str) -> None:
        """The teacher removes a room: its connections close, its link opens nothing, its finished games stay
        in the store for replays."""
        room = self.rooms.pop(room_id)
        room.close_all()
        if self.store is not None:
            self.store.remove(room_id)

    def start_bots(self) -> None:
        """Let the bots of reopened rooms move (on the running event loop)."""
        for room in self.rooms.values():
            room.schedule_bot()

    def check_teacher(self, token: Any) -> bool:
        return type(token) is str and token.isascii() and secrets.compare_digest(token, self.teacher)

    def summary(self) -> list[dict]:
        """What the lobby shows of each room: game, status, whose turn, seats (bot or human, connections)
        and tokens, its spectator link's token; for the teacher's eyes only."""
        rows = []
        for room in self.rooms.values():
            connected = room.connected()
            state = room.state
            outcome = state.outcome
            over = outcome is not None
            rows.append({
                "id": room.id, "game": room.game.name, "title": room.game.title, "status": state.status(),
                "played": len(state.history), "over": over, "ended": room.ended, "number": room.number,
                "to_move": None if over or state.to_move is None else state.player_name(state.to_move),
                "result": outcome.reason if outcome is not None else None, "auto_pass": room.auto_pass,
                "seats": [{"name": state.player_name(index), "bot": seat.spec, "token": seat.token,
                           "bot_words": None if seat.spec is None else bot_words(seat.spec),
                           "locked": seat.locked, "connected": connected[index]}
                          for index, seat in enumerate(room.seats)],
                "watching": len(room.gallery.sockets), "watch": room.watch_token, "asking": room.asking(),
            })
        return rows

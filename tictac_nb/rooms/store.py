"""`Store`: every room's record in one SQLite file (`rooms.sqlite3` under the server's data folder).

A room's row holds its seats (tokens and bot specs); each game of a room has a row holding its record
(`State.record()`), written after every action. A restarted server reopens each room whose last game is
not over, where it was; finished games stay for `Replay` and `export_html` (`Store.games`).
"""

from __future__ import annotations

import json
import logging
import secrets
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..engine import InvalidRecord, State
from ..registry import from_record
from .room import Room, Seat

log = logging.getLogger(__name__)
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, created REAL NOT NULL, seats TEXT NOT NULL,
                                  number INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (room TEXT NOT NULL, number INTEGER NOT NULL, record TEXT NOT NULL,
                                  over INTEGER NOT NULL, updated REAL NOT NULL, PRIMARY KEY (room, number));
"""


@dataclass
class SavedRoom:
    id: str
    seats: list[Seat]
    number: int
    state: State


class Store:
    """The SQLite file of one server. WAL journal: a write per action stays cheap."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / "rooms.sqlite3"
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def teacher_token(self) -> str:
        """The lobby's token: made once per data folder, so the teacher's link survives a restart."""
        row = self.db.execute("SELECT value FROM meta WHERE key = 'teacher'").fetchone()
        if row:
            return row[0]
        token = secrets.token_urlsafe(24)
        self.db.execute("INSERT INTO meta VALUES ('teacher', ?)", (token,))
        return token

    def save(self, room: Room) -> None:
        """The room's seats and its current game's record, in one transaction."""
        seats = json.dumps([{"token": seat.token, "bot": seat.spec} for seat in room.seats])
        record = json.dumps(room.state.record(), separators=(",", ":"))
        with self.db:
            self.db.execute("INSERT INTO rooms VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET "
                            "seats = excluded.seats, number = excluded.number",
                            (room.id, time.time(), seats, room.number))
            self.db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?) ON CONFLICT (room, number) DO UPDATE SET "
                            "record = excluded.record, over = excluded.over, updated = excluded.updated",
                            (room.id, room.number, record, int(room.state.outcome is not None), time.time()))

    def unfinished(self) -> Iterator[SavedRoom]:
        """Every room whose current game is not over, rebuilt from its record, oldest room first."""
        rows = self.db.execute("SELECT rooms.id, rooms.seats, rooms.number, games.record FROM rooms JOIN games "
                               "ON games.room = rooms.id AND games.number = rooms.number WHERE games.over = 0 "
                               "ORDER BY rooms.created").fetchall()
        for room_id, seats, number, record in rows:
            try:
                state = from_record(json.loads(record))
            except InvalidRecord as error:
                log.warning("room %s is not reopened: its record is refused (%s)", room_id, error)
                continue
            yield SavedRoom(room_id, [Seat(s["token"], s["bot"]) for s in json.loads(seats)], number, state)

    def games(self, finished: bool = True) -> list[dict]:
        """The records of every game kept (finished ones only, unless told), for `Replay` or `export_html`."""
        query = "SELECT record FROM games" + (" WHERE over = 1" if finished else "") + " ORDER BY updated"
        return [json.loads(record) for (record,) in self.db.execute(query)]


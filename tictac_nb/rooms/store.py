"""`Store`: every room's record in one SQLite file (`rooms.sqlite3` under the server's data folder).

A room's row holds its seats (bot specs, and how often each human seat's link was issued: never a token,
see `keys.py`) and its settings; each game of a room has a row holding its record (`State.record()`),
written after every action. A restarted server reopens every room where it was, a finished game read-only,
until the teacher removes the room; finished games stay for `Replay` and `export_html` (`Store.games`).

The folder is 0700 and the database 0600 (SQLite gives its -wal, -shm and journal files the database's
mode). `hold_folder` lets one server at a time use a folder: a second start names the pid holding it.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..core.engine import InvalidRecord, State
from ..core.registry import from_record
from .keys import private_file, private_folder
from .room import Room, Seat

log = logging.getLogger(__name__)
DATABASE, LOCK_FILE = "rooms.sqlite3", "server.lock"
SERVER_FILE = "server.json"
"""Where a running server writes its URL and pid in its data folder: how a notebook's `rooms.open` finds it."""
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, created REAL NOT NULL, seats TEXT NOT NULL,
                                  number INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (room TEXT NOT NULL, number INTEGER NOT NULL, record TEXT NOT NULL,
                                  over INTEGER NOT NULL, updated REAL NOT NULL, PRIMARY KEY (room, number));
"""


class FolderInUse(RuntimeError):
    """Another server holds this data folder: two servers saving one room would lose each other's moves."""


def hold_folder(folder: str | os.PathLike) -> int:
    """Take the folder's lock (a file holding the pid, locked while the process lives) and return its
    descriptor; `FolderInUse` names the process holding it."""
    path = private_folder(folder) / LOCK_FILE
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.pread(descriptor, 32, 0).decode(errors="replace").strip() or "another process"
        os.close(descriptor)
        raise FolderInUse(f"the rooms of {folder} are served already, by pid {holder}: stop it first, "
                          "or give this server a data folder of its own") from None
    os.ftruncate(descriptor, 0)
    os.pwrite(descriptor, str(os.getpid()).encode(), 0)
    return descriptor


def release_folder(descriptor: int) -> None:
    os.ftruncate(descriptor, 0)
    os.close(descriptor)  # closing drops the lock


@dataclass
class SavedRoom:
    id: str
    seats: list[Seat]
    number: int
    state: State
    settings: dict = field(default_factory=dict)


class Store:
    """The SQLite file of one server. WAL journal: a write per action stays cheap."""

    def __init__(self, folder: str | os.PathLike) -> None:
        self.folder = private_folder(folder)
        self.path = self.folder / DATABASE
        os.close(private_file(self.path))  # made 0600 before SQLite opens it, so its journals are 0600 too
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(rooms)")}
        if "settings" not in columns:
            self.db.execute("ALTER TABLE rooms ADD COLUMN settings TEXT NOT NULL DEFAULT '{}'")
        self.db.execute("DELETE FROM meta WHERE key = 'teacher'")  # an older kit kept the lobby's token here
        for path in self.folder.glob(DATABASE + "-*"):
            path.chmod(0o600)

    def close(self) -> None:
        self.db.close()

    def save(self, room: Room) -> None:
        """The room's seats, settings and current game's record, in one transaction."""
        seats = json.dumps([{"bot": seat.spec, "issue": seat.issue, "locked": seat.locked} for seat in room.seats])
        record = json.dumps(room.state.record(), separators=(",", ":"))
        settings = json.dumps(room.settings())
        with self.db:
            self.db.execute("INSERT INTO rooms VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET "
                            "seats = excluded.seats, number = excluded.number, settings = excluded.settings",
                            (room.id, time.time(), seats, room.number, settings))
            self.db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?) ON CONFLICT (room, number) DO UPDATE SET "
                            "record = excluded.record, over = excluded.over, updated = excluded.updated",
                            (room.id, room.number, record, int(room.state.outcome is not None), time.time()))

    def remove(self, room_id: str) -> None:
        """Forget a room: its row goes; its finished games stay for replays (`games`)."""
        with self.db:
            self.db.execute("DELETE FROM rooms WHERE id = ?", (room_id,))
            self.db.execute("DELETE FROM games WHERE room = ? AND over = 0", (room_id,))

    def rooms(self) -> Iterator[SavedRoom]:
        """Every room kept, its current game rebuilt from its record, oldest room first."""
        rows = self.db.execute("SELECT rooms.id, rooms.seats, rooms.number, games.record, rooms.settings FROM rooms "
                               "JOIN games ON games.room = rooms.id AND games.number = rooms.number "
                               "ORDER BY rooms.created").fetchall()
        for room_id, seats, number, record, settings in rows:
            try:
                state = from_record(json.loads(record))
            except InvalidRecord as error:
                log.warning("room %s is not reopened: its record is refused (%s)", room_id, error)
                continue
            saved = [Seat(None, s["bot"], s.get("issue", 0), s.get("locked", False)) for s in json.loads(seats)]
            yield SavedRoom(room_id, saved, number, state, json.loads(settings))

    def unfinished(self) -> Iterator[SavedRoom]:
        """Every room whose current game is not over."""
        return (saved for saved in self.rooms() if saved.state.outcome is None)

    def games(self, finished: bool = True, room: str | None = None) -> list[dict]:
        """The records of every game kept (finished ones only, unless told; one room's, if named), for
        `Replay` or `export_html`."""
        where = [clause for clause, wanted in (("over = 1", finished), ("room = ?", room is not None)) if wanted]
        query = "SELECT record FROM games" + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY updated"
        return [json.loads(record) for (record,) in self.db.execute(query, () if room is None else (room,))]

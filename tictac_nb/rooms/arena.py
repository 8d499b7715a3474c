"""The arena: per assignment a game and its options, an entry per student link, every submitted version of
each entry's bot, the matches played between the latest versions, and which match to play next.

A bot arrives as an `Entrant` payload (bytes a student's notebook cloudpickled). This process never
unpickles one: `pickletools` reads its opcodes (which runs nothing), and the trial (`trial`) loads it in a
jailed worker (`tictac_nb.trust.sandbox`) and asks it for a move on a trial position. Matches play on an executor
(`play_match`: a game in each seat order, each bot in one jail for the whole match); each game is a row of
the `matches` table, with its replay. Everything lives in the rooms' SQLite file.
"""

from __future__ import annotations

import base64
import json
import pickletools
import random
import secrets
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.bots import Forfeit
from ..core.engine import InvalidOption
from ..core.registry import GAMES, new_game
from ..core.words import ARENA
from ..trust import sandbox, wire
from ..trust.entrant import Entrant
from ..trust.playout import MAX_ACTIONS, final_state, play_game
from .keys import Keys
from .ladder import Ladder
from .pages import game_words

MAX_BOT = 256 * 1024
"""The largest bot payload taken, in bytes (a bot with a big table builds it when it starts)."""
MAX_NAME = 40
"""The longest display name of an entry, in characters."""
TRIAL_LIMIT = 5.0
"""Seconds a bot has for its move on the trial position."""
MOVE_LIMIT = 2.0
"""Seconds a bot has for a move in a match."""
MATCH_CLOCK = (10.0, 0.5)
"""A bot's clock over a match's game: seconds, and seconds added after each of its moves."""
MAX_PRINTS = 4096
"""Characters of a bot's prints kept per match (the last ones)."""
REFUSALS = 10
"""Refused tries kept per entry (the last ones), each its time and sentence, for its author's eyes."""
KINDS = ("object", "factory")

SCHEMA = """
CREATE TABLE IF NOT EXISTS assignments (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
    title TEXT NOT NULL, deadline REAL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS entries (id INTEGER PRIMARY KEY AUTOINCREMENT, assignment TEXT NOT NULL,
    number INTEGER NOT NULL, issue INTEGER NOT NULL DEFAULT 0, name TEXT, UNIQUE (assignment, number));
CREATE TABLE IF NOT EXISTS versions (entry INTEGER NOT NULL, number INTEGER NOT NULL, payload BLOB NOT NULL,
    kind TEXT NOT NULL, bot TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (entry, number));
CREATE TABLE IF NOT EXISTS matches (id INTEGER PRIMARY KEY AUTOINCREMENT, assignment TEXT NOT NULL,
    entries TEXT NOT NULL, versions TEXT NOT NULL, winners TEXT NOT NULL, forfeit INTEGER, reason TEXT NOT NULL,
    record TEXT NOT NULL, played REAL NOT NULL);
CREATE TABLE IF NOT EXISTS prints (match INTEGER NOT NULL, entry INTEGER NOT NULL, text TEXT NOT NULL,
    PRIMARY KEY (match, entry));
CREATE TABLE IF NOT EXISTS refusals (id INTEGER PRIMARY KEY AUTOINCREMENT, entry INTEGER NOT NULL,
    created REAL NOT NULL, words TEXT NOT NULL);
"""


class Refused(ValueError):
    """A submission the arena does not take; its message is the sentence the student reads."""

    def __init__(self, words: str, status: int = 400) -> None:
        super().__init__(words)
        self.status = status


@dataclass(frozen=True)
class Submission:
    """A bot as it arrives: its display name, how a game gets a fresh one (`Entrant.kind`), its payload."""

    name: str
    kind: str
    payload: bytes
    bot: str = "bot"

    @classmethod
    def of_json(cls, body: bytes) -> Submission:
        """Read a submission's JSON body ({"name", "kind", "payload" in base64, "bot"}); `Refused` if malformed."""
        try:
            ask = json.loads(body)
            payload = base64.b64decode(ask["payload"], validate=True)
        except (ValueError, TypeError, KeyError, RecursionError):
            raise Refused(ARENA["bad_body"]) from None
        if not isinstance(ask, dict) or ask.get("kind") not in KINDS or type(ask.get("name")) is not str:
            raise Refused(ARENA["bad_body"])
        bot = ask.get("bot") if type(ask.get("bot")) is str else "bot"
        return cls(display_name(ask["name"]), ask["kind"], payload, wire.clean(bot, 60))


def display_name(name: str) -> str:
    """`name` stripped, if it is 1 to `MAX_NAME` printable characters; `Refused` otherwise."""
    name = name.strip()
    if not 0 < len(name) <= MAX_NAME or not name.isprintable():
        raise Refused(ARENA["bad_name"].format(limit=MAX_NAME))
    return name


def read_opcodes(payload: bytes) -> None:
    """Refuse a payload too large or whose bytes are no pickle, reading its opcodes only (nothing runs)."""
    if len(payload) > MAX_BOT:
        raise Refused(ARENA["too_large"].format(size=len(payload), limit=MAX_BOT), 413)
    try:
        for _ in pickletools.genops(payload):
            pass
    except Exception as error:
        raise Refused(ARENA["not_pickle"].format(why=wire.clean(f"{type(error).__name__}: {error}", 120))) from None


def trial(submission: Submission, game: str, options: dict, limit: float = TRIAL_LIMIT) -> str | None:
    """Load the bot in a jailed worker and ask it for a move on a trial position: None if it passed, else the
    sentence that refuses it. Blocking, and sent to the matches' executor (a refusal comes back as text)."""
    entrant = Entrant(submission.payload, submission.kind, submission.bot)
    state = new_game(game, seed=secrets.randbits(63), **options)
    with sandbox.SandboxBot(entrant, time_limit=limit) as bot:
        try:
            bot.start_game(secrets.randbits(63), secrets.token_bytes(32), state.to_move, limit)
            bot.decide(state, limit)
        except Forfeit as forfeit:
            reason = forfeit.reason
            loaded = "could not be loaded in its sandbox: "
            if reason.startswith(loaded):
                return ARENA["not_loaded"].format(why=reason.removeprefix(loaded))
            return ARENA["trial"].format(why=reason)
    return None


def play_match(game: str, options: dict, entrants: Sequence[Entrant], seed: int) -> list[dict[str, Any]]:
    """One match: a game in each seat order of `entrants` turned round (two players: seats swapped), each bot
    in its jail for the whole match; the unit of work sent to an executor. Each game's result: its seats (in
    the order of `entrants`), winners, the seat that forfeited and the reason, the record, each seat's prints."""
    results = []
    try:
        for turn in range(len(entrants)):
            seats = [(turn + seat) % len(entrants) for seat in range(len(entrants))]
            row = play_game(game, seed + turn, options, [entrants[i] for i in seats], MAX_ACTIONS, None, MOVE_LIMIT,
                            seed, MATCH_CLOCK)
            forfeit = row["forfeit"]
            results.append({"seats": seats, "winners": [int(seat) for seat in row["winners"]],
                            "forfeit": None if forfeit is None or forfeit != forfeit else int(forfeit),
                            "reason": str(row["reason"]), "record": final_state(row).record(),
                            "output": {int(seat): text[-MAX_PRINTS:] for seat, text in row["output"].items()}})
    finally:
        sandbox.close_workers()
    return results


@dataclass(frozen=True)
class Assignment:
    id: str
    game: str
    options: dict
    title: str
    deadline: float | None

    def frozen(self, now: float | None = None) -> bool:
        """Past its deadline: no new match, no new bot."""
        return self.deadline is not None and (time.time() if now is None else now) >= self.deadline

    def players(self) -> int:
        return new_game(self.game, seed=0, **self.options).num_players

    def public(self) -> dict:
        return {"id": self.id, "game": self.game, "title": self.title, "options": self.options,
                "rules": game_words(self.game, self.options),
                "deadline": self.deadline, "frozen": self.frozen()}


class Arena:
    """Every assignment of one server, kept in `db` (the rooms' SQLite connection); tokens from `keys`."""

    def __init__(self, db: sqlite3.Connection, keys: Keys) -> None:
        self.db, self.keys = db, keys
        self.db.executescript(SCHEMA)
        self.ladders: dict[str, Ladder] = {}
        self.busy: set[int] = set()  # entries in a running match

    # ---- the teacher's -------------------------------------------------------------------------------
    def create(self, game: str, options: dict | None = None, title: str = "", deadline: float | None = None) -> str:
        """A new assignment; `InvalidOption` (a `ValueError`) for an unknown game or a bad option."""
        if game not in GAMES:
            raise InvalidOption(f"name a game: one of {', '.join(GAMES)}")
        options = dict(options or {})
        new_game(game, seed=0, **options)
        check_deadline(deadline)
        assignment = secrets.token_urlsafe(9)
        title = wire.clean(title, 80).strip() or GAMES[game].title
        with self.db:
            self.db.execute("INSERT INTO assignments VALUES (?, ?, ?, ?, ?, ?)",
                            (assignment, game, json.dumps(options), title, deadline, time.time()))
        return assignment

    def assignment(self, assignment: Any) -> Assignment | None:
        if type(assignment) is not str:
            return None
        row = self.db.execute("SELECT id, game, options, title, deadline FROM assignments WHERE id = ?",
                              (assignment,)).fetchone()
        return None if row is None else Assignment(row[0], row[1], json.loads(row[2]), row[3], row[4])

    def assignments(self) -> list[Assignment]:
        ids = [row[0] for row in self.db.execute("SELECT id FROM assignments ORDER BY created")]
        return [a for a in map(self.assignment, ids) if a is not None]

    def issue(self, assignment: str, count: int) -> list[str]:
        """`count` new entries' links (their tokens)."""
        if type(count) is not int or not 0 < count <= 500:
            raise ValueError("count is a whole number from 1 to 500")
        with self.db:
            (last,) = self.db.execute("SELECT COALESCE(MAX(number), -1) FROM entries WHERE assignment = ?",
                                      (assignment,)).fetchone()
            numbers = range(last + 1, last + 1 + count)
            self.db.executemany("INSERT INTO entries (assignment, number) VALUES (?, ?)",
                                [(assignment, number) for number in numbers])
        return [self.keys.token("arena", assignment, number, 0) for number in numbers]

    def links(self, assignment: str) -> list[dict]:
        """Every entry's number, name and token: for the teacher's eyes only."""
        rows = self.db.execute("SELECT number, issue, name FROM entries WHERE assignment = ? ORDER BY number",
                               (assignment,)).fetchall()
        return [{"number": number, "name": name, "token": self.keys.token("arena", assignment, number, issue)}
                for number, issue, name in rows]

    def reissue(self, assignment: str, number: Any) -> str:
        """A new link for entry `number` (a student's lost or shared one): the old link opens nothing from now on."""
        if type(number) is not int:
            raise ValueError("number is an entry's number, from the list of links")
        with self.db:
            changed = self.db.execute("UPDATE entries SET issue = issue + 1 WHERE assignment = ? AND number = ?",
                                      (assignment, number)).rowcount
        if not changed:
            raise ValueError("number is an entry's number, from the list of links")
        (issue,) = self.db.execute("SELECT issue FROM entries WHERE assignment = ? AND number = ?",
                                   (assignment, number)).fetchone()
        return self.keys.token("arena", assignment, number, issue)

    def set_deadline(self, assignment: str, deadline: float | None) -> None:
        check_deadline(deadline)
        with self.db:
            self.db.execute("UPDATE assignments SET deadline = ? WHERE id = ?", (deadline, assignment))
        self.ladders.pop(assignment, None)

    def remove(self, assignment: str) -> None:
        """Forget an assignment, its entries, versions, matches and prints: its links open nothing."""
        with self.db:
            entries = [row[0] for row in self.db.execute("SELECT id FROM entries WHERE assignment = ?",
                                                         (assignment,))]
            for table, column in (("versions", "entry"), ("prints", "entry"), ("refusals", "entry")):
                self.db.executemany(f"DELETE FROM {table} WHERE {column} = ?", [(e,) for e in entries])
            for table, column in (("entries", "assignment"), ("matches", "assignment"), ("assignments", "id")):
                self.db.execute(f"DELETE FROM {table} WHERE {column} = ?", (assignment,))
        self.ladders.pop(assignment, None)

    # ---- a student's ---------------------------------------------------------------------------------
    def entry_of(self, assignment: str, token: Any) -> int | None:
        """The entry whose link is `token`, or None."""
        if type(token) is not str or not token.isascii() or len(token) > 64:
            return None
        rows = self.db.execute("SELECT id, number, issue FROM entries WHERE assignment = ?", (assignment,))
        for entry, number, issue in rows.fetchall():
            if secrets.compare_digest(token, self.keys.token("arena", assignment, number, issue)):
                return entry
        return None

    def check(self, assignment: Assignment, entry: int, submission: Submission) -> None:
        """Everything this process can refuse without running the bot: the deadline, the name, the bytes."""
        if assignment.frozen():
            raise Refused(ARENA["frozen"], 409)
        taken = self.db.execute("SELECT 1 FROM entries WHERE assignment = ? AND name = ? AND id != ?",
                                (assignment.id, submission.name, entry)).fetchone()
        if taken:
            raise Refused(ARENA["name_taken"], 409)
        read_opcodes(submission.payload)

    def keep(self, assignment: Assignment, entry: int, submission: Submission) -> int:
        """Store a version that passed its trial (it plays from now on); its number."""
        if assignment.frozen():
            raise Refused(ARENA["frozen"], 409)
        with self.db:
            (last,) = self.db.execute("SELECT COALESCE(MAX(number), 0) FROM versions WHERE entry = ?",
                                      (entry,)).fetchone()
            self.db.execute("INSERT INTO versions VALUES (?, ?, ?, ?, ?, ?)",
                            (entry, last + 1, submission.payload, submission.kind, submission.bot, time.time()))
            self.db.execute("UPDATE entries SET name = ? WHERE id = ?", (submission.name, entry))
        self.ladders.pop(assignment.id, None)
        return last + 1

    def versions(self, entry: int) -> list[dict]:
        rows = self.db.execute("SELECT number, bot, length(payload), created FROM versions WHERE entry = ? "
                               "ORDER BY number DESC", (entry,)).fetchall()
        return [{"number": n, "bot": bot, "bytes": size, "created": created, "playing": i == 0}
                for i, (n, bot, size, created) in enumerate(rows)]

    def prints(self, entry: int, count: int = 10) -> list[dict]:
        """What the entry's bot printed in its last `count` matches: its author's eyes only."""
        rows = self.db.execute("SELECT match, text FROM prints WHERE entry = ? ORDER BY match DESC LIMIT ?",
                               (entry, count)).fetchall()
        return [{"match": match, "text": text} for match, text in rows]

    def refuse(self, entry: int, words: str) -> None:
        """Keep a refused try's sentence (never its payload) in its author's history, the last `REFUSALS`."""
        with self.db:
            self.db.execute("INSERT INTO refusals (entry, created, words) VALUES (?, ?, ?)",
                            (entry, time.time(), words[:300]))
            self.db.execute("DELETE FROM refusals WHERE entry = ? AND id NOT IN (SELECT id FROM refusals "
                            "WHERE entry = ? ORDER BY id DESC LIMIT ?)", (entry, entry, REFUSALS))

    def refusals(self, entry: int) -> list[dict]:
        """The entry's last refused tries, newest first: their time and sentence, for its author only."""
        rows = self.db.execute("SELECT created, words FROM refusals WHERE entry = ? ORDER BY id DESC",
                               (entry,)).fetchall()
        return [{"created": created, "words": words} for created, words in rows]

    def entry_name(self, entry: int) -> str | None:
        row = self.db.execute("SELECT name FROM entries WHERE id = ?", (entry,)).fetchone()
        return None if row is None else row[0]

    # ---- matches -------------------------------------------------------------------------------------
    def ladder(self, assignment: Assignment) -> Ladder:
        """The assignment's ladder, refitted once after each result (cached till then)."""
        ladder = self.ladders.get(assignment.id)
        if ladder is None:
            entries = self.db.execute("SELECT e.id, e.name FROM entries e WHERE e.assignment = ? AND EXISTS "
                                      "(SELECT 1 FROM versions v WHERE v.entry = e.id) ORDER BY e.number",
                                      (assignment.id,)).fetchall()
            matches = self.db.execute("SELECT id, entries, winners, forfeit, reason, played FROM matches "
                                      "WHERE assignment = ? ORDER BY id", (assignment.id,)).fetchall()
            ladder = self.ladders[assignment.id] = Ladder(entries, matches)
        return ladder

    def draw(self, assignment: Assignment, rng: random.Random) -> list[int] | None:
        """The next match's entries, or None: the free entry with the fewest games first, then free opponents
        of the closest ratings (one of the three closest, at random). A match plays every seat in turn."""
        ladder = self.ladder(assignment)
        free = [entry for entry in ladder.entries if entry not in self.busy]
        players = assignment.players()
        if len(free) < players:
            return None
        rng.shuffle(free)
        first = min(free, key=lambda entry: ladder.games[entry])
        rating = ladder.rating
        others = sorted((e for e in free if e != first), key=lambda e: abs(rating[e] - rating[first]))
        chosen = [first, *rng.sample(others[:max(3, players - 1)], players - 1)]
        return chosen

    def entrants(self, entries: Sequence[int]) -> tuple[list[Entrant], list[int]]:
        """Each entry's latest version as an `Entrant` (its payload as bytes, never unpickled here), and the
        version numbers."""
        entrants, numbers = [], []
        for entry in entries:
            number, payload, kind, bot = self.db.execute(
                "SELECT number, payload, kind, bot FROM versions WHERE entry = ? ORDER BY number DESC LIMIT 1",
                (entry,)).fetchone()
            entrants.append(Entrant(bytes(payload), kind, bot))
            numbers.append(number)
        return entrants, numbers

    def record(self, assignment: Assignment, entries: Sequence[int], versions: Sequence[int],
               results: Sequence[dict[str, Any]]) -> list[int]:
        """Keep a match's games (`play_match`) and each bot's prints; a match that ends past the deadline, or
        after its assignment was removed, counts for nothing."""
        now = self.assignment(assignment.id)  # as it is now: its deadline may have moved during the match
        if now is None or now.frozen():
            return []
        kept = []
        with self.db:
            for result in results:
                seated = [entries[i] for i in result["seats"]]
                cursor = self.db.execute(
                    "INSERT INTO matches (assignment, entries, versions, winners, forfeit, reason, record, played) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (assignment.id, json.dumps(seated), json.dumps([versions[i] for i in result["seats"]]),
                     json.dumps(result["winners"]), result["forfeit"], result["reason"][:300],
                     json.dumps(result["record"]), time.time()))
                match = cursor.lastrowid
                assert match is not None  # the row the INSERT just made
                kept.append(match)
                self.db.executemany("INSERT INTO prints VALUES (?, ?, ?)", [
                    (match, seated[seat], text) for seat, text in result["output"].items() if text])
        self.ladders.pop(assignment.id, None)
        return kept

    def match_record(self, assignment: str, match: int) -> dict | None:
        row = self.db.execute("SELECT record FROM matches WHERE assignment = ? AND id = ?",
                              (assignment, match)).fetchone()
        return None if row is None else json.loads(row[0])


def check_deadline(deadline: Any) -> None:
    if deadline is not None and (type(deadline) not in (int, float) or not 0 < deadline < 1e11):
        raise ValueError("deadline is a time in seconds since 1970 (UTC), or null for none")

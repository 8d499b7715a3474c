"""An arena's ladder: ratings from every match result at once (the kit's Bradley-Terry fit, with its standard
errors, on the Elo scale: `tictac_nb.core.ratings`, as the lab's tournaments use), games, wins, draws, losses and
forfeits with their reasons, and the CSV of grades."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence

from ..core.ratings import ELO, add_pairs, bradley_terry, elo, result_of, square

INTERVAL = 1.96
"""A rating's interval: this many standard errors either side (95%)."""
RECENT = 20
"""Games the ladder lists, newest first."""
REASONS = 3
"""Forfeit reasons the ladder shows per entry, newest first."""
GRADES = ("rank", "name", "rating", "low", "high", "games", "wins", "draws", "losses", "forfeits")


class Ladder:
    """The standings of one assignment: `entries` [(id, name)] that have a bot, `matches` rows, a game each
    (id, entries by seat JSON, winners JSON, forfeit seat, reason, played)."""

    def __init__(self, entries: Sequence[tuple[int, str]], matches: Sequence[tuple]) -> None:
        self.names = dict(entries)
        self.entries = list(self.names)
        index = {entry: i for i, entry in enumerate(self.entries)}
        count = {entry: dict.fromkeys(("games", "wins", "draws", "losses", "forfeits"), 0) for entry in self.entries}
        self.reasons: dict[int, list[str]] = {entry: [] for entry in self.entries}
        score, played = square(len(self.entries)), square(len(self.entries))
        self.recent = []
        for match, seats_text, winners_text, forfeit, reason, when in matches:
            seats, winners = json.loads(seats_text), json.loads(winners_text)
            if any(entry not in index for entry in seats):
                continue
            self._count(count, seats, winners, forfeit, reason)
            add_pairs(score, played, [index[e] for e in seats], winners)
            self.recent.append({"match": match, "names": [self.names[e] for e in seats], "winners": winners,
                                "reason": reason, "played": when})
        self.recent = self.recent[::-1][:RECENT]
        self.count = count
        self.games = {entry: count[entry]["games"] for entry in self.entries}
        strength, error = bradley_terry(score, played)
        self.rating = dict(zip(self.entries, elo(strength), strict=True))
        self.error = {entry: ELO * e for entry, e in zip(self.entries, error, strict=True)}
        self.order = sorted(self.entries, key=lambda entry: -self.rating[entry])

    def _count(self, count: dict, seats: list[int], winners: list[int], forfeit: int | None, reason: str) -> None:
        for seat, entry in enumerate(seats):
            row = count[entry]
            row["games"] += 1
            row[result_of(seat, winners, len(seats))] += 1
            if forfeit == seat:
                row["forfeits"] += 1
                self.reasons[entry].insert(0, reason)
                del self.reasons[entry][REASONS:]

    def rows(self) -> list[dict]:
        """The ladder, best first: rank, name, rating and its interval, games, results, forfeits and reasons."""
        return [{"rank": rank, "name": self.names[entry], "rating": round(self.rating[entry]),
                 "low": round(self.rating[entry] - INTERVAL * self.error[entry]),
                 "high": round(self.rating[entry] + INTERVAL * self.error[entry]),
                 **self.count[entry], "reasons": self.reasons[entry]}
                for rank, entry in enumerate(self.order, 1)]

    def csv(self) -> str:
        """The grades: one row per entry, best first (`GRADES`)."""
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(GRADES)
        for row in self.rows():
            writer.writerow([safe_cell(row[column]) for column in GRADES])
        return out.getvalue()


def safe_cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as text: a name that starts like a formula gets a leading quote."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value

"""TIC TOC's observation kept up to date (`tictac_nb.core.tracker`), read from the state's card counts instead
of from a view; compiled by mypyc where built."""

from __future__ import annotations

from typing import Any

from ...core.tracker import Tracker, fractions
from .rules import HAND_LIMIT


class TicTocPlaces:
    """Where TIC TOC's body and each of its parts start, and for each entry the row of numbers it is stored
    as, by the whole number the state gives it (a count, a flag, the turn), so that an update looks numbers
    up. The parts, in the body's order: the seat's hand, the cards it drew, the hand sizes, each seat's known
    cards, the teams' tables, the market, the discard pile, four single numbers, the first player."""

    def __init__(self, state: Any, encoding: Any) -> None:
        n = state.num_players
        total = sum(state.counts)
        kinds = [fractions(float(max(1, count)), total) for count in state.counts]
        sizes = fractions(float(total), total)
        flags = [0.0, 1.0]
        self.size: int = encoding.size
        self.body: int = 3 * n + 1
        self.cap: int = state.options["turn_cap"]
        self.rows: list[list[float]] = [*kinds, *kinds, *[sizes] * n, *kinds * n, *[flags, flags, flags, sizes] * n,
                                        *kinds, *kinds, sizes, fractions(float(self.cap), self.cap),
                                        fractions(2.0, total), flags, *[flags] * n]
        lengths = [8, 8, n, *[8] * n, 4 * n, 8, 8, 4, n]
        self.starts: list[int] = [sum(lengths[:part]) for part in range(len(lengths))]


class TicTocTracker(Tracker):
    """One seat's TIC TOC observation, read from the state's card counts (the seat's hand, the cards it drew
    this turn, the known cards of every hand, the piles' counts) instead of from a view: the counts change at
    nearly every action, and reading them costs less than a view and its encoding. Each part is compared
    with what it was last written from, and only the numbers that changed are written."""

    def __init__(self, places: TicTocPlaces, seat: int, listed: bool) -> None:
        super().__init__(places.size, seat, listed)
        self.places = places
        self.written: list[list[int]] = [[] for _ in places.starts]
        """Each part's whole numbers as last written ([]: not yet)."""
        self.sources: list[Any] = [None, None, None, None]
        """What the drawn cards and the tables were last worked out from: the cards drawn, and the teams,
        leaders and crews (None: not yet)."""

    def copy(self) -> TicTocTracker:
        other = TicTocTracker(self.places, self.seat, self.listed)
        other.written, other.sources = self.written[:], self.sources[:]
        return self.handed(other)

    def put(self, part: int, numbers: list[int]) -> None:
        """Part `part`'s whole numbers, written where they differ from those last written."""
        before = self.written[part]
        if numbers == before:
            return
        places = self.places
        entry = places.starts[part]
        store, rows, at = self.store, places.rows, places.body + entry
        for i in range(len(numbers)):
            count = numbers[i]
            if not before or count != before[i]:
                store[at + i] = rows[entry + i][count]
        self.written[part] = list(numbers)

    def update(self, state: Any) -> None:
        n, seat, sources = state.num_players, self.seat, self.sources
        mover = state.to_move
        self.put(0, state.hands[seat])
        drawn_from = state.drawn if seat == mover else None
        if drawn_from != sources[0] or not self.written[1]:
            drawn = [0] * 8
            for kind in drawn_from or ():
                drawn[kind] += 1
            self.put(1, drawn)
            sources[0] = drawn_from
        self.put(2, state.sizes)
        known = state.known
        for other in range(n):
            self.put(3 + other, known[other])
        team, leader, crew = state.team, state.leader, state.crew
        if team != sources[1] or leader != sources[2] or crew != sources[3]:
            tables: list[int] = []
            for side, lead, size in zip(team, leader, crew, strict=True):
                tables += (1 if side == 0 else 0, 1 if side == 1 else 0, 1 if lead else 0, size)
            self.put(3 + n, tables)
            sources[1], sources[2], sources[3] = team[:], leader[:], crew[:]
        market_at = 4 + n
        market = [0] * 8
        for kind in state.market:
            market[kind] += 1
        self.put(market_at, market)
        self.put(market_at + 1, state.in_discard)
        may_end = 1 if mover is not None and state.sizes[mover] <= HAND_LIMIT else 0
        self.put(market_at + 2, [len(state.draw), min(state.turn, self.places.cap), state.drew, may_end])
        if not self.written[market_at + 3]:
            first = [0] * n
            first[state.first_player] = 1
            self.put(market_at + 3, first)
        self.mover_and_outcome(state)

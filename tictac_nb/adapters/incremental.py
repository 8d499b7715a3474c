"""Observations kept up to date move by move, where that is cheaper than encoding the view again.

A `Tracker` holds one seat's observation (the numbers the game's `observation` encoding makes from
`state.view(seat)`) and brings it up to date from what changed in the state since it last looked, so a step
costs a few assignments instead of a view and an encoding. It reads only what the seat may know (marks, face-up tiles,
the seat's own peeks, public peeks; Trek's tiles, campfires and counts; the seat's own hand and Objective,
known cards, counts), and the tests check it against the encoder at every step of random games, for every
seat.

`tracker(state, seat, encoding, listed)` gives one for each of the kit's five games, else None (the grid
family's views are short). Its numbers live in `store`: with `listed` a list of floats (OpenSpiel hands
out a copy of it as the tensor), else a float32 `array` with `vector`, a numpy array over the same memory
(PettingZoo hands out a copy of that). Either way the numbers are float32's, as the encoder's array holds
them. The module is plain Python that mypyc compiles (`tools/build_speedups.py`), as the games' cores are;
the tests run both.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from ..games.tic_tac_ko.effects import KIND, TEAM, UP, Window
from ..games.tic_tac_ko.notation import phase as ko_phase
from ..games.tic_tac_ko.observation import EVENT_INDEX as KO_EVENTS
from ..games.tic_tac_ko.observation import PHASE_INDEX as KO_PHASES
from ..games.tic_tac_ko.observation import VERB_INDEX as KO_VERBS
from ..games.tic_tac_trek.observation import TERRAIN_INDEX
from ..games.tic_tac_trek.rules import LETTERS, TERRAINS
from ..games.tic_tac_trek.rules import window as trek_window
from ..games.tic_tac_two.observation import TILE_LETTERS
from ..games.tic_toc.rules import HAND_LIMIT

TERRAIN_LETTERS = "".join(LETTERS[terrain] for terrain in TERRAIN_INDEX)
"""Trek's terrain letters in the encoding's order."""


ZERO = array("f", [0.0])
FLOAT32 = np.dtype(np.float32)
"""numpy's float32 as a dtype (`np.frombuffer` reads one faster than the type `np.float32`)."""


def zeros(size: int) -> array:
    """`size` float32 zeros."""
    return ZERO * size


def singles(values: list[float]) -> list[float]:
    """`values` as float32's (what a float32 array holds), as floats."""
    return array("f", values).tolist()


def fractions(most: float, top: int) -> list[float]:
    """`k / most` for k from 0 to `top`, as float32's: what a count divided by its most is stored as."""
    return singles([k / most for k in range(top + 1)])


class Tracker:
    """One seat's observation, brought up to date by `update(state)` (each game's class); made blank (only
    the viewer written), its places worked out from the options once per encoding (`places`)."""

    seat: int
    listed: bool
    store: Any
    """The numbers: a list of floats, or a float32 array (see the module)."""
    vector: Any
    """A numpy array over `store`'s memory (None for a list)."""
    mover: int | None
    """The mover the header holds (None: none yet)."""
    over: bool
    """Whether the header holds an outcome."""

    def __init__(self, size: int, seat: int, listed: bool) -> None:
        self.seat, self.listed = seat, listed
        self.mover, self.over = None, False
        if listed:
            self.store, self.vector = [0.0] * size, None
        else:
            self.store = zeros(size)
            self.vector = np.frombuffer(self.store, FLOAT32)
        self.store[seat] = 1.0  # the viewer; everything else comes from the first update, from nothing

    def own(self, numbers: Any) -> None:
        """A copy of `numbers` (a store of the same kind) as this tracker's `store`."""
        if self.listed:
            self.store = list(numbers)
        else:
            self.store = array("f", numbers)
            self.vector = np.frombuffer(self.store, FLOAT32)

    def write(self, start: int, values: list[float]) -> None:
        """`values` (float32's already) into `store` from `start` on."""
        self.store[start:start + len(values)] = values if self.listed else array("f", values)

    def clear(self, start: int, length: int) -> None:
        """`length` zeros into `store` from `start` on."""
        self.store[start:start + length] = [0.0] * length if self.listed else zeros(length)

    def numbers(self) -> list[float]:
        """The observation as a new list of floats."""
        store = self.store
        return store[:] if self.listed else store.tolist()

    def handed(self, other: Any) -> Any:
        """`other` (a blank tracker of the same places) given this tracker's numbers and header: a copy."""
        other.own(self.store)
        other.mover, other.over = self.mover, self.over
        return other

    def update(self, state: Any) -> None:
        raise NotImplementedError

    def copy(self) -> Tracker:
        """A tracker of its own for a copy of the state (a clone's observations go their own way)."""
        raise NotImplementedError

    def mover_and_outcome(self, state: Any) -> None:
        """The header's changing part in place where it changed (mover, winners, over; the viewer stays)."""
        mover, outcome = state.to_move, state.outcome
        store = self.store
        if mover != self.mover:
            n = state.num_players
            if self.mover is not None:
                store[n + self.mover] = 0.0
            if mover is not None:
                store[n + mover] = 1.0
            self.mover = mover
        if (outcome is not None) != self.over:
            n = state.num_players
            for place in range(2 * n, 3 * n + 1):
                store[place] = 0.0
            if outcome is not None:
                for winner in outcome.winners:
                    store[2 * n + winner] = 1.0
                store[3 * n] = 1.0
            self.over = outcome is not None


class TicTacTwoPlaces:
    """Where Tic Tac Two's parts lie."""

    def __init__(self, state: Any, encoding: Any) -> None:
        at = encoding.offsets
        self.size: int = encoding.size
        self.marks: list[int] = [at["marks"] + 2 * (i % 9) + i // 9 for i in range(18)]  # by bit of `_marks`
        self.tiles: int = at["tiles"]
        self.face_up: int = at["face_up"]
        self.peeks: int = at["peeks"]
        self.centre: int = at["centre_owner"]
        self.peeking: int = at["peeking"]


class TicTacTwoTracker(Tracker):
    """One seat's Tic Tac Two observation: marks, flipped tiles, peeks and the header, as they change."""

    def __init__(self, places: TicTacTwoPlaces, seat: int, listed: bool) -> None:
        super().__init__(places.size, seat, listed)
        self.places = places
        self.marks, self.up, self.peeks = 0, 0, 0
        self.centre: int | None = None
        self.peeking = False

    def copy(self) -> TicTacTwoTracker:
        other = TicTacTwoTracker(self.places, self.seat, self.listed)
        other.marks, other.up, other.peeks = self.marks, self.up, self.peeks
        other.centre, other.peeking = self.centre, self.peeking
        return self.handed(other)

    def update(self, state: Any) -> None:
        store, places = self.store, self.places
        marks: int = state._marks
        if marks != self.marks:
            new, bits = marks ^ self.marks, places.marks
            while new:
                low = new & -new
                store[bits[low.bit_length() - 1]] = 1.0
                new ^= low
            self.marks = marks
        up: int = state._up
        if up != self.up:
            new, tiles = up ^ self.up, state.tiles
            while new:
                low = new & -new
                square = low.bit_length() - 1
                store[places.tiles + 6 * square + TILE_LETTERS[tiles[square]]] = 1.0
                store[places.face_up + square] = 1.0
                new ^= low
            self.up = up
        peeks = state.peeks
        if len(peeks) != self.peeks:
            at = places.peeks
            for by, square in peeks[self.peeks:]:
                store[at + 9 * by + square] = 1.0
                if by == self.seat:
                    store[at + 18 + square] = 1.0
                    store[places.tiles + 6 * square + TILE_LETTERS[state.tiles[square]]] = 1.0
            self.peeks = len(peeks)
        centre = state.centre_owner
        if centre != self.centre:
            self.centre = centre
            if centre is not None:
                store[places.centre + centre] = 1.0
        peeking: bool = state.peeking
        if peeking != self.peeking:
            self.peeking = peeking
            store[places.peeking] = 1.0 if peeking else 0.0
        self.mover_and_outcome(state)


class TycPlaces:
    """Where Tyc's parts lie."""

    def __init__(self, state: Any, encoding: Any) -> None:
        at = encoding.offsets
        self.size: int = encoding.size
        self.cells: int = at["cells"]
        self.playable: int = at["playable"]
        self.named: int = at["named"]


class TycTracker(Tracker):
    """One seat's Tyc observation: the cells marked since it last looked (read from the moves played),
    the playable boards and the named board, and the header."""

    def __init__(self, places: TycPlaces, seat: int, listed: bool) -> None:
        super().__init__(places.size, seat, listed)
        self.places = places
        self.moves = 0

    def copy(self) -> TycTracker:
        other = TycTracker(self.places, self.seat, self.listed)
        other.moves = self.moves
        return self.handed(other)

    def update(self, state: Any) -> None:
        store, places = self.store, self.places
        history = state.history
        owner, letter = state.owner, state.letter
        for move in history[self.moves:]:
            place = 9 * (int(move[0]) - 1) + int(move[1]) - 1
            base = places.cells + 11 * place
            store[base + owner[place]] = 1.0
            store[base + 2 + letter[place]] = 1.0
        self.moves = len(history)
        playable, named = places.playable, places.named
        for board in range(9):
            store[playable + board] = 0.0
            store[named + board] = 0.0
        for board in state.playable_boards():
            store[playable + board] = 1.0
        if state.target is not None:
            store[named + state.target] = 1.0
        self.mover_and_outcome(state)


TREK_WINDOWS: dict[int, dict[int, int]] = {}
"""Each Trek window's place of each cell, by the box's number of tiles (which alone decides the window)."""


class TicTacTrekPlaces:
    """Where Tic Tac Trek's parts lie: each cell of the window by its place in it, and the counts' tops."""

    def __init__(self, state: Any, encoding: Any) -> None:
        at = encoding.offsets
        mix = state.options["mix"]
        tiles = sum(mix.values())
        window = TREK_WINDOWS.get(tiles)
        if window is None:
            window = TREK_WINDOWS[tiles] = {c: i for i, c in enumerate(trek_window(state))}
        self.window: dict[int, int] = window
        self.size: int = encoding.size
        self.cells: int = at["cells"]
        self.pending: int = at["pending"]
        self.drawn: int = at["drawn"]
        self.most_bag: list[int] = [max(1, mix[TERRAINS[letter]]) for letter in TERRAIN_LETTERS]
        self.tiles: int = tiles
        self.fires_most: int = state.options["campfires"]


class TicTacTrekTracker(Tracker):
    """One seat's Tic Tac Trek observation: the tiles placed since it last looked, the campfires that moved,
    the pending cell and the header as they change; the short counts at the end afresh (everything in Trek's
    view is public, so every seat's tracker reads the same)."""

    def __init__(self, places: TicTacTrekPlaces, seat: int, listed: bool) -> None:
        super().__init__(places.size, seat, listed)
        self.places = places
        self.placed = 0
        self.fires: dict[int, int] = {}
        self.pending: int | None = None

    def copy(self) -> TicTacTrekTracker:
        other = TicTacTrekTracker(self.places, self.seat, self.listed)
        other.placed, other.fires, other.pending = self.placed, dict(self.fires), self.pending
        return self.handed(other)

    def update(self, state: Any) -> None:
        store, places = self.store, self.places
        window, cells = places.window, places.cells
        placed = state.placed
        if len(placed) != self.placed:
            terrain, symbol = state.terrain, state.symbol
            for c in placed[self.placed:]:
                base = cells + 9 * window[c]
                store[base + TERRAIN_LETTERS.index(terrain[c])] = 1.0
                store[base + 5 + symbol[c]] = 1.0
            self.placed = len(placed)
        fires = state.fires
        if fires != self.fires:
            for c, owner in self.fires.items():
                store[cells + 9 * window[c] + 7 + owner] = 0.0
            for c, owner in fires.items():
                store[cells + 9 * window[c] + 7 + owner] = 1.0
            self.fires = dict(fires)
        pending = state.pending
        if pending != self.pending:
            if self.pending is not None:
                store[places.pending + window[self.pending]] = 0.0
            self.pending = pending
            if pending is not None:
                store[places.pending + window[pending]] = 1.0
        drawn = [0.0] * 5
        if state.drawn is not None:
            drawn[TERRAIN_LETTERS.index(state.drawn)] = 1.0
        bag, tiles, most = state.bag, places.tiles, places.fires_most
        first = [0.0, 0.0]
        first[state.first_player] = 1.0
        counts = [bag.count(letter) / top for letter, top in zip(TERRAIN_LETTERS, places.most_bag, strict=True)]
        self.write(places.drawn, singles([*drawn, *counts, len(bag) / tiles, state.supply[0] / most,
                                          state.supply[1] / most, min(1.0, state.lit[0] / most),
                                          min(1.0, state.lit[1] / most), 1.0 if state.fallback() else 0.0, *first]))
        self.mover_and_outcome(state)


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


class TicTacKOPlaces:
    """Where Tic Tac K.O.'s parts lie, a card's place (its team's base plus its kind), and each count's
    stored fraction."""

    def __init__(self, state: Any, encoding: Any) -> None:
        at = encoding.offsets
        most = [card.count for deck in state.decks for card in deck.cards]
        total = sum(most)
        self.size: int = encoding.size
        self.players: int = state.num_players
        self.hand: int = at["hand"]
        self.seats: int = at["seats"]
        self.teams: int = at["teams"]
        self.grid: int = at["grid"]
        self.stack_depth: int = at["stack_depth"]
        self.top_event: int = at["top_event"]
        self.top_player: int = at["top_player"]
        self.top_card: int = at["top_card"]
        self.top_space: int = at["top_space"]
        self.verbs: int = at["verbs"]
        self.gridlock: int = at["gridlock"]
        self.phase: int = at["phase"]
        self.active: int = at["active"]
        self.base: tuple[int, int] = (0, len(state.decks[0].cards))
        self.kinds: int = len(most)
        self.objectives: int = len(state.objective_cards)
        self.of_most: list[list[float]] = [fractions(float(top), top) for top in most]
        """A card's count as stored, by card and count."""
        self.of_total: list[float] = fractions(float(total), total)
        """A pile's or hand's size as stored."""
        self.depths: list[float] = fractions(10.0, 10)
        """The stack's depth as stored, up to 10 (1 beyond)."""


class TicTacKOTracker(Tracker):
    """One seat's Tic Tac K.O. observation, kept up to date part by part: the seat's hand, each seat's count
    and known cards, each team's piles, discards, completed Objectives (and the seat's own team's Objective)
    and each space of the Grid are written again only when they changed since the last update; the short
    parts after the Grid (the top of the stack, the phase, the mover) are written afresh every update."""

    def __init__(self, places: TicTacKOPlaces, seat: int, listed: bool) -> None:
        super().__init__(places.size, seat, listed)
        self.places = places
        self.hand: list[int] | None = None
        self.seats: list[list[int] | None] = [None] * places.players  # each seat's known cards as last written
        self.teams: list[tuple[list[int], list[int], int | None] | None] = [None, None]
        self.grid: list[Any] = []
        self.ones: list[int] = []
        """The places after the Grid last set to 1."""

    def copy(self) -> TicTacKOTracker:
        other = TicTacKOTracker(self.places, self.seat, self.listed)
        other.hand, other.seats, other.teams = self.hand, self.seats[:], self.teams[:]
        other.grid, other.ones = self.grid, self.ones
        return self.handed(other)

    def counts(self, start: int, base: int, kinds: list[int], before: list[int] | None) -> None:
        """The counts of `kinds` (of the team whose cards start at `base`) over the part at `start`, which
        holds those of `before` (None: nothing yet); where `kinds` only added cards to `before` (a pile
        growing), only the added kinds are counted again."""
        store, of_most = self.store, self.places.of_most
        if before is not None and len(kinds) > len(before) and kinds[:len(before)] == before:
            for kind in set(kinds[len(before):]):
                store[start + base + kind] = of_most[base + kind][kinds.count(kind)]
            return
        self.clear(start, self.places.kinds)
        held: dict[int, int] = {}
        for kind in kinds:
            held[base + kind] = held.get(base + kind, 0) + 1
        for card, count in held.items():
            store[start + card] = of_most[card][count]

    def update(self, state: Any) -> None:
        seat, places, store = self.seat, self.places, self.store
        base, kinds, of_total = places.base, places.kinds, places.of_total
        team_of = state.team_of
        hands = state.hands
        if hands[seat] != self.hand:
            self.counts(places.hand, base[team_of[seat]], hands[seat], self.hand)
            self.hand = list(hands[seat])
        start, seats = places.seats, self.seats
        for q, known in enumerate(state.known):
            store[start] = of_total[len(hands[q])]
            if known != seats[q]:
                self.counts(start + 1, base[team_of[q]], known, seats[q])
                seats[q] = list(known)
            start += 1 + kinds
        start, teams, objectives = places.teams, self.teams, places.objectives
        for t in (0, 1):
            store[start] = of_total[len(state.piles[t])]
            objective = state.objective[t] if team_of[seat] == t else None
            saved = teams[t]
            discards, completed = state.discards[t], state.completed[t]
            if saved is None or saved[0] != discards or saved[1] != completed or saved[2] != objective:
                self.counts(start + 1, base[t], discards, None if saved is None else saved[0])
                done = start + 1 + kinds
                self.clear(done, 2 * objectives)
                for i in completed:
                    store[done + i] = 1.0
                if objective is not None:
                    store[done + objectives + objective] = 1.0
                teams[t] = (list(discards), list(completed), objective)
            start += 1 + kinds + 2 * objectives
        grid = state.grid
        if grid != self.grid:
            before, fresh = self.grid, not self.grid
            for space, cell in enumerate(grid):
                if fresh or cell != before[space]:
                    place = places.grid + space * (kinds + 1)
                    self.clear(place, kinds + 1)
                    if cell is not None:
                        store[place + base[cell[TEAM]] + cell[KIND]] = 1.0
                        if cell[UP]:
                            store[place + kinds] = 1.0
            self.grid = list(grid)
        self.tail(state)
        self.mover_and_outcome(state)

    def tail(self, state: Any) -> None:
        """The parts after the Grid, afresh: the stack's depth and top, the Gridlock, the phase, the active seat."""
        store, places = self.store, self.places
        over = state.outcome is not None
        ones: list[int] = []
        stack = state.stack
        depths = places.depths
        store[places.stack_depth] = depths[min(len(stack), len(depths) - 1)]
        if stack:
            top = stack[-1]
            window = top.__class__ is Window
            event = top.event if window else "effect"
            ones += [places.top_event + KO_EVENTS[event], places.top_player + top.player,
                     places.top_card + places.base[top.team] + top.kind]
            if window and event == "play" and top.space is not None:
                ones.append(places.top_space + top.space)
            if not over and not window:
                step = top.steps[top.index]
                ones += [places.verbs + KO_VERBS[a.verb] for a in step.alternatives] or [places.verbs
                                                                                          + KO_VERBS[step.verb]]
        if state.gridlock is not None:
            ones += [places.gridlock + q for q in state.gridlock] + [places.gridlock + state.num_players]
        if not over:
            ones += [places.phase + KO_PHASES[ko_phase(state)], places.active + state.active]
        if ones != self.ones:
            for one in self.ones:
                store[one] = 0.0
            for one in ones:
                store[one] = 1.0
            self.ones = ones


TRACKERS: dict[str, tuple[Any, Any]] = {
    "tic-tac-two": (TicTacTwoPlaces, TicTacTwoTracker), "tyc": (TycPlaces, TycTracker),
    "tic-tac-trek": (TicTacTrekPlaces, TicTacTrekTracker), "tic-toc": (TicTocPlaces, TicTocTracker),
    "tic-tac-ko": (TicTacKOPlaces, TicTacKOTracker)}
"""Each game's places and tracker."""


def tracker(state: Any, seat: int, encoding: Any, listed: bool = False) -> Tracker | None:
    """A tracker of `seat`'s observation of `state`'s game, brought up to date, or None where the game has
    none. The places are worked out once per encoding (the options decide every place)."""
    made = TRACKERS.get(state.game.name)
    if made is None:
        return None
    places_of, tracker_of = made
    places = encoding.places.get(places_of)
    if places is None:
        places = encoding.places[places_of] = places_of(state, encoding)
    follow: Tracker = tracker_of(places, seat, listed)
    follow.update(state)
    return follow

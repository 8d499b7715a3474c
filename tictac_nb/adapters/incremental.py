"""Observations kept up to date move by move, where that is cheaper than encoding the view again.

A `Tracker` holds one seat's observation vector (the numbers `observations.encoder` makes from
`state.view(seat)`) and brings it up to date from what changed in the state since it last looked, so a
step costs a few assignments instead of a view and an encoding. It reads only what the seat may know
(marks, face-up tiles, the seat's own peeks, public peeks; Trek's tiles, campfires and counts; the seat's
own hand and Objective, known cards, counts), and the tests check it against the encoder at every step of
random games, for every seat.

`tracker(state, seat, encoding)` gives one for each of the kit's five games, else None (the grid
family's views are short). TIC TOC's reads the seat's counts afresh at each update (nearly every action
changes them), K.O.'s writes again only the parts that changed; either costs a fraction of a view and its
encoding.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..games.tic_tac_ko.effects import KIND, TEAM, UP, Window
from ..games.tic_tac_ko.notation import phase as ko_phase
from ..games.tic_tac_trek.rules import LETTERS, TERRAINS
from ..games.tic_toc.rules import HAND_LIMIT
from .observations import KO_EVENTS, KO_PHASES, KO_VERBS, TERRAIN_INDEX, TILE_LETTERS, Encoder

TERRAIN_LETTERS = "".join(LETTERS[terrain] for terrain in TERRAIN_INDEX)
"""Trek's terrain letters in the encoding's order."""


class Tracker:
    """One seat's observation vector (`vector`), brought up to date by `update(state)`; made blank (the
    places worked out from the options, only the viewer written)."""

    vector: np.ndarray
    mover: int | None = None
    """The mover the header holds (None: none yet)."""
    over = False
    """Whether the header holds an outcome."""

    def copy(self) -> Tracker:
        """A tracker of its own for a copy of the state (a clone's observations go their own way)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.vector = self.vector.copy()
        return other

    def mover_and_outcome(self, state: Any) -> None:
        """The header's changing part in place where it changed (mover, winners, over; the viewer stays)."""
        mover, outcome = state.to_move, state.outcome
        if mover != self.mover:
            n, vector = state.num_players, self.vector
            if self.mover is not None:
                vector[n + self.mover] = 0.0
            if mover is not None:
                vector[n + mover] = 1.0
            self.mover = mover
        if (outcome is not None) != self.over:
            n, vector = state.num_players, self.vector
            vector[2 * n:3 * n + 1] = 0.0
            if outcome is not None:
                for winner in outcome.winners:
                    vector[2 * n + winner] = 1.0
                vector[3 * n] = 1.0
            self.over = outcome is not None


class TicTacTwoTracker(Tracker):
    """One seat's Tic Tac Two observation: marks, flipped tiles, peeks and the header, as they change."""

    def __init__(self, state: Any, seat: int, encoding: Encoder) -> None:
        self.seat = seat
        at = encoding.offsets
        self.mark_places = [at["marks"] + 2 * (i % 9) + i // 9 for i in range(18)]  # by bit of `_marks`
        self.tiles_at, self.face_up_at, self.peeks_at = at["tiles"], at["face_up"], at["peeks"]
        self.centre_at, self.peeking_at = at["centre_owner"], at["peeking"]
        self.vector = np.zeros(encoding.size, np.float32)
        self.vector[seat] = 1.0  # the viewer; everything else comes from the first update, from nothing
        self.marks = self.up = self.peeks = 0
        self.centre = None
        self.peeking = False

    def update(self, state: Any) -> np.ndarray:
        vector = self.vector
        marks = state._marks
        if marks != self.marks:
            new, places = marks ^ self.marks, self.mark_places
            while new:
                low = new & -new
                vector[places[low.bit_length() - 1]] = 1.0
                new ^= low
            self.marks = marks
        up = state._up
        if up != self.up:
            new, tiles = up ^ self.up, state.tiles
            while new:
                low = new & -new
                square = low.bit_length() - 1
                vector[self.tiles_at + 6 * square + TILE_LETTERS[tiles[square]]] = 1.0
                vector[self.face_up_at + square] = 1.0
                new ^= low
            self.up = up
        peeks = state.peeks
        if len(peeks) != self.peeks:
            at = self.peeks_at
            for by, square in peeks[self.peeks:]:
                vector[at + 9 * by + square] = 1.0
                if by == self.seat:
                    vector[at + 18 + square] = 1.0
                    vector[self.tiles_at + 6 * square + TILE_LETTERS[state.tiles[square]]] = 1.0
            self.peeks = len(peeks)
        if state.centre_owner != self.centre:
            self.centre = state.centre_owner
            vector[self.centre_at + self.centre] = 1.0
        if state.peeking != self.peeking:
            self.peeking = state.peeking
            vector[self.peeking_at] = 1.0 if self.peeking else 0.0
        self.mover_and_outcome(state)
        return vector


class TycTracker(Tracker):
    """One seat's Tyc observation: the cells marked since it last looked (read from the moves played),
    the playable boards and the named board, and the header."""

    def __init__(self, state: Any, seat: int, encoding: Encoder) -> None:
        self.seat = seat
        self.at = encoding.offsets
        self.vector = np.zeros(encoding.size, np.float32)
        self.vector[seat] = 1.0
        self.moves = 0

    def update(self, state: Any) -> np.ndarray:
        vector, at = self.vector, self.at
        history = state.history
        for move in history[self.moves:]:
            place = 9 * (int(move[0]) - 1) + int(move[1]) - 1
            base = at["cells"] + 11 * place
            vector[base + state.owner[place]] = 1.0
            vector[base + 2 + state.letter[place]] = 1.0
        self.moves = len(history)
        playable, named = at["playable"], at["named"]
        vector[playable:playable + 9] = 0.0
        vector[named:named + 9] = 0.0
        for board in state.playable_boards():
            vector[playable + board] = 1.0
        if state.target is not None:
            vector[named + state.target] = 1.0
        self.mover_and_outcome(state)
        return vector


class TicTacTrekTracker(Tracker):
    """One seat's Tic Tac Trek observation: the tiles placed since it last looked, the campfires that moved,
    the pending cell and the header as they change; the short counts at the end afresh (everything in Trek's
    view is public, so every seat's tracker reads the same)."""

    windows: dict[int, dict[int, int]] = {}
    """Each window's place of each cell, by the box's number of tiles (which alone decides the window)."""

    def __init__(self, state: Any, seat: int, encoding: Encoder) -> None:
        from .actions import trek_window

        self.at = encoding.offsets
        mix = state.options["mix"]
        self.window = self.windows.get(sum(mix.values()))
        if self.window is None:
            self.window = self.windows[sum(mix.values())] = {c: i for i, c in enumerate(trek_window(state))}
        self.most_bag = [max(1, mix[TERRAINS[letter]]) for letter in TERRAIN_LETTERS]
        self.tiles = sum(mix.values())
        self.fires_most = state.options["campfires"]
        self.vector = np.zeros(encoding.size, np.float32)
        self.vector[seat] = 1.0
        self.placed = 0
        self.fires: dict[int, int] = {}
        self.pending: int | None = None

    def update(self, state: Any) -> np.ndarray:
        vector, at, window = self.vector, self.at, self.window
        cells = at["cells"]
        placed = state.placed
        if len(placed) != self.placed:
            terrain, symbol = state.terrain, state.symbol
            for c in placed[self.placed:]:
                base = cells + 9 * window[c]
                vector[base + TERRAIN_LETTERS.index(terrain[c])] = 1.0
                vector[base + 5 + symbol[c]] = 1.0
            self.placed = len(placed)
        fires = state.fires
        if fires != self.fires:
            for c, owner in self.fires.items():
                vector[cells + 9 * window[c] + 7 + owner] = 0.0
            for c, owner in fires.items():
                vector[cells + 9 * window[c] + 7 + owner] = 1.0
            self.fires = dict(fires)
        if state.pending != self.pending:
            if self.pending is not None:
                vector[at["pending"] + window[self.pending]] = 0.0
            self.pending = state.pending
            if self.pending is not None:
                vector[at["pending"] + window[self.pending]] = 1.0
        drawn = [0.0] * 5
        if state.drawn is not None:
            drawn[TERRAIN_LETTERS.index(state.drawn)] = 1.0
        bag, tiles, most = state.bag, self.tiles, self.fires_most
        first = [0.0, 0.0]
        first[state.first_player] = 1.0
        vector[at["drawn"]:] = [*drawn, *[bag.count(letter) / top for letter, top in zip(TERRAIN_LETTERS, self.most_bag,
                                                                                          strict=True)],
                                len(bag) / tiles, state.supply[0] / most, state.supply[1] / most,
                                min(1.0, state.lit[0] / most), min(1.0, state.lit[1] / most),
                                1.0 if state.fallback() else 0.0, *first]
        self.mover_and_outcome(state)
        return vector


class TicTocTracker(Tracker):
    """One seat's TIC TOC observation, read from the state's card counts (the seat's hand, the cards it drew
    this turn, the known cards of every hand, the piles' counts) instead of from a view, every update:
    the counts change at nearly every action, and reading them costs less than a view and its encoding.
    The body is one list of numerators divided at once by a fixed row of denominators (1 where an entry is
    already its number: x / 1.0 is x exactly, so the numbers are the encoder's)."""

    def __init__(self, state: Any, seat: int, encoding: Encoder) -> None:
        n = state.num_players
        self.seat = seat
        self.cap = state.options["turn_cap"]
        most = [float(max(1, count)) for count in state.counts]
        total = float(sum(state.counts))
        self.body = 3 * n + 1
        self.denominators = np.array([*most, *most, *[total] * n, *most * n, *[1.0, 1.0, 1.0, total] * n,
                                      *most, *most, total, 1.0, 2.0, 1.0, *[1.0] * n])
        self.vector = np.zeros(encoding.size, np.float32)
        self.vector[seat] = 1.0

    def update(self, state: Any) -> np.ndarray:
        n, seat = state.num_players, self.seat
        mover = state.to_move
        drawn = [0] * 8
        if seat == mover:
            for kind in state.drawn:
                drawn[kind] += 1
        market = [0] * 8
        for kind in state.market:
            market[kind] += 1
        tables: list[float] = []
        for team, leader, crew in zip(state.team, state.leader, state.crew, strict=True):
            tables += (1.0 if team == 0 else 0.0, 1.0 if team == 1 else 0.0, 1.0 if leader else 0.0, crew)
        first = [0.0] * n
        first[state.first_player] = 1.0
        numerators = [*state.hands[seat], *drawn, *state.sizes, *[held for known in state.known for held in known],
                      *tables, *market, *state.in_discard, len(state.draw), min(1.0, state.turn / self.cap),
                      state.drew, 1.0 if mover is not None and state.sizes[mover] <= HAND_LIMIT else 0.0, *first]
        vector = self.vector
        vector[self.body:] = np.array(numerators, np.float64) / self.denominators
        self.mover_and_outcome(state)
        return vector


class TicTacKOTracker(Tracker):
    """One seat's Tic Tac K.O. observation, kept up to date part by part: the seat's hand, each seat's count
    and known cards, each team's piles, discards, completed Objectives (and the seat's own team's Objective)
    and each space of the Grid are written again only when they changed since the last update; the short
    parts after the Grid (the top of the stack, the phase, the mover) are written afresh every update."""

    def __init__(self, state: Any, seat: int, encoding: Encoder) -> None:
        self.seat = seat
        self.at = encoding.offsets
        self.base = (0, len(state.decks[0].cards))  # a card's place: its team's base plus its kind
        self.most = [float(card.count) for deck in state.decks for card in deck.cards]
        self.kinds = len(self.most)
        self.total = float(sum(self.most))
        self.objectives = len(state.objective_cards)
        self.vector = np.zeros(encoding.size, np.float32)
        self.vector[seat] = 1.0
        n = state.num_players
        self.hand: list[int] | None = None
        self.seats: list[list[int] | None] = [None] * n  # each seat's known cards as last written
        self.teams: list[tuple | None] = [None, None]
        self.grid: list[Any] = [None] * len(state.grid)
        self.written_grid = False

    def copy(self) -> TicTacKOTracker:
        other = super().copy()
        other.seats, other.teams = self.seats[:], self.teams[:]
        return other

    def _counts(self, start: int, base: int, kinds: list[int]) -> None:
        """The counts of `kinds` (of the team whose cards start at `base`) over the part at `start`."""
        vector, most = self.vector, self.most
        vector[start:start + self.kinds] = 0.0
        held: dict[int, int] = {}
        for kind in kinds:
            held[base + kind] = held.get(base + kind, 0) + 1
        for card, count in held.items():
            vector[start + card] = count / most[card]

    def update(self, state: Any) -> np.ndarray:
        n, seat, at, base, kinds, total = state.num_players, self.seat, self.at, self.base, self.kinds, self.total
        vector = self.vector
        team_of = state.team_of
        hands = state.hands
        if hands[seat] != self.hand:
            self._counts(at["hand"], base[team_of[seat]], hands[seat])
            self.hand = list(hands[seat])
        start, seats = at["seats"], self.seats
        for q, known in enumerate(state.known):
            vector[start] = len(hands[q]) / total
            if known != seats[q]:
                self._counts(start + 1, base[team_of[q]], known)
                seats[q] = list(known)
            start += 1 + kinds
        start, teams = at["teams"], self.teams
        objectives = self.objectives
        for t in (0, 1):
            vector[start] = len(state.piles[t]) / total
            objective = state.objective[t] if team_of[seat] == t else None
            saved = teams[t]
            discards, completed = state.discards[t], state.completed[t]
            if saved is None or saved[0] != discards or saved[1] != completed or saved[2] != objective:
                self._counts(start + 1, base[t], discards)
                done = start + 1 + kinds
                vector[done:done + 2 * objectives] = 0.0
                for i in completed:
                    vector[done + i] = 1.0
                if objective is not None:
                    vector[done + objectives + objective] = 1.0
                teams[t] = (list(discards), list(completed), objective)
            start += 1 + kinds + 2 * objectives
        grid = state.grid
        if grid != self.grid or not self.written_grid:
            start, saved = at["grid"], self.grid
            for space, cell in enumerate(grid):
                if cell != saved[space] or not self.written_grid:
                    place = start + space * (kinds + 1)
                    vector[place:place + kinds + 1] = 0.0
                    if cell is not None:
                        vector[place + base[cell[TEAM]] + cell[KIND]] = 1.0
                        if cell[UP]:
                            vector[place + kinds] = 1.0
            self.grid = list(grid)
            self.written_grid = True
        over = state.outcome is not None
        ones: list[int] = []
        vector[at["stack_depth"]:] = 0.0
        stack = state.stack
        if stack:
            vector[at["stack_depth"]] = min(1.0, len(stack) / 10)
            top = stack[-1]
            window = top.__class__ is Window
            event = top.event if window else "effect"
            ones.extend([at["top_event"] + KO_EVENTS[event], at["top_player"] + top.player,
                         at["top_card"] + base[top.team] + top.kind])
            if window and event == "play" and top.space is not None:
                ones.append(at["top_space"] + top.space)
            if not over and not window:
                step = top.steps[top.index]
                ones.extend([at["verbs"] + KO_VERBS[a.verb] for a in step.alternatives] or
                            [at["verbs"] + KO_VERBS[step.verb]])
        if state.gridlock is not None:
            ones.extend([at["gridlock"] + q for q in state.gridlock] + [at["gridlock"] + n])
        if not over:
            ones.extend([at["phase"] + KO_PHASES[ko_phase(state)], at["active"] + state.active])
        if ones:
            vector[ones] = 1.0
        self.mover_and_outcome(state)
        return vector


TRACKERS = {"tic-tac-two": TicTacTwoTracker, "tyc": TycTracker, "tic-tac-trek": TicTacTrekTracker,
            "tic-toc": TicTocTracker, "tic-tac-ko": TicTacKOTracker}


def tracker(state: Any, seat: int, encoding: Encoder) -> Any:
    """A tracker of `seat`'s observation of `state`'s game, brought up to date, or None where the game has
    none. Each starts as a copy of the seat's blank tracker (its places worked out, nothing seen yet), made
    once per encoding (the options decide every place)."""
    blank = encoding.blanks.get(seat)
    if blank is None:
        make = TRACKERS.get(state.game.name)
        if make is None:
            return None
        blank = encoding.blanks[seat] = make(state, seat, encoding)
    follow = blank.copy()
    follow.update(state)
    return follow

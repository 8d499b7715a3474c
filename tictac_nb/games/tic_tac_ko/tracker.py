"""Tic Tac K.O.'s observation kept up to date part by part (`tictac_nb.core.tracker`); compiled by mypyc where
built."""

from __future__ import annotations

from typing import Any

from ...core.tracker import Tracker, fractions
from .effects import KIND, TEAM, UP, Window
from .notation import EVENT_INDEX, PHASE_INDEX, VERB_INDEX, phase


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
            ones += [places.top_event + EVENT_INDEX[event], places.top_player + top.player,
                     places.top_card + places.base[top.team] + top.kind]
            if window and event == "play" and top.space is not None:
                ones.append(places.top_space + top.space)
            if not over and not window:
                step = top.steps[top.index]
                ones += [places.verbs + VERB_INDEX[a.verb] for a in step.alternatives] or [places.verbs
                                                                                          + VERB_INDEX[step.verb]]
        if state.gridlock is not None:
            ones += [places.gridlock + q for q in state.gridlock] + [places.gridlock + state.num_players]
        if not over:
            ones += [places.phase + PHASE_INDEX[phase(state)], places.active + state.active]
        if ones != self.ones:
            for one in self.ones:
                store[one] = 0.0
            for one in ones:
                store[one] = 1.0
            self.ones = ones

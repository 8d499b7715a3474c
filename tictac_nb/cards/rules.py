"""A card game of the family: a deck made from a table, hands, draws, and cards that act on a grid.

Rules (as the engine implements them, for the options as set):
- 2 to 4 players (X, O, Triangle, Square) share one deck, shuffled by the seed; each is dealt `hand` cards,
  top first, from the first player (`first_player`, by the seed when None). Hands are private (everyone
  sees how many cards each holds); the deck's order is hidden from all; the discard pile is public.
- A turn (`turn` "draw, play"): draw `draws` cards, then play up to `plays` cards from your hand, one at a
  time (after the first, you may `end`). With "play, draw" the draw comes at the end of the turn. A card
  may be played only if its first step can do something now; a later step with nothing to act on is
  skipped. A played card goes to the discard pile once its steps are done. If no card in your hand can be
  played, you discard one instead. A player with no cards in hand passes.
- A card's steps are in the vocabulary of `tictac_nb.cards.effects` (place, block, remove, move, swap,
  draw, discard, steal, again, points, nothing) or a Python function of the game.
- `win` "line": whoever has `k` marks in a row, column or diagonal wins at once (after any step that
  changes marks; a swap may complete the opponent's line). When the deck and every hand are empty, a draw.
- `win` "points": the game runs until the deck and every hand are empty; a score is the card points won
  plus the lines of `k` of your marks on the grid. Most points wins; equal best scores share the win.
- `win` "deck": when a player must draw from an empty deck, the game ends: a score is your marks on the
  grid plus card points; most wins.

Notation: `play Fireball` plays a card (its steps then ask for their choices one at a time); a square
such as `b2` answers a place, block, remove, move or swap step (a move or swap takes two squares: your
mark first); `discard Fireball` discards; `steal @2` steals from Player 2 (seats numbered from 1);
`end` ends a turn of several plays.

Options: `rows`, `cols`, `k`; `players` (2-4); `hand` (cards dealt, 1-10); `draws` (0-3 a turn); `plays`
(1-3 a turn); `turn`; `win`; `first_player`; `deck` (cards per name, the table's counts by default);
`order` (the top of the deck by name, dealt first: to script a game).

Rulings of this kit:
- The deck is never reshuffled: each turn takes at least one card out of the hands, so every game ends.
- A stolen card is chosen at random (by the game's hidden chance); only the thief and the victim see
  which (the others see "a card"). A bot of the victim's seat does not remember which card was stolen
  (a simplification: it guesses the thief's hand a little more widely).
- A Python effect `fn(state, seat)` runs at once and must not draw chance of its own: use the state's
  helpers (`put`, `draw_cards`, `score`, `win`, `cell`) so records replay it.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ..core.engine import InvalidOption, Outcome, State, Target, excerpt
from ..core.frozen import FrozenDict
from ..grid.rules import BLOCKED, EMPTY, MARK_NAMES, MARKS, geometry
from .effects import CHOICES, Step, cells_of, describe_steps, step_words
from .table import Card, CardTableError, Deck, card_colour

LOG = 4  # public lines of the log kept in a view


@lru_cache(maxsize=64)
def places(deck: Deck, rows: int, cols: int) -> tuple[tuple[frozenset[int] | None, ...], ...]:
    """Per card and step, the cells a place or block step may take on this grid (None: anywhere)."""
    found = []
    for number, card in enumerate(deck.cards, 1):
        cells = []
        for step in card.steps:
            try:
                cells.append(cells_of(step.arg, rows, cols) if step.verb in ("place", "block") else None)
            except ValueError as error:
                raise CardTableError(f"row {number} ({card.name}), column 'effect': {error}") from None
        found.append(tuple(cells))
    return tuple(found)


class CardState(State):
    """A position of a card game of the family: the grid, the hands, the deck and the discard pile."""

    player_names = MARK_NAMES

    # ---- setup ---------------------------------------------------------------------------------
    def setup(self, rng: random.Random) -> None:
        o = self.options
        deck: Deck = self.game.deck  # type: ignore[attr-defined]
        self.cards: tuple[Card, ...] = deck.cards
        self.rows, self.cols, self.k = o["rows"], o["cols"], o["k"]
        if self.k > max(self.rows, self.cols):
            raise InvalidOption(f"option 'k' must be at most the longer side of a {self.rows} by {self.cols} grid")
        n = self.num_players = o["players"]
        self.geometry = geometry(self.rows, self.cols, self.k)
        self.places = places(deck, self.rows, self.cols)
        self.counts = tuple(o["deck"][card.name] for card in self.cards)
        total, hand = sum(self.counts), o["hand"]
        if total < hand * n:
            where = "the option 'deck'" if o["deck"] != {c.name: c.count for c in self.cards} else "the column 'count'"
            raise CardTableError(f"{where} adds up to {total} cards, too few to deal {hand} to each of {n} players "
                                 f"({hand * n})")
        first = o["first_player"]
        if first is not None and first >= n:
            raise InvalidOption(f"option 'first_player' is seat {first}, but a {n}-player game has seats 0 to {n - 1}")
        self.first_player = rng.randrange(n) if first is None else first
        rest = list(self.counts)
        top = [self.game.deck.index(name) for name in o["order"] or ()]  # type: ignore[attr-defined]
        for kind in top:
            if not rest[kind]:
                raise InvalidOption(f"option 'order' names {self.cards[kind].name} more often than the deck holds it "
                                    f"({self.counts[kind]})")
            rest[kind] -= 1
        order = [kind for kind, count in enumerate(rest) for _ in range(count)]
        rng.shuffle(order)
        order = top + order
        self._deal: tuple[str, ...] | None = tuple(self.cards[kind].name for kind in order)
        self.deck = order[::-1]  # the top card is the last
        kinds = len(self.cards)
        self.hands = [[0] * kinds for _ in range(n)]
        self.sizes = [0] * n
        for i in range(n):
            seat = (self.first_player + i) % n
            for _ in range(hand):
                self.hands[seat][self.deck.pop()] += 1
            self.sizes[seat] = hand
        self.board = bytearray(self.rows * self.cols)
        self.bits = [0] * n
        self.discard: list[int] = []
        self.points = [0] * n
        self.drawn: list[tuple[int, ...]] = [()] * n
        self.chance = rng.getrandbits(62)
        self.line: tuple[int, ...] = ()
        self.log: tuple[str, ...] = ()
        self.turn = 0
        self.played = 0
        self.again = False
        self.pending: list | None = None
        self.stage = "play"
        self.to_move = None
        self._moves: dict[str, tuple] = {}
        self._legal: tuple[str, ...] = ()
        self.play_texts = tuple(f"play {card.name}" for card in self.cards)
        self.discard_texts = tuple(f"discard {card.name}" for card in self.cards)
        self._begin(self.first_player)

    # ---- helpers for Python effects ------------------------------------------------------------
    def cell(self, name: str) -> int:
        """The cell of square `name` ('b2'; 0 is a1, row by row)."""
        return self.geometry.cells[name]

    def put(self, cell: int, mark: int) -> None:
        """Set square `cell` to `mark` (0 empties it, a seat's mark is seat + 1, BLOCKED blocks it)."""
        old = self.board[cell]
        if old not in (EMPTY, BLOCKED):
            self.bits[old - 1] &= ~(1 << cell)
        self.board[cell] = mark
        if mark not in (EMPTY, BLOCKED):
            self.bits[mark - 1] |= 1 << cell

    def draw_cards(self, seat: int, count: int) -> None:
        """`seat` draws `count` cards from the top of the deck (fewer if it runs out)."""
        got: list[int] = []
        hand = self.hands[seat]
        while len(got) < count and self.deck:
            kind = self.deck.pop()
            hand[kind] += 1
            got.append(kind)
        self.sizes[seat] += len(got)
        self.drawn[seat] = tuple(got)
        if got:
            self._note(f"{MARK_NAMES[seat]} drew {len(got)} card{'s' if len(got) > 1 else ''}")
        if len(got) < count and self.options["win"] == "deck":
            self._by_score(f"{self.player_name(seat)} must draw from an empty deck")

    def score(self, seat: int, points: int) -> None:
        """`seat` scores `points` (the `points` and `deck` ways to win count them)."""
        self.points[seat] += points

    def win(self, seat: int, reason: str = "") -> None:
        """End the game now: `seat` wins."""
        self._finish((seat,), reason or f"{self.player_name(seat)} wins")

    # ---- the turn ------------------------------------------------------------------------------
    def _note(self, words: str) -> None:
        self.log = (*self.log[-(LOG - 1):], words)

    def _begin(self, p: int) -> None:
        """Start the turn of `p`, or of the next player holding cards; the end when none can go on."""
        o = self.options
        for _ in range(self.num_players + 1):
            self.to_move = p
            self.turn += 1
            self.played = 0
            self.again = False
            if o["turn"] == "draw, play" and o["draws"]:
                self.draw_cards(p, o["draws"])
                if self.outcome is not None:
                    return
            if self.sizes[p]:
                self.stage = "play"
                self._decide()
                return
            if not self.deck and not any(self.sizes):
                self._cards_out()
                return
            if o["turn"] == "play, draw" and o["draws"]:
                self.draw_cards(p, o["draws"])
                if self.outcome is not None:
                    return
            p = (p + 1) % self.num_players
        self._cards_out()

    def _end_turn(self) -> None:
        p = self.to_move
        assert p is not None  # the game is not over
        o = self.options
        if o["turn"] == "play, draw" and o["draws"]:
            self.draw_cards(p, o["draws"])
            if self.outcome is not None:
                return
        self._begin(p if self.again else (p + 1) % self.num_players)

    def can_play(self, kind: int) -> bool:
        """Whether card `kind` (in the mover's hand) may be played now: its first step can do something."""
        verb = self.cards[kind].steps[0].verb
        if verb not in CHOICES:
            return True
        board, p = self.board, self.to_move
        assert p is not None  # the game is not over
        if verb in ("place", "block"):
            allowed = self.places[kind][0]
            return EMPTY in board if allowed is None else any(board[c] == EMPTY for c in allowed)
        mine, others = self.bits[p], sum(self.bits) - self.bits[p]
        if verb == "remove":
            return others != 0
        if verb == "move":
            return mine != 0 and EMPTY in board
        if verb == "swap":
            return mine != 0 and others != 0
        if verb == "discard":
            return self.sizes[p] > 1  # a card besides this one
        return any(self.sizes[q] for q in range(self.num_players) if q != p)  # steal

    def _decide(self) -> None:
        """The choices of the play stage: a card to play, `end` after the first, or a discard."""
        p = self.to_move
        assert p is not None  # the game is not over
        hand = self.hands[p]
        moves: dict[str, tuple] = {}
        for kind, held in enumerate(hand):
            if held and self.can_play(kind):
                moves[self.play_texts[kind]] = (CardState._play, kind)
        if self.played:
            moves["end"] = (CardState._end,)  # offered always: whether a card could be played is the mover's secret
        elif not moves:
            moves = {self.discard_texts[kind]: (CardState._discard_instead, kind) for kind, held in enumerate(hand)
                     if held}
        self._set(moves)

    def _set(self, moves: dict[str, tuple]) -> None:
        self._moves = moves
        self._legal = tuple(moves)

    def _from_hand(self, p: int, kind: int) -> None:
        """A card of `kind` leaves seat `p`'s hand (played or discarded)."""
        self.hands[p][kind] -= 1
        self.sizes[p] -= 1

    def _play(self, kind: int) -> None:
        p = self.to_move
        assert p is not None  # the game is not over
        self._from_hand(p, kind)
        self._note(f"{MARK_NAMES[p]} plays {self.cards[kind].name}")
        self.pending = [kind, 0, None]
        self._run()

    def _end(self) -> None:
        self._end_turn()

    def _discard_instead(self, kind: int) -> None:
        p = self.to_move
        assert p is not None  # the game is not over
        self._from_hand(p, kind)
        self.discard.append(kind)
        self._note(f"{self.player_name(p)} could play no card and discarded {self.cards[kind].name}")
        self._end_turn()

    def _run(self) -> None:
        """Do the pending card's steps from the current one: at once, or stop at the next choice."""
        assert self.pending is not None  # a card is being played
        kind, i, first = self.pending
        steps = self.cards[kind].steps
        p = self.to_move
        assert p is not None  # the game is not over
        while i < len(steps):
            step = steps[i]
            if step.verb in CHOICES:
                moves = self._choices(kind, i, step, first)
                if moves:
                    self.pending = [kind, i, first]
                    self.stage = "step"
                    self._set(moves)
                    return
            else:
                self._auto(step, p)
                if self.outcome is not None:
                    return
            i, first = i + 1, None
        self.discard.append(kind)
        self.pending = None
        self.stage = "play"
        self.played += 1
        if self.played >= self.options["plays"] or not self.sizes[p]:
            self._end_turn()
        else:
            self._decide()

    def _auto(self, step: Step, p: int) -> None:
        verb, arg = step
        if verb == "draw":
            self.draw_cards(p, arg)
        elif verb == "again":
            self.again = True
        elif verb == "points":
            self.points[p] += arg
        elif verb == "call":
            self.game.deck.functions[arg](self, p)  # type: ignore[attr-defined]
            if self.outcome is None:  # a function may have put marks: any seat's line counts, the mover's first
                self._lines(tuple((p + i) % self.num_players for i in range(self.num_players)), None)

    def _choices(self, kind: int, i: int, step: Step, first: int | None) -> dict[str, tuple]:
        """The choices a step offers now: {action: handler}."""
        verb = step.verb
        p = self.to_move
        assert p is not None  # the game is not over
        names, board, mine = self.geometry.names, self.board, p + 1
        at = CardState._at
        if verb in ("place", "block"):
            allowed = self.places[kind][i]
            return {names[c]: (at, c) for c in (range(len(board)) if allowed is None else sorted(allowed))
                    if board[c] == EMPTY}
        if verb == "remove":
            return {names[c]: (at, c) for c, m in enumerate(board) if m not in (EMPTY, BLOCKED, mine)}
        if verb in ("move", "swap"):
            wanted = (EMPTY,) if verb == "move" else tuple(q + 1 for q in range(self.num_players) if q != p)
            if first is None:
                if not any(m in wanted for m in board):
                    return {}
                return {names[c]: (at, c) for c, m in enumerate(board) if m == mine}
            return {names[c]: (at, c) for c, m in enumerate(board) if m in wanted}
        if verb == "discard":
            return {self.discard_texts[k]: (CardState._discard_step, k) for k, held in enumerate(self.hands[p]) if held}
        if verb == "steal":
            return {f"steal @{q + 1}": (CardState._steal, q) for q in range(self.num_players)
                    if q != p and self.sizes[q]}
        raise AssertionError(verb)

    def _next_step(self) -> None:
        assert self.pending is not None  # a card is being played
        self.pending[1] += 1
        self.pending[2] = None
        self._run()

    def _at(self, c: int) -> None:
        assert self.pending is not None  # a card is being played
        kind, i, first = self.pending
        verb = self.cards[kind].steps[i].verb
        p = self.to_move
        assert p is not None  # the game is not over
        name = self.geometry.names[c]
        who = MARK_NAMES[p]
        if verb == "place":
            self.put(c, p + 1)
            self._note(f"{who} placed {MARK_NAMES[p]} on {name}")
            self._lines((p,), c)
        elif verb == "block":
            self.put(c, BLOCKED)
            self._note(f"{who} blocked {name}")
        elif verb == "remove":
            self._note(f"{who} removed {MARK_NAMES[self.board[c] - 1]} from {name}")
            self.put(c, EMPTY)
        elif first is None:  # the first square of a move or a swap: one of the mover's marks
            self.pending[2] = c
            self._set(self._choices(kind, i, self.cards[kind].steps[i], c))
            return
        elif verb == "move":
            self.put(first, EMPTY)
            self.put(c, p + 1)
            self._note(f"{who} moved {MARK_NAMES[p]} from {self.geometry.names[first]} to {name}")
            self._lines((p,), c)
        else:
            other = self.board[c] - 1
            self.put(first, other + 1)
            self.put(c, p + 1)
            self._note(f"{who} swapped {self.geometry.names[first]} with {MARK_NAMES[other]}'s {name}")
            self._lines((p, other), None)
        if self.outcome is None:
            self._next_step()

    def _discard_step(self, kind: int) -> None:
        p = self.to_move
        assert p is not None  # the game is not over
        self._from_hand(p, kind)
        self.discard.append(kind)
        self._note(f"{self.player_name(p)} discarded {self.cards[kind].name}")
        self._next_step()

    def _steal(self, q: int) -> None:
        p = self.to_move
        assert p is not None  # the game is not over
        shuffler = random.Random(self.chance)
        pick = shuffler.randrange(self.sizes[q])
        self.chance = shuffler.getrandbits(62)
        hand = self.hands[q]
        kind = next(k for k in range(len(hand)) if (pick := pick - hand[k]) < 0)
        hand[kind] -= 1
        self.sizes[q] -= 1
        self.hands[p][kind] += 1
        self.sizes[p] += 1
        self.drawn[p] = (kind,)
        self._note(f"{self.player_name(p)} stole a card from {self.player_name(q)}")
        self._next_step()

    # ---- the end -------------------------------------------------------------------------------
    def _lines(self, seats: tuple[int, ...], cell: int | None) -> None:
        """In the `line` game, the first of `seats` with k in a row wins (through `cell` when given)."""
        if self.options["win"] != "line":
            return
        geo = self.geometry
        for q in seats:
            bits = self.bits[q]
            for mask in (geo.through[cell] if cell is not None else geo.lines):
                if bits & mask == mask:
                    self.line = geo.lines[mask]
                    self._finish((q,), f"{self.player_name(q)} wins with a line of {self.k}")
                    return

    def lines_of(self, seat: int) -> int:
        """The lines of k marks of `seat` on the grid now."""
        bits = self.bits[seat]
        return sum(1 for mask in self.geometry.lines if bits & mask == mask)

    def current_scores(self) -> tuple[float, ...] | None:
        win = self.options["win"]
        if win == "line":
            return None
        if win == "points":
            return tuple(float(self.points[q] + self.lines_of(q)) for q in range(self.num_players))
        return tuple(float(self.points[q] + self.bits[q].bit_count()) for q in range(self.num_players))

    def _cards_out(self) -> None:
        if self.options["win"] == "line":
            self._finish((), "The cards ran out with no line: a draw")
        else:
            self._by_score("The cards ran out")

    def _by_score(self, why: str) -> None:
        scores = self.current_scores()
        assert scores is not None  # a game won on points keeps scores
        best = max(scores)
        winners = tuple(q for q, s in enumerate(scores) if s == best)
        told = ", ".join(f"{self.player_name(q)} {s:g}" for q, s in enumerate(scores))
        if len(winners) == self.num_players:
            self._finish((), f"{why}: a tie ({told})", scores)
        else:
            names = " and ".join(self.player_name(q) for q in winners)
            self._finish(winners, f"{why}: {names} win{'s' if len(winners) == 1 else ''} ({told})", scores)

    def _finish(self, winners: tuple[int, ...], reason: str, scores: tuple[float, ...] | None = None) -> None:
        self.outcome = Outcome(winners, scores if scores is not None else self.current_scores(), reason)
        self.to_move = None
        if self.pending is not None:  # a card that ends the game mid-way still goes to the discard pile
            self.discard.append(self.pending[0])
        self.pending = None
        self._set({})

    # ---- the protocol --------------------------------------------------------------------------
    def legal_actions(self) -> tuple[str, ...]:
        return self._legal

    def is_legal(self, action: Any) -> bool:
        return type(action) is str and action in self._moves

    def apply(self, action: str) -> None:
        handler, *args = self._moves[action]
        handler(self, *args)

    def phase(self) -> str:
        return self.stage

    def hand_names(self, seat: int) -> list[str]:
        return [self.cards[k].name for k, held in enumerate(self.hands[seat]) for _ in range(held)]

    def prompt(self) -> str:
        """What the mover is asked now, in a player's words."""
        if self.pending is None:
            if self.played:
                return f"play another card ({self.played} of {self.options['plays']} played) or end the turn"
            return "play a card from your hand (discard one if none can be played)"
        kind, i, first = self.pending
        step = self.cards[kind].steps[i]
        if step.verb in ("move", "swap"):
            if first is None:
                return f"{self.cards[kind].name}: choose one of your marks to {step.verb}"
            where = "an empty square" if step.verb == "move" else "an opponent's mark"
            return f"{self.cards[kind].name}: choose {where} for your mark on {self.geometry.names[first]}"
        return f"{self.cards[kind].name}: {step_words(step)}"

    def status(self) -> str:
        if self.outcome is not None:
            return self.outcome.reason
        return f"{self.player_name(self.to_move)} to move: {self.prompt()}"

    def card_table(self) -> list[dict[str, Any]]:
        """The public table of the deck as this game's options count it: what each card says and shows."""
        colour = self.game.deck.colour  # type: ignore[attr-defined]
        return [{"name": card.name, "count": self.counts[k], "text": card.text, "type": card.get("type"),
                 "fill": card_colour(card.get(colour)),
                 "extra": [[column, value] for column, value in card.extra if column not in (colour, "type")]}
                for k, card in enumerate(self.cards)]

    def view_body(self, player: int | None) -> dict:
        names = self.geometry.names
        scores = self.current_scores()  # None in a game won by a line only
        playing = None
        if self.pending is not None:
            kind, _, first = self.pending
            playing = {"card": self.cards[kind].name, "from": None if first is None else names[first]}
        return {
            "rows": self.rows, "cols": self.cols, "k": self.k, "win": self.options["win"],
            "marks": list(MARKS[:self.num_players]),
            "cells": ["#" if m == BLOCKED else None if m == EMPTY else MARKS[m - 1] for m in self.board],
            "line": [names[c] for c in self.line],
            "hand": None if player is None else self.hand_names(player),
            "drawn": None if player is None else [self.cards[k].name for k in self.drawn[player]],
            "hand_sizes": list(self.sizes),
            "deck_size": len(self.deck),
            "discard": [self.cards[k].name for k in self.discard],
            "scores": None if scores is None else list(scores),
            "playing": playing,
            "prompt": None if self.outcome is not None else self.prompt(),
            "turn": self.turn,
            "plays": self.options["plays"],
            "played": self.played,
            "log": list(self.log),
            "cards": self.card_table(),
        }

    def determinize(self, player: int | None, rng: random.Random) -> CardState:
        """The cards `player` cannot see dealt anew: the deck's order and the other hands (sizes kept)."""
        self.check_viewer(player)
        copy = self.clone()
        others = [q for q in range(self.num_players) if q != player]
        pool = list(self.deck)
        for q in others:
            pool.extend(k for k, held in enumerate(self.hands[q]) for _ in range(held))
        pool.sort()
        rng.shuffle(pool)
        for q in others:
            hand = [0] * len(self.cards)
            for kind in pool[len(pool) - self.sizes[q]:]:
                hand[kind] += 1
            del pool[len(pool) - self.sizes[q]:]
            copy.hands[q] = hand
            copy.drawn[q] = ()
        copy.deck = pool
        copy.chance = rng.getrandbits(62)
        copy.seed = rng.randrange(2**32)
        copy._deal = None
        copy.options = FrozenDict(self.options, order=None)
        copy.replayable = False
        if copy.outcome is None:
            copy._redecide()
        return copy

    def _redecide(self) -> None:
        """The choices at hand again (after the hands were dealt anew)."""
        if self.pending is None:
            self._decide()
        else:
            kind, i, first = self.pending
            self._set(self._choices(kind, i, self.cards[kind].steps[i], first))

    def setup_record(self) -> dict:
        """The starting deal: who starts and the shuffled deck, top first (a determinized copy knows none)."""
        return {"first_player": self.first_player, "deal": None if self._deal is None else list(self._deal)}

    def key(self) -> Any:
        return (bytes(self.board), tuple(map(tuple, self.hands)), tuple(self.deck), tuple(self.discard),
                tuple(self.points), self.to_move, self.turn, self.played, self.again, self.stage,
                None if self.pending is None else tuple(self.pending), self.chance, self.outcome)

    def clone(self) -> CardState:
        copy = object.__new__(type(self))
        attributes = copy.__dict__
        attributes.update(self.__dict__)
        copy.board = self.board[:]
        copy.bits = self.bits[:]
        copy.hands = [hand[:] for hand in self.hands]
        copy.sizes = self.sizes[:]
        copy.deck = self.deck[:]
        copy.discard = self.discard[:]
        copy.points = self.points[:]
        copy.drawn = self.drawn[:]
        if self.pending is not None:
            copy.pending = self.pending[:]
        copy.history = self.history[:]
        return copy

    # ---- words ---------------------------------------------------------------------------------
    def describe(self, action: str) -> str:
        """Words for an action, from its notation and the public position only (the others hear them too)."""
        verb, _, rest = action.partition(" ")
        deck: Deck = self.game.deck  # type: ignore[attr-defined]
        kind = deck.index(rest) if verb in ("play", "discard") else None
        if kind is not None:
            card = self.cards[kind]
            return f"play {card.name}: {card.text.rstrip('.')}" if verb == "play" else f"discard {card.name}"
        if action == "end":
            return "end the turn"
        if verb == "steal" and rest[1:].isdigit():
            return f"steal a card at random from {self.player_name(int(rest[1:]) - 1)}"
        if action in self.geometry.cells and self.pending is not None:
            return f"square {action}: {self.prompt()}"
        return action

    def targets(self) -> list[Target]:
        return [Target(action, self.describe(action)) for action in self._legal]

    def refusal(self, action: str) -> str:
        lowered = " ".join(action.split()).casefold()
        close = next((a for a in self._legal if a.casefold() == lowered), None)
        if close is not None:
            return f"write the action exactly as {close!r}"
        verb, _, rest = lowered.partition(" ")
        who = self.player_name(self.to_move)
        if self.pending is not None:
            square = self.geometry.cells.get(lowered)
            if square is not None:
                return f"square {lowered} will not do: {self.prompt()} ({self._square_words(square)})"
            return f"{who} is in the middle of a card: {self.prompt()}, e.g. {self._legal[0]!r}"
        deck: Deck = self.game.deck  # type: ignore[attr-defined]
        assert self.to_move is not None  # the engine asks for refusals only while the game runs
        if verb in ("play", "discard"):
            kind = deck.index(rest)
            if kind is None:
                return (f"{excerpt(rest, 30)} is no card of this deck; its cards are "
                        f"{', '.join(c.name for c in self.cards)}")
            name = self.cards[kind].name
            if not self.hands[self.to_move][kind]:
                return f"you have no {name} in hand"
            if verb == "discard":
                return "you may discard only when no card in your hand can be played, or when a card says so"
            if self.played >= self.options["plays"]:
                return f"you have played {self.played} cards, the most a turn allows"
            first = self.cards[kind].steps[0]
            return f"{name} cannot be played now: its first step ({step_words(first)}) has nothing to act on"
        if verb == "end":
            return "play a card first: a turn plays at least one card"
        if lowered in self.geometry.cells:
            return f"first play a card from your hand, e.g. {self._legal[0]!r}"
        if verb == "steal":
            return "no card of yours is stealing now: a card with 'steal' in its effect lets you"
        return (f"{excerpt(action, 30)} is no action of {self.game.title}: write e.g. 'play "
                f"{self.cards[0].name}', then a square such as 'b2'")

    def _square_words(self, cell: int) -> str:
        mark = self.board[cell]
        if mark == BLOCKED:
            return "it is blocked"
        if mark == EMPTY:
            return "it is empty" if self.pending and self.pending[2] is None else "it is not one of the choices"
        return f"it holds {MARK_NAMES[mark - 1]}"

    # ---- the card report's hooks (tictac_nb.lab.card_report) -----------------------------------
    def hand_cards(self, seat: int) -> dict[str, int]:
        """The cards in `seat`'s hand by name: what the card report counts as drawn and held."""
        return {self.cards[k].name: held for k, held in enumerate(self.hands[seat]) if held}

    def card_played(self, action: str) -> str | None:
        """The card the mover plays with `action` (before it is applied), or None."""
        move = self._moves.get(action)
        return self.cards[move[1]].name if move is not None and move[0] is CardState._play else None


def rules_text(state: CardState) -> str:
    """The rules of one game of the family as its options set them, in the shape the print sheet reads."""
    o = state.options
    n = o["players"]
    goal = {"line": f"Make {state.k} of your marks in a row, a column or a diagonal to win.",
            "points": f"Score points: each card's points, and 1 for every line of {state.k} of your marks. When "
                      "the deck and every hand are empty, most points wins.",
            "deck": "When someone must draw from an empty deck, the game ends: your marks on the grid plus card "
                    "points score, most wins."}[o["win"]]
    turn = (f"draw {o['draws']} card{'s' if o['draws'] != 1 else ''}, then play" if o["turn"] == "draw, play"
            else "play") + (f" up to {o['plays']} cards" if o["plays"] > 1 else " a card")
    if o["turn"] == "play, draw" and o["draws"]:
        turn += f", then draw {o['draws']}"
    rules = [f"{n} players: {', '.join(MARK_NAMES[:n])}; a {state.rows} by {state.cols} grid, squares a1 at the top "
             f"left.", f"Shuffle the {sum(state.counts)} cards; deal {o['hand']} to each player. Keep your hand "
             "secret.", f"On your turn, {turn}. If no card in your hand can be played, discard one.",
             "A card does its steps in order; skip a step that has nothing to act on. Played cards go to the "
             "discard pile.", goal]
    cards = [f"{card.name} (x{state.counts[k]}): {describe_steps(card.steps)}" for k, card in enumerate(state.cards)
             if state.counts[k]]
    return "\n".join([f"{state.game.title}: a card game of tictac_nb.cards.", "",
                      "Rules (as the engine implements them):", *(f"- {line}" for line in rules),
                      *(f"- {line}" for line in cards), "",
                      "For players (the rules page of the print sheet):", *(f"- {line}" for line in rules), "",
                      "Rulings of this kit, where the rules are silent:",
                      "- The deck is never reshuffled, so every game ends.",
                      "- A stolen card is taken at random; only the thief and the victim see which.", ""])


"""The verbs of Tic Tac K.O.: the legal choices of an effect step, and what each choice does.

An effect (a Special Character entering the Grid, a Magic card, an Instant) is a `Effect` frame on the
stack: its steps are done in order. A step with no legal choice is skipped; a step with choices waits
for its player's decision, written in the game's notation (`destroy 5`, `displace 5 to 3`,
`repel 5 to Cute 2`, `swap 4 with 5`, `discard Scutters`, `play Scutters @5`, `skip`).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .cards import Card, Deck, Step

# A Grid cell is None or (team, card number, face up, serial); the serial follows one card around the Grid.
TEAM, KIND, UP, SERIAL = 0, 1, 2, 3


class Window:
    """An answer window: a card someone tries to play, or a card just hypnotized.

    `queue` holds the players still to be asked, in turn order from the one who caused it.
    """

    __slots__ = ("event", "player", "team", "kind", "space", "serial", "unstoppable", "queue")

    def __init__(self, event: str, player: int, team: int, kind: int, space: int | None, serial: int | None,
                 unstoppable: bool, queue: list[int]) -> None:
        self.event, self.player, self.team, self.kind = event, player, team, kind
        self.space, self.serial, self.unstoppable, self.queue = space, serial, unstoppable, queue

    def copy(self) -> Window:
        return Window(self.event, self.player, self.team, self.kind, self.space, self.serial, self.unstoppable,
                      self.queue[:])

    def key(self) -> tuple:
        return ("W", self.event, self.player, self.team, self.kind, self.space, self.serial, self.unstoppable,
                tuple(self.queue))


class Effect:
    """An effect under way: `steps[index]` is the next step; `subject` is the stack index of the window an
    Instant answers; `done` says whether the step before was done ("if you do")."""

    __slots__ = ("player", "team", "kind", "source", "steps", "index", "subject", "done", "left")

    def __init__(self, player: int, team: int, kind: int, source: int | None, steps: tuple[Step, ...],
                 subject: int | None = None) -> None:
        self.player, self.team, self.kind, self.source, self.steps = player, team, kind, source, steps
        self.index, self.subject, self.done, self.left = 0, subject, False, 0

    def copy(self) -> Effect:
        other = Effect(self.player, self.team, self.kind, self.source, self.steps, self.subject)
        other.index, other.done, other.left = self.index, self.done, self.left
        return other

    def key(self) -> tuple:
        return ("E", self.player, self.team, self.kind, self.source, self.index, self.subject, self.done, self.left)


class Host(Protocol):
    """What `Verbs` needs of the game state it is mixed into (`TicTacKO`): the contract, checked by mypy
    wherever the state is used, since every method of the mixin takes its `self` as a `Host`."""

    # ---- kept by the host state -------------------------------------------------------------------
    grid: list[tuple | None]
    """A cell per space: None or (team, card number, face up, serial)."""
    decks: tuple[Deck, ...]
    """Team A's deck and team B's."""
    guards: tuple[bool, ...]
    """Per team: whether any card of its deck protects (so `protected` can stop looking at once)."""
    labels: tuple[str, ...]
    adjacent: tuple[tuple[int, ...], ...]
    members: tuple[tuple[int, ...], ...]
    """The seats of each team."""
    team_of: tuple[int, ...]
    hands: list[list[int]]
    known: list[list[int]]
    """Per seat, the card numbers in its hand that the table has seen (REPELled into it)."""
    discards: list[list[int]]
    stack: list[Any]
    """`Window` and `Effect` frames, the top last: which kind lies at an index follows from the turn."""
    play_texts: tuple[tuple[tuple[str, ...], ...], ...]
    """Per team, card number and space: the text `play NAME @SPACE`."""

    def player_name(self, player: int | None) -> str: ...
    def note(self, words: str) -> None: ...
    def others(self, player: int) -> list[int]: ...
    def try_play(self, player: int, kind: int, space: int | None) -> None: ...

    # ---- the mixin's own, which its methods call on `self` ----------------------------------------
    def space_of(self, serial: int | None) -> int | None: ...
    def card_at(self, space: int) -> Card: ...
    def protected(self, space: int, verb: str, actor_team: int) -> bool: ...
    def spaces_for(self, effect: Effect, step: Step, verb: str, spec: str) -> list[int]: ...
    def step_choices(self, effect: Effect, step: Step) -> dict[str, tuple]: ...
    def play_choices(self, player: int, wanted: str) -> dict[str, tuple]: ...
    def flip(self, space: int, up: bool) -> None: ...
    def to_discard(self, space: int) -> None: ...
    def discard_from_hand(self, player: int, kind: int) -> None: ...
    def take_from_hand(self, player: int, kind: int) -> None: ...
    _STEPS: dict[str, Callable[..., None]]


class Verbs:
    """Mixin of the game state: targets, protections and the verbs themselves. Each method takes its `self`
    as a `Host`, the contract of what the state provides."""

    # ---- looking at the Grid --------------------------------------------------------------------
    def space_of(self: Host, serial: int | None) -> int | None:
        if serial is None:
            return None
        for space, cell in enumerate(self.grid):
            if cell is not None and cell[SERIAL] == serial:
                return space
        return None

    def card_at(self: Host, space: int) -> Card:
        cell = self.grid[space]
        assert cell is not None  # each verb takes a space that holds a card
        return self.decks[cell[TEAM]].cards[cell[KIND]]

    def protected(self: Host, space: int, verb: str, actor_team: int) -> bool:
        """Whether an ongoing effect keeps the card at `space` from `verb` done by `actor_team`."""
        cell = self.grid[space]
        assert cell is not None
        team = cell[TEAM]
        if team == actor_team or not self.guards[team]:
            return False
        cards = self.decks[team].cards
        if cell[UP]:
            card = cards[cell[KIND]]
            if verb in card.protect and "self" in card.protect_scope:
                return True
        for other in self.adjacent[space]:
            near = self.grid[other]
            if near is not None and near[TEAM] == team and near[UP]:
                card = cards[near[KIND]]
                if verb in card.protect and "adjacent" in card.protect_scope:
                    return True
        return False

    def spaces_for(self: Host, effect: Effect, step: Step, verb: str, spec: str) -> list[int]:
        """The spaces whose card `step` may take (its target spec `spec`), for `effect`'s player."""
        grid = self.grid
        spaces: Sequence[int]
        if spec == "any":
            spaces = range(len(grid))
        elif spec == "trigger":
            window = self.stack[effect.subject] if effect.subject is not None else None
            space = self.space_of(window.serial) if window is not None else None
            spaces = () if space is None else (space,)
        else:
            home = self.space_of(effect.source)
            home_cell = None if home is None else grid[home]
            if home is None or home_cell is None or not home_cell[UP]:
                return []  # a card that left the Grid or is hypnotized has no effect
            spaces = (home,) if spec == "self" else self.adjacent[home]
        team, owner, kind = effect.team, step.owner, step.kind
        found = []
        for space in spaces:
            cell = grid[space]
            if cell is None:
                continue
            if owner == "own" and cell[TEAM] != team or owner == "opponent" and cell[TEAM] == team:
                continue
            if verb == "hypnotize" and not cell[UP] or verb == "awaken" and cell[UP]:
                continue
            if kind != "character" and self.decks[cell[TEAM]].cards[cell[KIND]].type != kind:
                continue
            if cell[TEAM] != team and self.protected(space, verb, team):
                continue
            found.append(space)
        return found

    # ---- the choices of a step ------------------------------------------------------------------
    def step_choices(self: Host, effect: Effect, step: Step) -> dict[str, tuple]:
        """Action text -> what it does, for one step of `effect` (empty: nothing to do)."""
        if step.alternatives:
            moves: dict[str, tuple] = {}
            for alternative in step.alternatives:
                moves.update(self.step_choices(effect, alternative))
            return moves
        verb, labels, player = step.verb, self.labels, effect.player
        if verb == "discard":
            cards = self.decks[self.team_of[player]].cards
            return {f"discard {cards[k].name}": ("discard", k) for k in sorted(set(self.hands[player]))}
        if verb == "play":
            return self.play_choices(player, step.card)
        spaces = self.spaces_for(effect, step, verb, step.target)
        if verb in ("destroy", "sacrifice", "hypnotize", "awaken"):
            return {f"{verb} {labels[s]}": (verb, s) for s in spaces}
        if verb == "displace":
            empty = [s for s, cell in enumerate(self.grid) if cell is None]
            return {f"displace {labels[s]} to {labels[e]}": ("displace", s, e) for s in spaces for e in empty}
        if verb == "repel":
            moves = {}
            for s in spaces:
                cell = self.grid[s]
                assert cell is not None  # `spaces_for` found a card there
                seats = self.members[cell[TEAM]]
                if len(seats) == 1:
                    moves[f"repel {labels[s]}"] = ("repel", s, seats[0])
                else:
                    for seat in seats:
                        moves[f"repel {labels[s]} to {self.player_name(seat)}"] = ("repel", s, seat)
            return moves
        if verb == "swap":
            assert step.with_ is not None  # a SWAP step names what it swaps with
            partners = self.spaces_for(effect, step, verb, step.with_)
            moves = {}
            for a in spaces:
                for b in partners:
                    if a != b:
                        moves[f"swap {labels[a]} with {labels[b]}"] = ("swap", a, b)
                        if step.target == step.with_:
                            continue
                        moves[f"swap {labels[b]} with {labels[a]}"] = ("swap", a, b)
            return moves
        raise AssertionError(f"step {verb} has no choices")  # draw and stop need no decision

    def play_choices(self: Host, player: int, wanted: str) -> dict[str, tuple]:
        """`play NAME @SPACE` for each Character of type `wanted` in the hand and each empty space."""
        team = self.team_of[player]
        cards = self.decks[team].cards
        empty = [s for s, cell in enumerate(self.grid) if cell is None]
        moves: dict[str, tuple] = {}
        if not empty:
            return moves
        texts = self.play_texts[team]
        for k in sorted(set(self.hands[player])):
            card_type = cards[k].type
            if card_type in ("basic", "special") and (wanted == "character" or wanted == card_type):
                row = texts[k]
                for s in empty:
                    moves[row[s]] = ("play", k, s)
        return moves

    def step_possible(self: Host, effect: Effect, step: Step, hand_after: int) -> bool:
        """Whether a card whose first step is `step` may be played now (it would do something)."""
        if step.optional or step.verb == "draw":
            return True
        if step.verb == "stop":
            window = self.stack[effect.subject] if effect.subject is not None else None
            return window is not None and window.event == "play" and not window.unstoppable
        if step.verb == "discard":
            return hand_after > 0
        return bool(self.step_choices(effect, step))

    # ---- doing a step ---------------------------------------------------------------------------
    def do_step(self: Host, effect: Effect, move: tuple) -> None:
        """Carry out the decision `move` (a verb and its spaces or card) for the step under way."""
        verb = move[0]
        effect.done = verb != "skip"
        if verb == "discard":
            self.discard_from_hand(effect.player, move[1])
            effect.left -= 1
            if effect.left > 0 and self.hands[effect.player]:
                return  # the same step asks again
            effect.left = 0
        effect.index += 1
        if verb not in ("discard", "skip"):
            self._STEPS[verb](self, effect, *move[1:])

    def _step_play(self: Host, effect: Effect, kind: int, space: int) -> None:
        self.try_play(effect.player, kind, space)

    def _destroy(self: Host, effect: Effect, space: int) -> None:
        self.note(f"{self.player_name(effect.player)} destroyed {self.card_at(space).name} on {self.labels[space]}")
        self.to_discard(space)

    def _sacrifice(self: Host, effect: Effect, space: int) -> None:
        self.note(f"{self.player_name(effect.player)} sacrificed {self.card_at(space).name} on {self.labels[space]}")
        self.to_discard(space)

    def _displace(self: Host, effect: Effect, source: int, target: int) -> None:
        labels = self.labels
        self.note(f"{self.player_name(effect.player)} displaced {self.card_at(source).name} from {labels[source]} "
                  f"to {labels[target]}")
        self.grid[target], self.grid[source] = self.grid[source], None

    def _swap(self: Host, effect: Effect, a: int, b: int) -> None:
        labels = self.labels
        self.note(f"{self.player_name(effect.player)} swapped {self.card_at(a).name} on {labels[a]} with "
                  f"{self.card_at(b).name} on {labels[b]}")
        self.grid[a], self.grid[b] = self.grid[b], self.grid[a]

    def _repel(self: Host, effect: Effect, space: int, seat: int) -> None:
        cell = self.grid[space]
        assert cell is not None
        self.grid[space] = None
        insort(self.hands[seat], cell[KIND])
        insort(self.known[seat], cell[KIND])
        self.note(f"{self.player_name(effect.player)} repelled {self.decks[cell[TEAM]].cards[cell[KIND]].name} from "
                  f"{self.labels[space]} to {self.player_name(seat)}'s hand")

    def _awaken(self: Host, effect: Effect, space: int) -> None:
        self.flip(space, True)
        self.note(f"{self.player_name(effect.player)} awakened {self.card_at(space).name} on {self.labels[space]}")

    def _hypnotize(self: Host, effect: Effect, space: int) -> None:
        self.flip(space, False)
        self.note(f"{self.player_name(effect.player)} hypnotized {self.card_at(space).name} on {self.labels[space]}")
        cell = self.grid[space]
        assert cell is not None
        self.stack.append(Window("hypnotize", effect.player, cell[TEAM], cell[KIND], space, cell[SERIAL], False,
                                 self.others(effect.player)))

    _STEPS: dict[str, Callable[..., None]] = {
        "play": _step_play, "destroy": _destroy, "sacrifice": _sacrifice, "displace": _displace, "swap": _swap,
        "repel": _repel, "awaken": _awaken, "hypnotize": _hypnotize}

    def flip(self: Host, space: int, up: bool) -> None:
        cell = self.grid[space]
        assert cell is not None
        team, kind, _, serial = cell
        self.grid[space] = (team, kind, up, serial)

    def to_discard(self: Host, space: int) -> None:
        cell = self.grid[space]
        assert cell is not None
        self.grid[space] = None
        self.discards[cell[TEAM]].append(cell[KIND])

    def discard_from_hand(self: Host, player: int, kind: int) -> None:
        self.take_from_hand(player, kind)
        self.discards[self.team_of[player]].append(kind)
        self.note(f"{self.player_name(player)} discarded {self.decks[self.team_of[player]].cards[kind].name}")

    def take_from_hand(self: Host, player: int, kind: int) -> None:
        self.hands[player].remove(kind)
        if kind in self.known[player]:
            self.known[player].remove(kind)

    def stop(self: Host, effect: Effect) -> None:
        """STOP: the card the Instant answers goes to its team's discard pile instead of being played."""
        assert effect.subject is not None  # STOP answers a window
        window = self.stack.pop(effect.subject)
        self.discards[window.team].append(window.kind)
        name = self.decks[window.team].cards[window.kind].name
        self.note(f"{name} of {self.player_name(window.player)} is stopped and goes to the discard pile")

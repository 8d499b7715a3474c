"""A seat's view as a flat vector of numbers from 0 to 1, of one fixed length per game and options.

The encoders read `state.view(seat)` and nothing else, so a vector holds exactly what that seat may know
(less, in places: logs and words are left out). Every vector starts with the same header: the viewer,
the seat to move and the winners (one-hot over the seats) and whether the game is over. Counts are
divided by the most they can reach under the options, so every entry lies from 0 to 1.

The kit's five and the grid family have encoders written for them (`ENCODERS`, `_grid`); any other game
gets `_hashed`, which sets one place of a fixed-length vector per leaf of its view, so a new game needs no
edit here. `encoder(game, options)` gives an `Encoder` with its `size`, `encode(view)` (a list of floats) and
`parts` (name and length of each part, in order) for readers of the vector.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from typing import Any

from ..core.engine import State
from ..grid import MARKS, GridState
from .actions import game_of, numbering, trek_window


class Encoder:
    """Turns a view into a list of floats of one fixed length, part by part."""

    def __init__(self, players: int, parts: list[tuple[str, int]], body: Callable[[dict, list[float]], None],
                 sparse: Callable[[dict, Any], list[float]] | None = None) -> None:
        self.players = players
        self.parts = [("viewer", players), ("to_move", players), ("winners", players), ("over", 1), *parts]
        self.size = sum(length for _, length in self.parts)
        starts = [0]
        for _, length in self.parts:
            starts.append(starts[-1] + length)
        self.offsets = {name: start for (name, _), start in zip(self.parts, starts, strict=False)}
        """Where each part starts."""
        self._body = body
        self._sparse = sparse
        self.places: dict[type, Any] = {}
        """Where the parts a tracker writes lie (`adapters.incremental`), by the class that works it out (a
        compiled one or the plain one the tests compare it with), on first use."""

    def _header(self, view: dict) -> list[float]:
        n = self.players
        out = [0.0] * (3 * n + 1)
        if view["viewer"] is not None:
            out[view["viewer"]] = 1.0
        if view["to_move"] is not None:
            out[n + view["to_move"]] = 1.0
        if view["outcome"] is not None:
            for seat in view["outcome"]["winners"]:
                out[2 * n + seat] = 1.0
            out[3 * n] = 1.0
        return out

    def encode(self, view: dict) -> list[float]:
        out = self._header(view)
        self._body(view, out)
        if len(out) != self.size:
            raise AssertionError(f"{view['game']}'s encoder made {len(out)} numbers, not {self.size}")
        return out

    def array(self, view: dict) -> Any:
        """`encode(view)` as a float32 numpy array; an encoder with a long, mostly empty part (Trek's cells)
        writes only its non-zero places into zeros."""
        import numpy as np

        if self._sparse is None:
            return np.array(self.encode(view), dtype=np.float32)
        out = np.zeros(self.size, np.float32)
        head = self._header(view)
        out[:len(head)] = head
        tail = self._sparse(view, out)
        out[self.size - len(tail):] = tail
        return out


def one_hot(out: list[float], choices: dict[Any, int] | list, value: Any) -> None:
    """Append len(choices) entries, 1 at `value`'s place (all 0 for a value that is not one of them)."""
    start = len(out)
    out.extend([0.0] * len(choices))
    where = choices.get(value) if isinstance(choices, dict) else (choices.index(value) if value in choices else None)
    if where is not None:
        out[start + where] = 1.0


def counts(out: list[float], names: dict[Any, int], items: list[Any], most: list[float]) -> None:
    """Append how many of each name `items` holds, each divided by `most` of that name."""
    held = [0] * len(names)
    for item in items:
        held[names[item]] += 1
    out.extend(n / top for n, top in zip(held, most, strict=True))  # one division: a sum of fifths may pass 1.0


# ---- the games --------------------------------------------------------------------------------
TILE_LETTERS = {"X": 0, "O": 1, "W": 2, "P": 3, "-": 4, "C": 5}
MARK_INDEX = {"X": 0, "O": 1}


def _tic_tac_two(state: Any) -> Encoder:
    def body(view: dict, out: list[float]) -> None:
        for mark in view["marks"]:
            one_hot(out, MARK_INDEX, mark)
        for tile in view["tiles"]:
            one_hot(out, TILE_LETTERS, tile)
        out.extend(1.0 if up else 0.0 for up in view["face_up"])
        one_hot(out, MARK_INDEX, view["centre_owner"])
        peeks = [0.0] * 27
        for peek in view["peeks"]:
            square = peek["square"] - 1
            peeks[MARK_INDEX[peek["by"]] * 9 + square] = 1.0
            if peek["mine"]:
                peeks[18 + square] = 1.0
        out.extend(peeks)
        out.append(1.0 if view["phase"] == "peek" else 0.0)

    return Encoder(2, [("marks", 18), ("tiles", 54), ("face_up", 9), ("centre_owner", 2), ("peeks", 27),
                       ("peeking", 1)], body)


def _tyc(state: Any) -> Encoder:
    letters = {letter: i for i, letter in enumerate("ABCDEFGHI")}

    def body(view: dict, out: list[float]) -> None:
        for board in view["cells"]:
            for cell in board:
                part = [0.0] * 11
                if cell is not None:
                    part[cell["player"]] = 1.0
                    part[2 + letters[cell["letter"]]] = 1.0
                out.extend(part)
        playable = [0.0] * 9
        for board in view["playable"]:
            playable[board - 1] = 1.0
        out.extend(playable)
        one_hot(out, list(range(1, 10)), view["named"])

    return Encoder(2, [("cells", 81 * 11), ("playable", 9), ("named", 9)], body)


TERRAIN_INDEX = {"mountain": 0, "desert": 1, "grassland": 2, "forest": 3, "lake": 4}


def _tic_tac_trek(state: Any) -> Encoder:
    from ..games.tic_tac_trek.rules import name

    window = {name(c): i for i, c in enumerate(trek_window(state))}
    size = len(window)
    box = {TERRAIN_INDEX[t]: n for t, n in state.options["mix"].items()}
    most_bag = [max(1, box[i]) for i in range(5)]
    tiles = sum(box.values())
    fires = state.options["campfires"]

    def body(view: dict, out: list[float]) -> None:
        start = len(out)
        out.extend([0.0] * (9 * size))
        for tile in view["tiles"]:
            at = start + 9 * window[f"{tile['x']},{tile['y']}"]
            out[at + TERRAIN_INDEX[tile["terrain"]]] = 1.0
            out[at + 5 + MARK_INDEX[tile["symbol"]]] = 1.0
            if tile["campfire"] is not None:
                out[at + 7 + MARK_INDEX[tile["campfire"]]] = 1.0
        one_hot(out, window, view["pending"])
        one_hot(out, TERRAIN_INDEX, view["drawn"])
        out.extend(view["bag"][t] / most_bag[i] for t, i in TERRAIN_INDEX.items())
        out.append(view["bag_size"] / tiles)
        out.extend(view["campfires_left"][s] / fires for s in MARK_INDEX)
        out.extend(min(1.0, view["campfires_placed"][s] / fires) for s in MARK_INDEX)
        out.append(1.0 if view["fallback"] else 0.0)
        one_hot(out, MARK_INDEX, view["first_player"])

    first = 3 * 2 + 1

    def sparse(view: dict, out: Any) -> list[float]:
        """The cells and the pending cell written into `out`; the short parts after them returned."""
        for tile in view["tiles"]:
            at = first + 9 * window[f"{tile['x']},{tile['y']}"]
            out[at + TERRAIN_INDEX[tile["terrain"]]] = 1.0
            out[at + 5 + MARK_INDEX[tile["symbol"]]] = 1.0
            if tile["campfire"] is not None:
                out[at + 7 + MARK_INDEX[tile["campfire"]]] = 1.0
        if view["pending"] is not None:
            out[first + 9 * size + window[view["pending"]]] = 1.0
        tail: list[float] = []
        one_hot(tail, TERRAIN_INDEX, view["drawn"])
        tail.extend(view["bag"][t] / most_bag[i] for t, i in TERRAIN_INDEX.items())
        tail.append(view["bag_size"] / tiles)
        tail.extend(view["campfires_left"][s] / fires for s in MARK_INDEX)
        tail.extend(min(1.0, view["campfires_placed"][s] / fires) for s in MARK_INDEX)
        tail.append(1.0 if view["fallback"] else 0.0)
        one_hot(tail, MARK_INDEX, view["first_player"])
        return tail

    return Encoder(2, [("cells", 9 * size), ("pending", size), ("drawn", 5), ("bag", 5), ("bag_size", 1),
                       ("campfires_left", 2), ("campfires_placed", 2), ("fallback", 1), ("first_player", 2)], body,
                   sparse)


def _tic_toc(state: Any) -> Encoder:
    from ..games.tic_toc.rules import SHORT, TEAM_NAMES

    kinds = {short: i for i, short in enumerate(SHORT)}
    most = [float(max(1, n)) for n in state.counts]
    total = float(sum(state.counts))
    teams = {team: i for i, team in enumerate(TEAM_NAMES)}
    n = state.num_players
    cap = state.options["turn_cap"]

    def body(view: dict, out: list[float]) -> None:
        counts(out, kinds, view["hand"] or [], most)
        counts(out, kinds, view["drawn"] or [], most)
        out.extend(size / total for size in view["hand_sizes"])
        for known in view["known"]:
            counts(out, kinds, known, most)
        for table in view["tables"]:
            one_hot(out, teams, table["team"])
            out.append(1.0 if table["leader"] else 0.0)
            out.append(table["crew"] / total)
        counts(out, kinds, view["market"], most)
        counts(out, kinds, view["discard"], most)
        out.append(view["draw_size"] / total)
        out.append(min(1.0, view["turn"] / cap))
        out.append(view["drew"] / 2)
        out.append(1.0 if view["may_end"] else 0.0)
        one_hot(out, list(range(n)), view["first_player"])

    return Encoder(n, [("hand", 8), ("drawn", 8), ("hand_sizes", n), ("known", 8 * n), ("tables", 4 * n),
                       ("market", 8), ("discard", 8), ("draw_size", 1), ("turn", 1), ("drew", 1), ("may_end", 1),
                       ("first_player", n)], body)


KO_PHASES = {"start": 0, "action": 1, "more": 2, "answer": 3, "effect": 4}
KO_VERBS = {verb: i for i, verb in enumerate(
    ("destroy", "sacrifice", "displace", "repel", "hypnotize", "awaken", "swap", "discard", "play"))}
KO_EVENTS = {"play": 0, "hypnotize": 1, "effect": 2}


def _tic_tac_ko(state: Any) -> Encoder:
    n = state.num_players
    every = [(t, card) for t in (0, 1) for card in state.decks[t].cards]
    cards = {(t, card.name): i for i, (t, card) in enumerate(every)}
    most = [float(card.count) for _, card in every]
    kinds = len(cards)
    total = float(sum(most))
    spaces = {label: i for i, label in enumerate(state.labels)}
    objectives = {card.name: i for i, card in enumerate(state.objective_cards)}
    team_of = state.team_of

    def card_counts(out: list[float], team_names: list[tuple[int, str]]) -> None:
        counts(out, cards, team_names, most)

    def body(view: dict, out: list[float]) -> None:
        viewer = view["viewer"]
        hand = [] if viewer is None else view["seats"][viewer]["hand"]
        card_counts(out, [(c["team"], c["name"]) for c in hand])
        for seat, entry in enumerate(view["seats"]):
            out.append(entry["hand_count"] / total)
            card_counts(out, [(team_of[seat], name) for name in entry["known"]])
        for t, team in enumerate(view["teams"]):
            out.append(team["deck_count"] / total)
            card_counts(out, [(t, name) for name in team["discard"]])
            done = [0.0] * len(objectives)
            for objective in team["completed"]:
                done[objectives[objective["name"]]] = 1.0
            out.extend(done)
            one_hot(out, objectives, None if team["objective"] is None else team["objective"]["name"])
        for entry in view["grid"]:
            part = [0.0] * (kinds + 1)
            if entry is not None:
                part[cards[entry["team"], entry["name"]]] = 1.0
                part[kinds] = 1.0 if entry["face_up"] else 0.0
            out.extend(part)
        stack = view["stack"]
        out.append(min(1.0, len(stack) / 10))
        top = stack[-1] if stack else None
        one_hot(out, KO_EVENTS, None if top is None else top["event"])
        one_hot(out, list(range(n)), None if top is None else top["player"])
        one_hot(out, cards, None if top is None else (top["card"]["team"], top["card"]["name"]))
        one_hot(out, spaces, None if top is None else top["space"])
        verbs = [0.0] * len(KO_VERBS)
        for verb in view["verbs"] or ():
            verbs[KO_VERBS[verb]] = 1.0
        out.extend(verbs)
        gridlock = [0.0] * (n + 1)
        if view["gridlock"] is not None:
            gridlock[n] = 1.0
            for seat in view["gridlock"]:
                gridlock[seat] = 1.0
        out.extend(gridlock)
        one_hot(out, KO_PHASES, view["phase"])
        one_hot(out, list(range(n)), view["active"])

    objective_count = len(objectives)
    return Encoder(n, [("hand", kinds), ("seats", n * (1 + kinds)),
                       ("teams", 2 * (1 + kinds + 2 * objective_count)), ("grid", len(spaces) * (kinds + 1)),
                       ("stack_depth", 1), ("top_event", 3), ("top_player", n), ("top_card", kinds),
                       ("top_space", len(spaces)), ("verbs", len(KO_VERBS)), ("gridlock", n + 1),
                       ("phase", len(KO_PHASES)), ("active", n)], body)


def _grid(state: Any) -> Encoder:
    """Each square one-hot over empty, blocked and the four marks; then the marks left this turn."""
    kinds = {None: 0, "#": 1, **{mark: 2 + i for i, mark in enumerate(MARKS)}}
    rows = {kind: [1.0 if i == at else 0.0 for i in range(len(kinds))] for kind, at in kinds.items()}
    per_turn = state.per_turn

    def body(view: dict, out: list[float]) -> None:
        for cell in view["cells"]:
            out.extend(rows[cell])
        out.append(view["marks_left"] / per_turn)

    return Encoder(state.num_players, [("cells", len(state.board) * len(kinds)), ("marks_left", 1)], body)


HASHED_SIZE = 1024
"""Numbers in the vector of a game with no encoder of its own."""
LEFT_OUT = frozenset({"game", "viewer", "players", "to_move", "outcome", "status"})
"""Header fields the shared header already encodes, or words."""


def features(value: Any, path: str, out: set[str]) -> None:
    """Each leaf of the JSON data `value` as one token "path=value" (list places and dict keys in the path)."""
    if isinstance(value, dict):
        for key, item in value.items():
            features(item, f"{path}/{key}", out)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            features(item, f"{path}/{i}", out)
        out.add(f"{path}#={len(value)}")
    else:
        out.add(f"{path}={json.dumps(value)}")


def _hashed(state: Any) -> Encoder:
    """Any game's view, with no encoder written for it: each leaf of the view's body ("cells/4=\"X\"") sets one
    of `HASHED_SIZE` places, chosen by a fixed hash (crc32). It reads the view only, so it holds nothing the
    seat may not know; two leaves may share a place, so a hand-written encoder (`ENCODERS`) is sharper."""
    def body(view: dict, out: list[float]) -> None:
        tokens: set[str] = set()
        for key, value in view.items():
            if key not in LEFT_OUT:
                features(value, key, tokens)
        part = [0.0] * HASHED_SIZE
        for token in tokens:
            part[zlib.crc32(token.encode()) % HASHED_SIZE] = 1.0
        out.extend(part)

    return Encoder(state.num_players, [("hashed", HASHED_SIZE)], body)


ENCODERS = {"tic-tac-two": _tic_tac_two, "tyc": _tyc, "tic-tac-trek": _tic_tac_trek, "tic-toc": _tic_toc,
            "tic-tac-ko": _tic_tac_ko}


def encoder(game: Any, options: dict[str, Any] | None = None) -> Encoder:
    """The encoder of `game`'s views under `options` (made once per game and options)."""
    space = numbering(game, options)
    cached = _CACHE.get(id(space))
    if cached is None:
        make = ENCODERS.get(space.game.name)
        if make is None:
            make = _grid if issubclass(space.game.state_class, GridState) else _hashed
        cached = _CACHE[id(space)] = (space, make(game_of(space.game).start(0, dict(space.options))))
    return cached[1]


_CACHE: dict[int, tuple[Any, Encoder]] = {}


def observe(state: State, seat: int) -> list[float]:
    """`state.view(seat)` as its game's vector."""
    return encoder(state.game, state.options).encode(state.view(seat))

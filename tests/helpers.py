"""Shared test helpers: random positions of any registered game, scripted play and checked refusals."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from concurrent.futures import Executor, Future

import pytest

import tictac_nb
from tictac_nb import IllegalAction
from tictac_nb.grid import GridState, grid_game

ALL_GAMES = list(tictac_nb.GAMES)
VARIANTS = [(name, label, options) for name, game in tictac_nb.GAMES.items()
            for label, options in {"as printed": {}, **game.variants}.items()]


class WildState(GridState):
    """Wild marks: on each turn, place an X or an O."""

    def marks_for(self, player: int) -> tuple[int, ...]:
        return (1, 2)


GRID_GAMES = {game.name: game for game in (
    grid_game("tic-tac-toe", "Tic-tac-toe", variants={
        "gravity, misère, 4 by 5": {"rows": 4, "cols": 5, "gravity": True, "misere": True},
        "3 players, 2 marks a turn, blocked b2": {"rows": 4, "cols": 4, "players": 3, "marks_per_turn": 2,
                                                  "blocked": ["b2"]},
    }),
    grid_game("wild-tic-tac-toe", "Wild tic-tac-toe", state_class=WildState),
)}
"""Grid games the protocol tests play beside the five (registered by the `game_name` and `variant` fixtures):
tic-tac-toe with two variants on the fast path, and Wild marks, a hook override, on the general one."""
GRID_VARIANTS = [(name, label, options) for name, game in GRID_GAMES.items()
                 for label, options in {"as printed": {}, **game.variants}.items()]


def searched(name: str) -> bool:
    """Whether the game's default bot (the coach's) is a search (`MCTSBot`): its hints share out visits."""
    return isinstance(tictac_nb.GAMES[name].default_bot(seed=0), tictac_nb.MCTSBot)


SEARCHED = [name for name in ALL_GAMES if searched(name)]
"""The games the coach judges by a search."""
EXPLAINED = [name for name in ALL_GAMES
             if callable(getattr(tictac_nb.GAMES[name].default_bot(seed=0), "explain", None))]
"""The games whose default bot explains its choice (a heuristic coach)."""
CHANCES = [name for name in ALL_GAMES if searched(name) or tictac_nb.GAMES[name].coach_playouts.hint]
"""The games whose hints state a chance: a search's, or a heuristic bot's playouts (`coach_playouts.hint`)."""
HIDDEN = [name for name in ALL_GAMES if tictac_nb.GAMES[name].hidden_information]
"""The games where a seat may know what another may not."""
UNSEEN = [name for name in ALL_GAMES if tictac_nb.GAMES[name].hidden_information
          or tictac_nb.GAMES[name].state_class.determinize is not tictac_nb.State.determinize]
"""The games with a hidden part (a secret, or chance hidden from all, as Trek's bag): twins can differ."""


def spread(name: str) -> list[dict]:
    """Options for the game as printed and, where it supports several player counts, at the fewest and the
    most players (each once)."""
    game = tictac_nb.GAMES[name]
    if "players" not in game.options:
        return [{}]
    default = game.options["players"].default
    return [{}, *({"players": n} for n in dict.fromkeys((min(game.players), max(game.players))) if n != default)]


def registered(name: str) -> str:
    """`name`, registered first when it is one of `GRID_GAMES` (the kit's five always are)."""
    if name in GRID_GAMES:
        tictac_nb.register(GRID_GAMES[name])
    return name


def random_game(name: str, seed: int, stop_after: int | None = None, **options):
    """A game of `name` played by uniformly random actions, to the end (or one action past its `move_cap`) or
    for `stop_after` actions."""
    state = tictac_nb.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    limit = state.game.move_cap + 1 if stop_after is None else stop_after
    while state.outcome is None and len(state.history) < limit:
        state.play(rng.choice(state.legal_actions()))
    return state


def variant_game(variant: tuple[str, str, dict], seed: int, stop_after: int | None = None):
    """`random_game` for one of `VARIANTS`."""
    name, _, options = variant
    return random_game(name, seed, stop_after, **options)


def play(state, *actions: str):
    """Play scripted actions in order; returns the state."""
    for action in actions:
        state.play(action)
    return state


def refused(state, action) -> str:
    """The refusal message for `action`, checking that the refusal changed nothing."""
    before, record = state.key(), state.record()
    with pytest.raises(IllegalAction) as error:
        state.play(action)
    assert state.key() == before and state.record() == record
    return str(error.value)


def refused_as_one_of(state, action, patterns: list[str], longest: int = 160) -> str:
    """`refused`, also checking that the message is at most `longest` characters and reads as one of
    `patterns` (regular expressions, matched whole)."""
    message = refused(state, action)
    assert len(message) <= longest, message
    assert any(re.fullmatch(p, message, re.DOTALL) for p in patterns), message
    return message


SVG = "{http://www.w3.org/2000/svg}"


def font_sizes(svg_text: str) -> list[tuple[str, float]]:
    """Each text of an SVG with its size in the SVG's own units, scaled by its groups' `scale(...)` transforms."""
    def walk(element, scale):
        found = re.search(r"scale\(([\d.]+)\)", element.get("transform", ""))
        scale *= float(found[1]) if found else 1
        if element.tag == f"{SVG}text":
            yield element.text, float(element.get("font-size")) * scale
        for child in element:
            yield from walk(child, scale)
    return list(walk(ET.fromstring(svg_text), 1.0))


def assert_fits_with_11_px_text(svg_text: str, width: float | None) -> None:
    """The board is no wider than `width` (760 px when None) and no text in it is under 11 px."""
    small = [(words, size) for words, size in font_sizes(svg_text) if size < 11]
    assert small == [], small
    assert float(ET.fromstring(svg_text).get("width").removesuffix("px")) <= (width or 760)


def luminance(colour: str) -> float:
    """The relative luminance of a `#rrggbb` colour (WCAG 2)."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fore: str, back: str) -> float:
    """The WCAG contrast ratio of two `#rrggbb` colours (1 to 21; text needs 4.5)."""
    light, dark = sorted((luminance(fore), luminance(back)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


class InterruptedExecutor(Executor):
    """Runs each task at once on submit; submit number `at` is 'interrupted' by the user (KeyboardInterrupt)."""

    def __init__(self, at: int = 3):
        self.at = at
        self.submitted = 0

    def submit(self, fn, *args, **kwargs):
        self.submitted += 1
        if self.submitted == self.at:
            raise KeyboardInterrupt
        future = Future()
        future.set_result(fn(*args, **kwargs))
        return future


class ScriptedBot:
    """A bot that plays the given actions in order."""

    def __init__(self, *actions: str) -> None:
        self.actions = list(actions)

    def choose(self, state) -> str:
        return self.actions.pop(0)

    def __repr__(self) -> str:
        return "ScriptedBot()"


def synced_state(board) -> dict:
    """A Board's synced traits, without references to other widget models (their ids differ per board)."""
    return {k: v for k, v in board.get_state().items() if not str(v).startswith("IPY_MODEL_")}

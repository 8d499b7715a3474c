"""Tic Tac Trek against any text typed as a move, a flood of refused cells, and determinized copies.

Every string that is not a legal action is refused with `IllegalAction` and one of the game's own
refusals (a short message naming the rule), and the state stays exactly as it was.
"""

from __future__ import annotations

import random
import re

import pytest
from helpers import play, random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tictac_nb
from tictac_nb import IllegalAction
from tictac_nb.games.tic_tac_trek import rules

GAME, PHASES = "tic-tac-trek", {"place", "campfire", "over"}
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FOREST = {"mountain": 0, "desert": 0, "grassland": 0, "forest": 16, "lake": 0}
MOVING = ["-1,0", "2,0", "-2,0", "3,0", "-1,1", "2,1", "-1,2"]  # one campfire each, then X lines up again
REFUSALS = [
    r"write '.+', not .{1,62}",
    r"write the cell as '-?\d+,-?\d+'",
    r".{1,62} is not a cell; write a placement as x,y, like '1,0' \(x to the right, y downwards\)",
    r"-?\d+,-?\d+ is taken by a (mountain|desert|grassland|forest|lake) tile",
    r"-?\d+,-?\d+ is not next to any tile \(tiles go on a cell beside a placed tile\)",
    r"the drawn (\w+) must go next to a \1 or a lake tile; -?\d+,-?\d+ touches only [a-z ]+",
    r"[XO] still has \d+ campfires? in supply; campfires move only once all are out",
    r"a campfire may move only onto a tile that has just made three in a row",
    r".{1,62} names no cell; write 'fire x,y' for the campfire at x,y",
    r"no campfire stands at -?\d+,-?\d+",
    r"the campfire at -?\d+,-?\d+ is ([XO])'s, not (?!\1)[XO]'s",
    r"[XO] made three in a row at -?\d+,-?\d+ with no campfire left: first move a campfire there "
    r"\('fire x,y'\) or 'keep'",
    r"the game is over \(.+\)",
    r".{1,62} is no Tic Tac Trek action: none is longer than 200 characters",
]
ODD = ["²", "³", "١", "٥", "５", "\u00a0", "\t", " ", ",", "-", "+", "(", ")", "[", "]", "0", "1", "-1", "1_0",
       "fire", "FIRE", "Fire", "keep", "KEEP", "9" * 5000, "4096", "2047"]
PARTS = st.one_of(st.sampled_from(ODD), st.text(max_size=6), st.integers(-10**40, 10**40).map(str),
                  st.integers(-3000, 3000).map(str))
TEXTS = st.one_of(st.text(max_size=30), st.lists(PARTS, min_size=1, max_size=5).map("".join),
                  st.lists(PARTS, min_size=1, max_size=4).map(" ".join))


def trek(bag=None, **options):
    return tictac_nb.new_game("tic-tac-trek", seed=0, first_player=0, bag=bag, **options)


def positions():
    """The start, the middle of a game, the campfire decision, a game over."""
    return [trek("FDD"), play(trek(mix=FOREST), "-1,0", "1,1", "-2,0"), play(trek(mix=FOREST, campfires=1), *MOVING),
            random_game("tic-tac-trek", 3)]


def assert_refused_cleanly(state, action: str) -> None:
    before = state.key(), state.record(), list(state.history)
    with pytest.raises(IllegalAction) as refused:
        state.play(action)
    message = str(refused.value)
    assert len(message) <= 160, message
    assert any(re.fullmatch(p, message, re.DOTALL) for p in REFUSALS), message
    assert (state.key(), state.record(), state.history) == before


@SETTINGS
@given(where=st.integers(0, 3), text=TEXTS)
def test_any_text_is_played_or_refused_with_a_rule_and_changes_nothing(where, text):
    state = positions()[where]
    if text not in state.legal_actions():
        assert_refused_cleanly(state, text)


@SETTINGS
@given(where=st.integers(0, 3), pick=st.integers(0, 100), case=st.sampled_from([str.upper, str.title, str.lower]),
       pad=st.sampled_from(["", " ", "\t", "\u00a0"]), inner=st.sampled_from([" ", "  ", ", ", " ,"]))
def test_misspelt_legal_actions_are_refused_with_their_spelling(where, pick, case, pad, inner):
    state = positions()[where]
    legal = state.legal_actions() or ("1,1",)
    text = pad + case(legal[pick % len(legal)]).replace(",", inner).replace(" ", inner[:1] or " ") + pad
    if text not in state.legal_actions():
        assert_refused_cleanly(state, text)


def test_refused_placements_do_not_grow_the_cell_names_without_end():
    """300,000 junk placements once added 42.5 MiB of cached names; the cache is bounded."""
    state = positions()[0]
    for i in range(40_000):
        with pytest.raises(IllegalAction):
            state.play(f"{i % 400 - 200},{i // 400 + 30}")
    assert len(rules._NAMES) <= rules.NAME_CACHE and len(rules._CELLS) <= rules.NAME_CACHE
    assert rules.parse("150,129") == rules.cell(150, 129) and rules.name(rules.cell(150, 129)) == "150,129"


def test_cells_beyond_the_cache_still_play():
    """Once the cache is full, a map that reaches cells whose names are not cached still plays and undoes."""
    junk = positions()[0]
    for i in range(rules.NAME_CACHE):
        if len(rules._NAMES) >= rules.NAME_CACHE:
            break
        with pytest.raises(IllegalAction):
            junk.play(f"{i % 500 - 250},{i // 500 - 900}")
    assert len(rules._NAMES) == rules.NAME_CACHE
    lakes = {"mountain": 0, "desert": 0, "grassland": 0, "forest": 0, "lake": 40}
    state = tictac_nb.new_game("tic-tac-trek", seed=1, first_player=0, mix=lakes)
    for x in range(2, 40):
        state.play(f"{x},0")
    assert state.outcome is not None and state.view(None)["tiles"][-1]["x"] == 39
    assert state.undo() == "39,0" and "39,0" in state.legal_actions() and "38,1" in state.legal_actions()


# ---- determinize -----------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 30))
def test_determinize_depends_only_on_the_view_the_moves_and_the_rng(seed, cut):
    state = random_game("tic-tac-trek", seed, stop_after=cut)
    for viewer in (None, 0, 1):
        direct = state.determinize(viewer, random.Random(5))
        again = state.determinize(viewer, random.Random(1)).determinize(viewer, random.Random(5))
        assert direct.record() == again.record() and direct.key() == again.key()
        assert direct.view(viewer) == state.view(viewer)


# ---- the view: the engine's header, then the game's own body ---------------------------------------
HEADER = {"game", "viewer", "players", "to_move", "phase", "status", "outcome"}


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 40))
def test_the_view_body_repeats_no_header_key_and_the_phase_is_the_games_word(seed, cut):
    state = random_game(GAME, seed, stop_after=cut)
    for viewer in (None, 0, 1):
        assert not HEADER & set(state.view_body(viewer))
        view = state.view(viewer)
        assert view["players"] == list(state.player_names) and view["phase"] in PHASES
        if state.outcome is not None:
            assert view["outcome"]["winners"] == list(state.outcome.winners)

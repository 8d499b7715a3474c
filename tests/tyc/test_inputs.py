"""Tyc against any text typed as a move, and determinized copies that keep no seed.

Every string that is not a legal action is refused with `IllegalAction` and one of the game's own
refusals (a short message naming the rule), and the state stays exactly as it was.
"""

from __future__ import annotations

import random
import re

import pytest
from helpers import random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tyc.scripts import FULL_BOARD_5, ROW1, play

import tictac_nb
from tictac_nb import IllegalAction

GAME, PHASES = "tyc", {"move", "over"}
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
REFUSALS = [
    r"write '[1-9]{2}[A-I]', not .{1,62} \(Tyc notation: board, cell, letter, like '51A'\)",
    r".{1,62} is not a Tyc move: write board, cell and letter, like '51A' \(board 5, cell 1, letter A\)",
    r"there is no letter \w+: Tyc uses the letters A to I",
    r"board [1-9] is full",
    r"(Red|Blue) must play on board [1-9], named by the last mark's cell [1-9]",
    r"cell [1-9] of board [1-9] is taken \((Red|Blue) wrote [A-I] there\)",
    r"letter [A-I] is already on board [1-9]",
    r"the game is over \(.+\)",
    r".{1,62} is no Tyc action: none is longer than 200 characters",
]
ODD = ["²", "³", "١", "٥", "５", "ａ", "ß", "ﬃ", "\u00a0", "\t", " ", "A", "J", "Z", "0", "55", "5 5 A", "9" * 5000]
PARTS = st.one_of(st.sampled_from(ODD), st.text(max_size=6), st.integers(-10**40, 10**40).map(str),
                  st.sampled_from("123456789ABCDEFGHIJabci"))
TEXTS = st.one_of(st.text(max_size=30), st.lists(PARTS, min_size=1, max_size=4).map("".join),
                  st.lists(PARTS, min_size=1, max_size=4).map(" ".join))


def positions():
    """The first move, a named board, a freed choice (board 5 full), a game over."""
    return [play([]), play(["55A", "51B"]), play(FULL_BOARD_5), play(ROW1)]


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
@given(where=st.integers(0, 3), pick=st.integers(0, 10**6), case=st.sampled_from([str.upper, str.lower]),
       pad=st.sampled_from(["", " ", "\t", "\u00a0"]), inner=st.sampled_from(["", " ", "  "]))
def test_misspelt_moves_are_refused_with_their_spelling(where, pick, case, pad, inner):
    state = positions()[where]
    legal = state.legal_actions() or ("55A",)
    text = pad + inner.join(case(legal[pick % len(legal)])) + pad
    if text not in state.legal_actions():
        assert_refused_cleanly(state, text)


def test_a_short_excerpt_of_a_long_input_is_quoted():
    message = str(pytest.raises(IllegalAction, play([]).play, "5" * 150).value)
    assert len(message) < 150 and "… is not a Tyc move" in message


# ---- determinize -----------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 60))
def test_determinize_depends_only_on_the_view_the_moves_and_the_rng(seed, cut):
    state = random_game("tyc", seed, stop_after=cut)
    for viewer in (None, 0, 1):
        direct = state.determinize(viewer, random.Random(5))
        again = state.determinize(viewer, random.Random(1)).determinize(viewer, random.Random(5))
        assert direct.record() == again.record() and direct.key() == again.key()
        assert direct.view(viewer) == state.view(viewer)


def test_a_determinized_copy_has_a_fresh_seed_and_replays_itself():
    state = tictac_nb.new_game("tyc", seed=8)
    state.play(state.legal_actions()[0])
    sample = state.determinize(0, random.Random(2))
    assert sample.seed != state.seed and sample.options["first_player"] == state.first_player
    assert tictac_nb.from_record(sample.record()) == sample
    replay = sample.clone()
    replay.undo()
    assert replay.to_move == state.first_player and not replay.history


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

"""Tic Tac Two against any text typed as a move, and determinized copies that keep no secret.

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

GAME, PHASES = "tic-tac-two", {"mark", "peek", "over"}
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
REFUSALS = [
    r"write '.+', not .{1,62} \(Tic Tac Two notation: .+\)",
    r"[XO] flipped the Peek tile and must first choose a tile to peek at",
    r"the split centre is known to all, so it cannot be peeked at",
    r"the tile under square [1-9] is already face up",
    r".{1,62} is not a Peek choice; write 'peek N' for a face-down tile N",
    r"you may peek only right after flipping the Peek tile",
    r"square [1-9] is taken by [XO]",
    r".{1,62} is not a square; squares are numbered 1 to 9",
    r"the game is over \(.+\)",
    r".{1,62} is no Tic Tac Two action: none is longer than 200 characters",
]
ODD = ["²", "³", "١", "٥", "５", "Ⅸ", "\u00a0", "\t", " ", "-", "+", ".", "0", "10", "1e3", "9" * 5000,
       "peek", "PEEK", "Peek", "peek5", "5 5", "None"]
PARTS = st.one_of(st.sampled_from(ODD), st.text(max_size=8), st.integers(-10**40, 10**40).map(str))
TEXTS = st.one_of(st.text(max_size=30), st.lists(PARTS, min_size=1, max_size=4).map(" ".join),
                  st.lists(PARTS, min_size=1, max_size=3).map("".join))


def positions():
    """Start, the Peek decision, the middle of a game, a game over."""
    layout = "XOWPCOXXO"
    return [tictac_nb.new_game("tic-tac-two", seed=0, tiles=layout),
            play(tictac_nb.new_game("tic-tac-two", seed=0, tiles=layout), "1", "4"),
            play(tictac_nb.new_game("tic-tac-two", seed=0, tiles=layout), "3", "4", "peek 9", "5"),
            play(tictac_nb.new_game("tic-tac-two", seed=0, tiles=layout), "1", "2", "5", "3", "9")]


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
@given(where=st.integers(0, 3), pick=st.integers(0, 8), case=st.sampled_from([str.upper, str.title, str.lower]),
       pad=st.sampled_from(["", " ", "  ", "\t", "\u00a0"]), inner=st.sampled_from([" ", "  ", "", "\t"]))
def test_misspelt_legal_actions_are_refused_with_their_spelling(where, pick, case, pad, inner):
    state = positions()[where]
    legal = state.legal_actions() or ("5",)
    text = pad + case(legal[pick % len(legal)]).replace(" ", inner) + pad
    if text not in state.legal_actions():
        assert_refused_cleanly(state, text)


def test_a_short_excerpt_of_a_long_input_is_quoted():
    message = str(pytest.raises(IllegalAction, positions()[0].play, "x" * 150).value)
    assert len(message) < 110 and message.endswith("… is not a square; squares are numbered 1 to 9")


def test_a_misspelt_peek_names_its_spelling_and_unicode_digits_are_no_squares():
    state = positions()[1]
    assert str(pytest.raises(IllegalAction, state.play, "peek9").value) == (
        "write 'peek 9', not 'peek9' (Tic Tac Two notation: 'peek 3')")
    assert str(pytest.raises(IllegalAction, positions()[0].play, "５").value) == (
        "'５' is not a square; squares are numbered 1 to 9")


# ---- determinize keeps no real secret -----------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 12),
       options=st.fixed_dictionaries({"peek": st.booleans(), "wild": st.booleans()}))
def test_determinize_depends_only_on_the_view_the_moves_and_the_rng(seed, cut, options):
    """A state whose hidden tiles were already resampled gives the same determinized copy as the real one."""
    state = random_game("tic-tac-two", seed, stop_after=cut, **options)
    for viewer in (None, 0, 1):
        direct = state.determinize(viewer, random.Random(5))
        again = state.determinize(viewer, random.Random(1)).determinize(viewer, random.Random(5))
        assert direct.record() == again.record() and direct.key() == again.key()
        assert direct.view(viewer) == state.view(viewer)


def test_a_determinized_copy_holds_no_real_seed_or_layout_and_replays_itself():
    real = "XOWPCOXXO"
    state = play(tictac_nb.new_game("tic-tac-two", seed=0, tiles=real), "1", "2", "4", "peek 9")
    sample = state.determinize(1, random.Random(3))  # O knows squares 1, 2, 4, 5 only
    assert sample.seed != state.seed and sample.options["tiles"] == sample.tiles
    assert sample.record()["setup"] == {"tiles": sample.tiles}
    assert [sample.tiles[i] for i in (0, 1, 3, 4)] == ["X", "O", "P", "C"]
    assert tictac_nb.from_record(sample.record()) == sample
    replay = sample.clone()
    assert replay.undo() == "peek 9"
    replay.play("peek 9")
    assert replay == sample and replay.record() == sample.record()


def test_the_real_layout_reaches_no_determinized_copy():
    """Two games that differ only in tiles hidden from O give O the same copies, records included."""
    moves = ("1", "2", "5")
    one = play(tictac_nb.new_game("tic-tac-two", seed=1, tiles="XOWPCOXXO"), *moves)
    two = play(tictac_nb.new_game("tic-tac-two", seed=2, tiles="XOWXCXPOO"), *moves)
    for viewer in (None, 0, 1):
        assert one.determinize(viewer, random.Random(9)).record() == two.determinize(viewer, random.Random(9)).record()


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

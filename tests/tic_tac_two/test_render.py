"""Tic Tac Two's board: click targets, their accessible names, and what each tile shows."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from helpers import random_game
from hypothesis import given, settings
from hypothesis import strategies as st

import tictac_nb

SVG = "{http://www.w3.org/2000/svg}"


def game(tiles: str, *moves: str):
    state = tictac_nb.new_game("tic-tac-two", seed=0, tiles=tiles)
    for move in moves:
        state.play(move)
    return state


def targets(svg_text: str) -> dict[str, str]:
    root = ET.fromstring(svg_text)
    return {g.get("data-target"): g.get("aria-label") for g in root.iter() if g.get("data-target") is not None}


def texts(svg_text: str) -> list[str]:
    return [t.text for t in ET.fromstring(svg_text).iter(f"{SVG}text")]


def test_the_mover_can_click_every_empty_square_with_a_name():
    state = game("XOWPCOXXO", "5")
    assert targets(state.render_svg(1)) == {str(i): f"mark square {i}" for i in (1, 2, 3, 4, 6, 7, 8, 9)}


def test_the_waiting_player_and_the_onlooker_get_no_targets():
    state = game("XOWPCOXXO", "5")
    assert targets(state.render_svg(0)) == {}
    assert targets(state.render_svg(None)) == {}


def test_the_peek_choices_are_the_face_down_tiles():
    state = game("XOWPCOXXO", "1", "4")
    assert targets(state.render_svg(1)) == {
        f"peek {i}": f"peek at the tile under square {i}" for i in (2, 3, 6, 7, 8, 9)}


def test_a_finished_game_has_no_targets_and_shows_the_result():
    state = game("XOWPCOXXO", "1", "2", "5", "3", "9")
    for viewer in (None, 0, 1):
        svg_text = state.render_svg(viewer)
        assert targets(svg_text) == {}
        assert "X completed the diagonal 1-5-9 of the main board" in texts(svg_text)


def test_face_down_tiles_show_a_question_mark_and_face_up_tiles_their_face():
    state = game("XOWPCOXXO", "3", "4", "peek 9")  # W up, P up, O peeked by O
    words = texts(state.render_svg(None))
    assert words.count("?") == 6 and "Wild" in words and "Peek" in words and "split" in words
    assert texts(state.render_svg(1)).count("?") == 5 and "you peeked" in texts(state.render_svg(1))
    assert "O peeked" in texts(state.render_svg(0))


def test_the_legend_counts_the_tiles_hidden_from_the_viewer():
    state = game("XOWPCOXXO", "3", "4", "peek 9")
    assert "Hidden tiles: 3 X, 3 O." in " ".join(texts(state.render_svg(0)))
    assert "Hidden tiles: 3 X, 2 O." in " ".join(texts(state.render_svg(1)))


def test_the_split_centre_label_says_who_it_counts_for():
    state = game("XOWPCOXXO", "5")
    words = " ".join(texts(state.render_svg(None)))
    assert "Split centre: X on the middle row and column, O on the diagonals." in words
    assert "Split centre: counts for nobody yet." in " ".join(texts(game("XOWPCOXXO").render_svg(None)))


def test_a_long_tie_reason_is_wrapped_onto_the_board():
    state = game("OXOXCXWPO", "4", "6", "1", "9", "5")
    words = texts(state.render_svg(None))
    first, second = words[-2:]
    assert len(first) <= 68 and len(second) <= 68
    assert f"{first} {second}" == state.outcome.reason


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 12))
def test_targets_are_exactly_the_movers_legal_actions(seed, cut):
    state = random_game("tic-tac-two", seed, stop_after=cut)
    for viewer in (None, 0, 1):
        expected = set(state.legal_actions()) if viewer == state.to_move else set()
        assert set(targets(state.render_svg(viewer))) == expected

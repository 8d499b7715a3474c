"""Tic Tac Two's board: click targets, their accessible names, and what each tile shows."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from helpers import SVG, assert_fits_with_11_px_text, contrast, random_game
from hypothesis import given, settings
from hypothesis import strategies as st

import tictac_nb
from tictac_nb.core.svg import PALETTE


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


# ---- sizes, names and colours for a class ------------------------------------------------------------
PAPER_CONTRAST = 4.5


def positions():
    """The start, the Peek decision (as the peeker and the other), a peeked Wild, a tie at the end."""
    start = game("XOWPCOXXO")
    peek = game("XOWPCOXXO", "3", "4")
    seen = game("XOWPCOXXO", "4", "peek 3", "5")
    tie = game("OXOXCXWPO", "4", "6", "1", "9", "5")
    return [(start, 0), (peek, 1), (peek, 0), (seen, 0), (seen, 1), (tie, None)]


@pytest.mark.parametrize("width", [None, 760, 400, 300])
def test_every_text_is_at_least_11_px_and_the_board_fits_its_width(width):
    for state, viewer in positions():
        assert_fits_with_11_px_text(state.render_svg(viewer, width=width), width)


def test_narrow_boards_put_the_tile_board_under_the_main_board():
    root = ET.fromstring(game("XOWPCOXXO").render_svg(0, width=400))
    heads = {e.text: (float(e.get("x")), float(e.get("y"))) for e in root.iter(f"{SVG}text")}
    assert heads["Main board"][0] == heads["Tile board"][0] and heads["Tile board"][1] > heads["Main board"][1] + 240
    wide = ET.fromstring(game("XOWPCOXXO").render_svg(0))
    heads = {e.text: (float(e.get("x")), float(e.get("y"))) for e in wide.iter(f"{SVG}text")}
    assert heads["Main board"][1] == heads["Tile board"][1]


def test_every_text_is_readable_on_the_paper():
    for state, viewer in positions():
        for element in ET.fromstring(state.render_svg(viewer)).iter(f"{SVG}text"):
            fill = element.get("fill")
            under = PALETTE["face_down"] if element.text == "?" else PALETTE["paper"]  # a face-down tile's "?"
            assert contrast(fill, under) >= PAPER_CONTRAST, (element.text, fill)
            assert element.get("fill-opacity") is None and element.get("opacity") is None


def test_every_square_and_tile_has_a_name_saying_what_is_there():
    state = game("XOWPCOXXO", "4", "peek 3", "5")  # X on 4 peeked at 3 (Wild); O on 5
    names = {e.get("aria-label") for e in ET.fromstring(state.render_svg(0)).iter() if e.get("aria-label")}
    assert {"square 4: X", "square 5: O", "mark square 1"} <= names  # X is to move: empty squares are targets
    assert "tile under square 3: face down; you peeked: the Wild tile" in names
    assert "tile under square 4: the Peek tile, face up" in names
    assert ("tile under square 5: the split centre, face up, O's: for O on the middle row and column, "
            "for X on the diagonals") in names
    others = {e.get("aria-label") for e in ET.fromstring(state.render_svg(1)).iter() if e.get("aria-label")}
    assert {"tile under square 3: face down, X peeked at it", "square 1, empty"} <= others
    mover = ET.fromstring(state.render_svg(0 if state.to_move == 0 else 1))
    assert all(e.get("aria-label") for e in mover.iter() if e.get("data-target"))


def test_the_board_is_described_in_brief_and_shows_its_status_once_in_the_status_line():
    state = game("XOWPCOXXO", "1", "2", "5")
    root = ET.fromstring(state.render_svg(1))
    assert root.get("aria-label") == (
        "Tic Tac Two. O to move. Main board: X on 1, 5; O on 2. Tiles face up: X under 1, O under 2; 6 face down.")
    lines = [e for e in root.iter() if e.get("class") == "ttn-status-line"]
    assert len(lines) == 1 and " ".join(texts(ET.tostring(lines[0], encoding="unicode"))) == state.status()
    assert texts(state.render_svg(1)).count(state.status()) == 1

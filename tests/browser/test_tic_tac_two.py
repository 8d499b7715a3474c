"""Tic Tac Two's board in a real browser: text and click targets large enough at 760 and 400 px, and a
peek played by clicking the tile board."""

from __future__ import annotations

import pytest
from measure import measure_svg, too_small

import tictac_nb

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def game(*moves: str):
    state = tictac_nb.new_game("tic-tac-two", seed=0, tiles="XOWPCOXXO")
    for move in moves:
        state.play(move)
    return state


def positions():
    """(name, state, viewer, pending): the start, the Peek decision, a peeked Wild, a tie at the end."""
    tie = tictac_nb.new_game("tic-tac-two", seed=0, tiles="OXOXCXWPO")
    for move in ("4", "6", "1", "9", "5"):
        tie.play(move)
    return [("start", game(), 0, None), ("peek", game("3", "4"), 1, None),
            ("peeked", game("4", "peek 3", "5"), 0, None), ("tie", tie, None, None)]


@pytest.mark.parametrize("width", [760, 400])
def test_texts_are_11_px_and_targets_24_px_at_the_width_given(page, width):
    for name, state, viewer, pending in positions():
        figures = measure_svg(page, state.render_svg(viewer, pending, width), width)
        assert too_small(figures, 11, 24 if width == 400 else None) == [], name
        assert figures["width"] <= width and figures["scale"] == 1, name


def test_a_peek_is_played_by_clicking_a_face_down_tile(board_page):
    state = game("4")
    shown = board_page(tictac_nb.Board(state, seat=0))
    page = shown.page
    assert page.locator('[data-target="peek 9"]').get_attribute("aria-label") == "peek at the tile under square 9"
    shown.click('[data-target="peek 9"]')
    assert state.history == ["4", "peek 9"]
    assert page.locator('[aria-label="tile under square 9: face down; you peeked: an O tile"]').count() == 1
    assert page.locator('[aria-label="square 4: X"]').count() == 1

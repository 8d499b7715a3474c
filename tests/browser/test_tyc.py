"""A real browser plays Tyc: click a cell, then a letter in the picker; the keyboard does the same.

`board_page` runs the kit's own front end (widgets/board.js) wired to the real `Board` in Python, so the
browser, the SVG and the widget's rules round-trip exactly as in a notebook, without a Jupyter server.
"""

from __future__ import annotations

import random

import pytest
from measure import measure_svg, too_small

import tictac_nb

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_clicking_a_cell_then_a_letter_plays_the_move(board_page):
    state = tictac_nb.new_game("tyc", seed=2, first_player=0)
    state.play("55A")  # Blue must play on board 5, where A is taken
    shown = board_page(tictac_nb.Board(state))
    page = shown.page
    label = page.locator('[data-target="51"]').get_attribute("aria-label")
    assert label == "board 5 cell 1, empty: pick a letter for it"
    shown.click('[data-target="51"]')
    assert page.locator('[data-target="51B"]').count() == 1, "the letter picker did not open"
    assert page.locator('[data-target="51A"]').count() == 0, "A is already on board 5"
    assert page.locator('[aria-label="letter A, already on board 5"]').count() == 1
    shown.click('[data-target="51C"]')
    assert page.locator('[data-target="51C"]').count() == 0
    assert state.history == ["55A", "51C"]
    assert page.locator('[aria-label="board 5 cell 1, Blue\'s C"]').count() == 1
    assert page.locator(".ttn-status").inner_text() == "Red to move on board 1"
    assert page.locator(".ttn-message").inner_text() == ""


def test_the_keyboard_picks_a_cell_then_lands_on_the_letters(board_page):
    state = tictac_nb.new_game("tyc", seed=2, first_player=1)
    state.play("55A")  # Red must play on board 5
    shown = board_page(tictac_nb.Board(state))
    page = shown.page
    page.locator('[data-target="51"]').focus()
    page.keyboard.press("ArrowRight")
    assert shown.focused_target() == "52"
    shown.press("Enter")
    assert page.locator('[data-target="52B"]').count() == 1, "the letter picker did not open"
    assert shown.focused_target() == "52B", "focus should land on the first free letter of the picker"
    page.keyboard.press("ArrowRight")
    shown.press("Enter")
    assert page.locator('[data-target="52C"]').count() == 0
    assert state.history == ["55A", "52C"]


def positions():
    """(name, state, viewer, pending): the first move, a named board, a cell chosen (the picker), the end."""
    state = tictac_nb.new_game("tyc", seed=2, first_player=0)
    found = [("start", state.clone(), 0, None)]
    rng = random.Random(1)
    for _ in range(20):
        state.play(rng.choice(state.legal_actions()))
    found += [("middle", state.clone(), state.to_move, None),
              ("picker", state.clone(), state.to_move, state.legal_actions()[0][:2])]
    while state.outcome is None:
        state.play(rng.choice(state.legal_actions()))
    return [*found, ("over", state, None, None)]


@pytest.mark.parametrize("width", [760, 400])
def test_texts_are_11_px_and_targets_24_px_at_the_width_given(page, width):
    for name, state, viewer, pending in positions():
        figures = measure_svg(page, state.render_svg(viewer, pending, width), width)
        assert too_small(figures, 11, 24 if width == 400 else None) == [], name
        assert figures["width"] <= width and figures["scale"] == 1, name

"""Real browser: the Tic Tac Trek notebook in Voila, a tile placed by clicking its cell, the bot answering."""

from __future__ import annotations

import random

import pytest
from browser_support import first_live_board, played
from measure import assert_drawn_for_the_width

import tictac_nb

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_voila_places_a_trek_tile_by_clicking_its_cell(page, voila_server):
    page.goto(voila_server("tic-tac-trek.ipynb").url)
    board = first_live_board(page)
    target = board.locator("[data-target]").first
    cell = target.get_attribute("data-target")
    assert target.get_attribute("aria-label").startswith("place the ") and f" at {cell} (" in target.get_attribute(
        "aria-label")
    assert board.locator(f'[aria-label*="tile at {cell} showing"]').count() == 0
    start = played(board)
    target.click()
    page.wait_for_function("([el, t]) => Number(el.dataset.played) >= t + 2", arg=[board.element_handle(), start])
    assert board.locator(f'[aria-label*="tile at {cell} showing X"]').count() == 1
    assert board.locator(".ttn-message").inner_text() == ""
    assert board.locator("[data-target]").count() > 0  # the bot has placed O's tile: X to move again


def positions():
    """(name, state, viewer, pending): the start, the middle of a game, the campfire decision, the end."""
    forest = {"mountain": 0, "desert": 0, "grassland": 0, "forest": 16, "lake": 0}
    decision = tictac_nb.new_game("tic-tac-trek", seed=0, first_player=0, mix=forest, campfires=1)
    for move in ("-1,0", "2,0", "-2,0", "3,0", "-1,1", "2,1", "-1,2"):
        decision.play(move)
    state = tictac_nb.new_game("tic-tac-trek", seed=3)
    found = [("start", state.clone(), state.to_move, None), ("decision", decision, 0, None)]
    rng = random.Random(2)
    for _ in range(12):
        state.play(rng.choice(state.legal_actions()))
    found.append(("middle", state.clone(), state.to_move, None))
    while state.outcome is None:
        state.play(rng.choice(state.legal_actions()))
    return [*found, ("over", state, None, None)]


@pytest.mark.parametrize("width", [760, 400])
def test_texts_are_11_px_and_targets_24_px_at_the_width_given(page, width):
    assert_drawn_for_the_width(page, positions(), width)

"""Real browser: the Tic Tac Trek notebook in Voila, a tile placed by clicking its cell, the bot answering."""

from __future__ import annotations

import pytest
from browser_support import first_live_board, turn

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_voila_places_a_trek_tile_by_clicking_its_cell(page, voila_server):
    page.goto(voila_server("tic-tac-trek.ipynb").url)
    board = first_live_board(page)
    target = board.locator("[data-target]").first
    cell = target.get_attribute("data-target")
    assert target.get_attribute("aria-label").startswith(f"place at {cell}: ")
    assert board.locator(f'[aria-label*="tile at {cell} showing"]').count() == 0
    start = turn(board)
    target.click()
    page.wait_for_function("([el, t]) => Number(el.dataset.turn) >= t + 2", arg=[board.element_handle(), start])
    assert board.locator(f'[aria-label*="tile at {cell} showing X"]').count() == 1
    assert board.locator(".ttn-message").inner_text() == ""
    assert board.locator("[data-target]").count() > 0  # the bot has placed O's tile: X to move again

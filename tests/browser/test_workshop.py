"""The workshop notebook's own game, defined in a notebook cell (a `GridState` subclass, registered there),
plays on a board against the default bot in JupyterLite (offline, Python in the page) and in JupyterLab."""

from __future__ import annotations

import json

import pytest
from browser_support import NOTEBOOKS, SITE, first_live_board, open_in_lab, played, wait_until_human
from test_site import outputs

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("site")]

NOTEBOOK = "design-your-own.ipynb"
GAME_CELL = 'class Wild(GridState):'
BOARD_CELL = "Board(wild.new_game("


def cell_index(text: str) -> int:
    """The index of the first code cell holding `text`, in the site's copy of the workshop."""
    cells = json.loads((SITE / "files" / NOTEBOOK).read_text())["cells"]
    return next(i for i, c in enumerate(cells) if c["cell_type"] == "code" and text in "".join(c["source"]))


def play_a_square(page, board) -> None:
    """Click the first target (a square and a mark) and wait for the board's answer and the bot's."""
    wait_until_human(page, board)
    start = played(board)
    target = board.locator("[data-target]").first
    action = target.get_attribute("data-target")
    assert " " in action, f"{action!r}: Wild marks name the mark with the square"
    target.click()
    page.wait_for_function("([el, n]) => Number(el.dataset.played) >= n + 2 && el.dataset.thinking === 'false'",
                           arg=[board.element_handle(), start], timeout=120_000)
    assert board.locator(f'[data-target="{action}"]').count() == 0, "the clicked square is still open"
    assert board.locator(".ttn-message").inner_text() == ""


def test_the_workshops_own_game_plays_against_the_bot_offline_in_jupyterlite(offline_page, site):  # noqa: F811
    """Its imports, the cell that defines and registers Wild marks, then its board: a click is answered."""
    page, refused = offline_page
    page.goto(f"{site.url}/lab/index.html?path={NOTEBOOK}")
    page.wait_for_function(
        "() => /python/i.test(document.querySelector('.jp-Toolbar-kernelName')?.textContent || '')")
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=180_000)
    cells = page.locator(".jp-Notebook .jp-Cell")
    imports = cell_index("from tictac_nb import GridState, grid_game")
    for index in (imports, cell_index(GAME_CELL), cell_index(BOARD_CELL)):
        cells.nth(index).locator(".jp-InputPrompt").click()
        page.keyboard.press("Control+Enter")
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=180_000)
    board = first_live_board(page)
    play_a_square(page, board)
    shown = outputs(page)
    assert not [text for text in shown if "Traceback" in text or "Error" in text], shown
    assert all("cdn.jsdelivr.net/pyodide/" in url for url in refused), refused


def test_the_workshops_own_game_plays_against_the_bot_in_jupyterlab(page, lab):
    """Run All: the first playable board is the favourite's, Wild marks, defined in the notebook."""
    assert (NOTEBOOKS / NOTEBOOK).exists()
    board = open_in_lab(page, lab, NOTEBOOK)
    assert board.locator("svg").first.get_attribute("aria-label").startswith("wild: 3 in a row")
    play_a_square(page, board)

"""Notebook 7 (`jupyter notebook`, in the test extra) runs a game notebook and its board answers a click."""

from __future__ import annotations

import pytest
from browser_support import TOKEN, first_live_board, play_an_action, played, run_all_cells

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_a_game_notebook_plays_in_notebook_7(page, notebook7_server):
    page.goto(f"{notebook7_server.url}/notebooks/tic-tac-two.ipynb?token={TOKEN}")
    page.wait_for_selector(".jp-Notebook")
    page.wait_for_function(
        "() => /python/i.test(document.querySelector('.jp-KernelName, .jp-Toolbar-kernelName')?.textContent || '')")
    run_all_cells(page)
    board = first_live_board(page)
    start = played(board)
    play_an_action(page, board, two_step=False)
    assert played(board) > start
    assert board.locator(".ttn-message").inner_text() == ""
    for kernel in notebook7_server.api("GET", "/api/kernels"):
        notebook7_server.api("DELETE", f"/api/kernels/{kernel['id']}")

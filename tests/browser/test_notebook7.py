"""Notebook 7 (`jupyter notebook`, in the test extra) runs a game notebook and its board answers a click."""

from __future__ import annotations

import pytest
from browser_support import TOKEN, first_live_board, play_an_action, played

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

STARTED = "() => [...document.querySelectorAll('.jp-InputPrompt')].some((p) => /\\[(\\*|\\d+)\\]/.test(p.textContent))"


def run_all_cells(page) -> None:
    """Run All Cells once the kernel is idle, and again if no cell started (a menu click lost on a busy
    machine)."""
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
    for _ in range(3):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        try:
            page.wait_for_function(STARTED, timeout=20_000)
            return
        except Exception:
            page.keyboard.press("Escape")
    raise AssertionError("Run All Cells started no cell in Notebook 7")


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

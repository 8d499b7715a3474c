"""Real browser: JupyterLab and Voila run the notebooks in headless Chromium and boards answer clicks."""

from __future__ import annotations

import statistics

import pytest
from browser_support import NOTEBOOKS, TOKEN, first_live_board, turn

import tictac_nb

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def open_in_lab(page, lab, notebook: str):
    """Open a notebook in JupyterLab, run all cells, and return the first board that has targets."""
    page.goto(f"{lab.url}/lab/tree/{notebook}?reset&token={TOKEN}")
    page.wait_for_selector(".jp-Notebook")
    page.wait_for_function("() => document.querySelector('.jp-Dialog') || "
                           "!/No Kernel/.test(document.querySelector('.jp-Toolbar-kernelName')?.textContent)")
    if page.locator(".jp-Dialog").count():
        page.locator(".jp-Dialog .jp-mod-accept").click()
    page.wait_for_function(
        "() => /python/i.test(document.querySelector('.jp-Toolbar-kernelName')?.textContent || '')")
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']")
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    return first_live_board(page)


def click_until_played(page, board) -> int:
    """Click targets until an action is played (a first step such as a cell only opens a choice).

    Returns the turn number right after that action: a bot may already have answered.
    """
    start = turn(board)
    for _ in range(4):
        before = board.locator(".ttn-svg").inner_html()
        board.locator("[data-target]").first.click()
        page.wait_for_function("([el, before]) => el.querySelector('.ttn-svg').innerHTML !== before",
                               arg=[board.element_handle(), before])
        if turn(board) > start:
            return start + 1
    raise AssertionError(f"four clicks did not play an action; message: {board.locator('.ttn-message').inner_text()}")


def wait_for_bot(page, board, mine: int) -> None:
    """Wait for the bot's answer; play our own further decisions (such as a Peek) if the board asks."""
    for _ in range(4):
        try:
            page.wait_for_function("([el, mine]) => Number(el.dataset.turn) > mine && el.dataset.thinking === 'false'",
                                   arg=[board.element_handle(), mine], timeout=15_000)
            return
        except Exception:
            mine = click_until_played(page, board)
    raise AssertionError("the bot never answered")


def click_latency_ms(page, board) -> float:
    """Milliseconds from a click on a target to the redrawn board, measured inside the page."""
    return page.evaluate("""(el) => new Promise((resolve) => {
        const box = el.querySelector('.ttn-svg');
        const target = box.querySelector('[data-target]');
        const t0 = performance.now();
        const seen = new MutationObserver(() => { seen.disconnect(); resolve(performance.now() - t0); });
        seen.observe(box, { childList: true });
        target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    })""", board.element_handle())


def test_jupyterlab_plays_tic_tac_two_against_the_bot(page, lab):
    board = open_in_lab(page, lab, "tic-tac-two.ipynb")
    first = board.locator("[data-target]").first
    square = first.get_attribute("data-target")
    assert first.get_attribute("aria-label") == f"mark square {square}"
    start = turn(board)
    mine = click_until_played(page, board)
    assert board.locator(f'[data-target="{square}"]').count() == 0, "the clicked square is still empty"
    wait_for_bot(page, board, mine)
    assert turn(board) >= start + 2
    assert "thinking" not in board.locator(".ttn-status").inner_text()

    latencies = []
    for _ in range(7):
        if board.locator("[data-target]").count() == 0:
            break
        before = turn(board)
        latencies.append(click_latency_ms(page, board))
        page.wait_for_function("([el, t]) => Number(el.dataset.turn) > t + 1 || el.dataset.thinking === 'false'",
                               arg=[board.element_handle(), before])
        board.locator(".ttn-undo").click()
        page.wait_for_function("([el, t]) => Number(el.dataset.turn) <= t", arg=[board.element_handle(), before])
    assert latencies
    print(f"\nclick -> updated board in JupyterLab: median {statistics.median(latencies):.0f} ms "
          f"over {len(latencies)} clicks ({', '.join(f'{x:.0f}' for x in latencies)})")


def test_voila_plays_tic_tac_two_by_keyboard_and_mouse(page, voila_server):
    server = voila_server("tic-tac-two.ipynb")
    page.goto(server.url)
    board = first_live_board(page)
    assert board.locator(".ttn-status").get_attribute("aria-live") == "polite"
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('[data-target]')"):
            break
    else:
        raise AssertionError("Tab never reached a target on the board")
    first = page.evaluate("() => document.activeElement.getAttribute('data-target')")
    page.keyboard.press("ArrowRight")
    second = page.evaluate("() => document.activeElement.getAttribute('data-target')")
    assert second and second != first, "the arrow key did not move between targets"
    start = turn(board)
    page.keyboard.press("Enter")
    page.wait_for_function("([el, t]) => Number(el.dataset.turn) > t", arg=[board.element_handle(), start])
    assert board.locator(f'[data-target="{second}"]').count() == 0
    mine = turn(board)
    wait_for_bot(page, board, mine)
    mine = click_until_played(page, board)
    wait_for_bot(page, board, mine)


GAME_NOTEBOOKS = [f"{name}.ipynb" for name in tictac_nb.GAMES if name != "tic-tac-two"]


@pytest.mark.parametrize("notebook", GAME_NOTEBOOKS)
def test_every_game_plays_by_clicking_in_jupyterlab(page, lab, notebook):
    assert (NOTEBOOKS / notebook).exists(), f"{notebook} is missing"
    board = open_in_lab(page, lab, notebook)
    start = turn(board)
    assert click_until_played(page, board) > start
    assert board.locator(".ttn-message").inner_text() == ""

"""The Hint button on a board: shown to the human to move, it draws the coach's hint, whose numbers are in the
targets' accessible names, and says the coach's sentence in the live region. Prints click -> hint drawn."""

from __future__ import annotations

import time

import pytest

import tictac_nb
from tictac_nb import Board, RandomBot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_the_hint_button_draws_the_hint_and_says_it(board_page):
    state = tictac_nb.new_game("tic-tac-two", seed=1, peek=False, wild=False, tiles="XOXOCOX--")
    shown = board_page(Board(state, bots={1: RandomBot(seed=1)}))
    page = shown.page
    button = page.locator(".ttn-hint-button")
    assert button.is_visible() and page.locator(".ttn-svg .ttn-coach-best").count() == 0
    start = time.perf_counter()
    shown.click(".ttn-hint-button")
    page.wait_for_selector(".ttn-svg .ttn-coach-best")
    elapsed = time.perf_counter() - start
    print(f"\ntic-tac-two: Hint click -> hint drawn in {elapsed * 1000:.0f} ms")
    sentence = shown.board.hint_words
    assert sentence.startswith("X (MCTS") and page.locator(".ttn-live .ttn-hint").inner_text().strip() == sentence
    labels = page.eval_on_selector_all(".ttn-svg [data-target]", "ts => ts.map(t => t.getAttribute('aria-label'))")
    assert any("to win" in label for label in labels), labels
    assert sum("the coach's choice" in label for label in labels) == 1, labels
    shown.click(".ttn-svg [data-target]")  # a move: the hint goes, and the bot answers
    assert page.locator(".ttn-svg .ttn-coach-best").count() == 0
    assert page.locator(".ttn-live .ttn-hint").inner_text().strip() == ""


def test_no_hint_button_on_a_bots_board_or_for_an_onlooker(board_page):
    state = tictac_nb.new_game("tic-tac-two", seed=1, peek=False, wild=False, tiles="XOXOCOX--")
    shown = board_page(Board(state, bots={0: RandomBot(seed=1), 1: RandomBot(seed=2)}))
    assert not shown.page.locator(".ttn-hint-button").is_visible()

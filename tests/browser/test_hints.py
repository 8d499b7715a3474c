"""The Hint button on a board: shown to the human to move, it draws the coach's hint, whose numbers are in the
targets' accessible names, and says the coach's sentence in the live region. Prints click -> hint drawn."""

from __future__ import annotations

import time

import nbformat
import pytest
from a11y import axe_violations, measure, problems
from browser_support import run_all

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


def test_an_exported_file_shows_the_analysis_chart_and_no_analyse_button(page, tmp_path):
    state = tictac_nb.new_game("tic-tac-two", seed=1, peek=False, wild=False, tiles="XOXOCOX--")
    for move in ("1", "5", "2", "9"):  # O's 9 is a blunder: 3 blocks the top row
        state.play(move)
    path = tictac_nb.export_html(state, tmp_path / "coached.html", viewer=1, analysis=True)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(path.as_uri())
    page.locator(".ttr-root").wait_for()
    chart = page.locator("svg.ttn-evaluation")
    assert chart.is_visible() and "blunder" in chart.get_attribute("aria-label")
    assert "a blunder, the coach preferred 3" in page.locator(".ttn-analysis li").first.inner_text()
    assert page.locator(".ttr-analyse").is_hidden() and page.locator(".ttr-branch").is_hidden()
    assert errors == []


ANALYSED = """import tictac_nb
from tictac_nb import Replay

state = tictac_nb.new_game("tic-tac-two", seed=1, peek=False, wild=False, tiles="XOXOCOX--")
for move in ("1", "5", "2", "9"):
    state.play(move)
replay = Replay(state, viewer=1)
replay"""


def test_the_replays_analyse_button_shows_the_chart_in_jupyterlab(page, lab, workdir):
    notebook = "analyse-test.ipynb"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(ANALYSED)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, workdir / "notebooks" / notebook)
    run_all(page, lab, notebook)
    button = page.locator(".ttr-root .ttr-analyse")
    button.wait_for(timeout=120_000)
    assert button.inner_text() == "Analyse"
    button.click()
    chart = page.locator("svg.ttn-evaluation")
    chart.wait_for(timeout=60_000)
    assert "blunder" in chart.get_attribute("aria-label")
    page.locator(".widget-hprogress .progress-bar-success").wait_for()  # the bar turns green once all is judged
    page.wait_for_function("() => document.querySelector('.ttr-analyse').textContent === 'Analyse'")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_hinted_board_reads_in_both_themes(board_page, theme):
    """The overlay's labels, the Hint button and the sentence: contrast and sizes as for every board, and axe."""
    state = tictac_nb.new_game("tic-tac-two", seed=1, peek=False, wild=False, tiles="XOXOCOX--")
    shown = board_page(Board(state, bots={1: RandomBot(seed=1)}), theme=theme)
    shown.click(".ttn-hint-button")
    shown.page.wait_for_selector(".ttn-svg .ttn-coach-chance")
    figures = measure(shown.page.locator(".ttn-root"))
    found = problems(figures)
    print(f"\nhinted board, {theme}: lowest contrast {min(t['contrast'] for t in figures['texts']):.2f}")
    assert not found, "\n".join(found)
    assert axe_violations(shown.page) == []

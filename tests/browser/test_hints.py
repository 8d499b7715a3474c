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
    line = page.locator(".ttn-root > p.ttn-hint")
    assert sentence.startswith("Hint for X: mark square ") and line.inner_text().strip() == sentence
    status, said = page.locator(".ttn-live").bounding_box(), line.bounding_box()
    assert said["y"] >= status["y"] + status["height"] - 1  # on a line of its own, under the status
    assert sentence not in page.locator(".ttn-live").inner_text()
    labels = page.eval_on_selector_all(".ttn-svg [data-target]", "ts => ts.map(t => t.getAttribute('aria-label'))")
    assert any("to win" in label for label in labels), labels
    assert sum("the coach's choice" in label for label in labels) == 1, labels
    shown.click(".ttn-svg [data-target]")  # a move: the hint goes, and the bot answers
    assert page.locator(".ttn-svg .ttn-coach-best").count() == 0
    assert page.locator(".ttn-root > p.ttn-hint").is_hidden()


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
    chart = page.locator(".ttr-root svg.ttn-evaluation:visible")
    assert chart.count() == 1 and "blunder" in chart.get_attribute("aria-label")
    assert "a blunder, the coach preferred mark square 3" in page.locator(".ttn-marked li").first.inner_text()
    assert page.locator(".ttr-analyse").is_hidden() and page.locator(".ttr-branch").is_hidden()
    root = page.locator(".ttr-root")
    assert root.get_attribute("data-step") == "0"
    chart.locator(".ttn-mark").click()  # a mark goes to its move
    page.wait_for_function("() => document.querySelector('.ttr-root').dataset.step === '4'")
    chart.locator('rect[data-step="2"]').click(force=True)  # so does a point's column
    page.wait_for_function("() => document.querySelector('.ttr-root').dataset.step === '2'")
    page.locator(".ttn-marked .ttr-mark").click()  # and the marked move in words
    page.wait_for_function("() => document.querySelector('.ttr-root').dataset.step === '4'")
    chart.locator(".ttn-mark").focus()
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('.ttr-root').dataset.step === '0'")
    chart.locator(".ttn-mark").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.ttr-root').dataset.step === '4'")
    marked = page.locator('.ttr-moves [data-step="4"]')
    assert "ttr-blunder" in marked.get_attribute("class") and "?? blunder" in marked.inner_text()
    legend = chart.locator(".ttn-legend").text_content()
    assert all(words in legend for words in ("?! inaccuracy", "? mistake", "?? blunder", "O to win"))
    shapes = {kind: chart.locator(f".ttn-legend {tag}").count() for kind, tag in
              (("circle", "circle"), ("square", "rect"), ("triangle", "polygon"))}
    assert shapes == {"circle": 1, "square": 1, "triangle": 1}
    assert errors == []


@pytest.mark.parametrize("name", ["tic-tac-two", "tic-tac-ko"])
def test_the_exported_analysis_at_400_px_in_dark_mode(page, tmp_path, name):
    """At 400 px in dark mode: no sideways scroll, a dark page, the analysis inside the replay in its font,
    the narrow chart shown, one title, and the chart still goes to a move."""
    state = tictac_nb.new_game(name, seed=2, **({"peek": False} if name == "tic-tac-two" else {}))
    bots = [state.game.default_bot(seed=s) for s in range(state.num_players)]
    while state.outcome is None and len(state.history) < 40:
        state.play(bots[state.to_move].choose(state))
    path = tictac_nb.export_html(state, tmp_path / "dark.html", viewer=0, analysis=True)
    page.set_viewport_size({"width": 400, "height": 800})
    page.emulate_media(color_scheme="dark")
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(path.as_uri())
    page.locator(".ttr-root .ttr-analysis svg.ttn-evaluation").first.wait_for(state="attached")
    found = page.evaluate("""() => {
      const root = document.querySelector('.ttr-root'), words = document.querySelector('.ttr-analysis p');
      const shown = [...document.querySelectorAll('.ttr-analysis svg.ttn-evaluation')]
        .filter(s => s.getClientRects().length);
      const titles = [...document.querySelectorAll('.ttr-title')].filter(t => t.getClientRects().length).length
        + [...document.querySelectorAll('.ttr-svg svg [data-band]')].filter(b => b.getClientRects().length
          && !b.closest('.ttn-status-line') && b.textContent.includes(document.title.split(' replay')[0])).length;
      return {scroll: document.documentElement.scrollWidth, body: getComputedStyle(document.body).backgroundColor,
              font: getComputedStyle(words).fontFamily, rootFont: getComputedStyle(root).fontFamily,
              size: parseFloat(getComputedStyle(words).fontSize), shown: shown.length,
              chartWidth: shown.length ? shown[0].getBoundingClientRect().width : 0, titles};
    }""")
    assert found["scroll"] <= 400, found
    assert found["body"] == "rgb(17, 20, 24)" and found["font"] == found["rootFont"] and found["size"] >= 11, found
    assert found["shown"] == 1 and found["chartWidth"] <= 380 and found["titles"] == 1, found
    column = page.locator('.ttr-analysis svg.ttn-evaluation:visible rect[data-step="3"]')
    column.click(force=True)
    page.wait_for_function("() => document.querySelector('.ttr-root').dataset.step === '3'")
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
    chart = page.locator(".ttr-root svg.ttn-evaluation:visible")
    chart.wait_for(timeout=60_000)
    assert "blunder" in chart.get_attribute("aria-label")
    page.locator(".widget-hprogress .progress-bar-success").wait_for()  # the bar turns green once all is judged
    chart.locator(".ttn-mark").click()  # the kernel's replay goes to the marked move
    page.wait_for_function("() => document.querySelector('.ttr-root').dataset.step === '4'", timeout=60_000)
    assert "?? blunder" in page.locator('.ttr-moves [data-step="4"]').inner_text()
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

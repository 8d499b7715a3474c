"""Replays in a real browser: the widget in JupyterLab steps by click and by key and branches into a live
board; an exported file opened from file:// in headless Chromium steps through every move on its own."""

from __future__ import annotations

import re

import nbformat
import pytest
from browser_support import run_all

import tictac_nb
from tictac_nb.notebook.timeline import Timeline

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

MOVES = ["1", "5", "2", "9"]  # Tic Tac Two with a fixed layout: X, O, X, O; then X is to move
SETUP = f"""import tictac_nb
from tictac_nb import RandomBot, Replay

state = tictac_nb.new_game("tic-tac-two", seed=3, tiles="XOWPCOXXO")
for move in {MOVES!r}:
    state.play(move)
replay = Replay(state, bots={{1: RandomBot(seed=1)}})
replay"""


def step_of(root) -> int:
    return int(root.get_attribute("data-step"))


def aria_label(svg: str) -> str:
    return re.search(r'aria-label="([^"]*)"', svg)[1]


def test_jupyterlab_steps_by_click_and_key_and_plays_from_here(page, lab, workdir):
    notebook = "replay-test.ipynb"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(SETUP)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, workdir / "notebooks" / notebook)
    state = tictac_nb.new_game("tic-tac-two", seed=3, tiles="XOWPCOXXO")
    statuses = [position.status() for position in Timeline({**state.record(), "moves": MOVES}).positions()]

    run_all(page, lab, notebook)
    root = page.locator(".ttr-root")
    root.wait_for(timeout=120_000)
    assert root.get_attribute("data-count") == "4" and step_of(root) == 0
    assert root.locator(".ttr-moves li").count() == 5  # the start and four moves
    assert root.locator(".ttr-forward").get_attribute("aria-label") == "Forward one move"

    def wait_step(k: int) -> None:
        page.wait_for_function("([el, k]) => el.dataset.step === String(k)", arg=[root.element_handle(), k])
        assert root.locator(".ttr-status").inner_text() == statuses[k]

    root.locator(".ttr-forward").click()
    wait_step(1)
    root.locator(".ttr-forward").click()
    wait_step(2)
    root.locator(".ttr-back").click()
    wait_step(1)
    root.focus()
    page.keyboard.press("ArrowRight")
    wait_step(2)
    page.keyboard.press("ArrowRight")
    wait_step(3)
    page.keyboard.press("ArrowLeft")
    wait_step(2)
    page.keyboard.press("End")
    wait_step(4)
    page.keyboard.press("Home")
    wait_step(0)
    root.locator('.ttr-move[data-step="3"]').click()  # a move in the list
    wait_step(3)
    assert root.locator('.ttr-move[aria-current="step"]').get_attribute("data-step") == "3"

    root.locator(".ttr-branch").click()  # a live board at move 3: O (the bot) moves, then X (us)
    board = page.locator(".ttn-root")
    board.wait_for()
    page.wait_for_function("(el) => Number(el.dataset.played) >= 4 && el.dataset.thinking === 'false' && "
                           "el.querySelector('[data-target]')", arg=board.element_handle())
    before = int(board.get_attribute("data-played"))
    target = board.locator("[data-target]").first
    square = target.get_attribute("data-target")
    target.click()
    page.wait_for_function("([el, t]) => Number(el.dataset.played) > t", arg=[board.element_handle(), before])
    assert board.locator(f'[data-target="{square}"]').count() == 0
    assert board.locator(".ttn-message").inner_text() == ""
    assert step_of(root) == 3 and root.get_attribute("data-count") == "4", "the branch changed the replay"


def test_an_exported_file_steps_through_every_move_from_file_url(page, tmp_path):
    state = tictac_nb.new_game("tic-toc", seed=6)
    bots = [bot(seed=seat) for seat, bot in enumerate([tictac_nb.GAMES["tic-toc"].bots["TicTocBot"]] * 2)]
    while state.outcome is None and len(state.history) < 40:
        state.play(bots[state.to_move].choose(state))
    path = tictac_nb.export_html(state, tmp_path / "tic toc replay.html", viewer=0)
    positions = list(Timeline(state).positions())
    errors, requests = [], []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: requests.append(request.url))

    page.goto(path.as_uri())
    root = page.locator(".ttr-root")
    root.wait_for()
    count = len(state.history)
    assert root.get_attribute("data-count") == str(count)
    assert root.locator(".ttr-branch").is_hidden() and root.locator(".ttr-seen").is_hidden()
    assert page.title() == "TIC TOC replay, seen by Player 1"
    for k in range(count + 1):  # every move, by the forward button
        assert step_of(root) == k
        assert root.locator(".ttr-svg svg").get_attribute("aria-label") == aria_label(positions[k].render_svg(0))
        assert root.locator(".ttr-status").inner_text() == positions[k].status()
        if k < count:
            root.locator(".ttr-forward").click()
    assert root.locator(".ttr-forward").is_disabled()
    page.keyboard.press("ArrowLeft")
    assert step_of(root) == count - 1
    page.keyboard.press("Home")
    assert step_of(root) == 0 and root.locator(".ttr-back").is_disabled()
    page.keyboard.press("End")
    assert step_of(root) == count
    root.locator('.ttr-move[data-step="7"]').click()
    assert step_of(root) == 7
    assert root.locator(".ttr-svg").inner_html().count("<svg") == 1
    root.locator(".ttr-slider").fill("12")
    assert step_of(root) == 12
    assert root.locator(".ttr-svg svg").get_attribute("aria-label") == aria_label(positions[12].render_svg(0))
    assert errors == [] and requests == [path.as_uri()], "the page failed or asked for something else"


def exported_toc(tmp_path, viewer=0) -> tuple:
    state = tictac_nb.new_game("tic-toc", seed=6)
    bot = tictac_nb.GAMES["tic-toc"].default_bot
    bots = [bot(seed=seat) for seat in range(2)]
    while state.outcome is None and len(state.history) < 30:
        state.play(bots[state.to_move].choose(state))
    return state, tictac_nb.export_html(state, tmp_path / "replay.html", viewer=viewer)


def test_an_exported_file_lays_out_for_a_phone_and_says_whose_view_it_shows(page, tmp_path):
    from a11y import measure, problems

    from tictac_nb.notebook.export import NARROW

    state, path = exported_toc(tmp_path)
    page.set_viewport_size({"width": 400, "height": 800})
    page.goto(path.as_uri())
    root = page.locator(".ttr-root")
    root.wait_for()
    assert root.locator(".ttr-seen-one").inner_text() == "seen by Player 1"
    first = list(Timeline(state).positions())[0]
    width = re.compile(r'<svg[^>]*? width="([^"]+)')
    shown = root.locator(".ttr-svg svg")
    assert shown.get_attribute("width") == width.search(first.render_svg(0, width=NARROW))[1], "the narrow drawing"
    found = problems(measure(root))
    assert not found, "\n".join(found)
    assert root.locator(".ttr-svg .ttn-status-line").first.is_hidden(), "the status shows twice"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("(w) => document.querySelector('.ttr-svg svg').getAttribute('width') === w",
                           arg=width.search(first.render_svg(0))[1])


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_current_move_reads_in_both_jupyterlab_themes(page, tmp_path, theme):
    from a11y import measure, problems
    from browser_support import theme_css

    _, path = exported_toc(tmp_path)
    page.goto(path.as_uri())
    page.add_style_tag(content=theme_css(theme) + "body { background: var(--jp-layout-color0) !important; }")
    root = page.locator(".ttr-root")
    root.locator('.ttr-move[data-step="3"]').click()
    current = root.locator(".ttr-current")
    assert current.get_attribute("data-step") == "3"
    found = problems(measure(root.locator(".ttr-moves")))
    assert not found, "\n".join(found)

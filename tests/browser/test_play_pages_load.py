"""The site's play pages while they load and by their links: a progress bar and a live status say what the
page is doing until the board replaces them, a `?game=` of up to 20 digits deals exactly that game, and
what a page installs is only what it imports, with bytecode for Pyodide's Python.

The page's stages are held where the test needs them by holding a request (Pyodide's WebAssembly, the kit's
wheel) until the test has looked, so nothing here depends on how fast the machine is.
"""

from __future__ import annotations

import json
import posixpath
import time
import zipfile

import pytest
from browser_support import BOARD, SITE, first_live_board, play_an_action, played, targets_of, wait_until_human

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("site")]


BIG = "18446744073709551557"  # 20 digits: as a JavaScript number it would read 18446744073709551616
STAGES = ["Loading Python in your browser…", "Installing the kit…", "Dealing the game…"]
SECRET = "A new game: its game number is shown when it ends."
SAID = """window.ttpSaid = [];
document.addEventListener('DOMContentLoaded', () => {
  const status = document.getElementById('ttp-status');
  window.ttpSaid.push(status.textContent);
  new MutationObserver(() => window.ttpSaid.push(status.textContent))
    .observe(status, { childList: true, characterData: true, subtree: true });
});"""


@pytest.fixture
def site_page(offline_page):
    """A fresh Chromium page that can reach the site only, with its page errors collected."""
    page, refused = offline_page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    assert not refused, refused[:3]
    assert not errors, errors


class Held:
    """Requests for a URL pattern held until `release`: the page waits at that stage as long as the test
    needs. `wait` returns once the page has asked (Playwright handles the request while the test waits)."""

    def __init__(self, page, pattern: str) -> None:
        self.page, self.routes = page, []
        page.route(pattern, lambda route: self.routes.append(route))

    def wait(self, seconds: float = 120) -> None:
        deadline = time.monotonic() + seconds
        while not self.routes:
            assert time.monotonic() < deadline, "the page never asked for it"
            self.page.wait_for_timeout(50)  # lets Playwright hand over the request

    def release(self) -> None:
        for route in self.routes:
            route.continue_()


def progress(page) -> dict | None:
    """The page's progress bar as a reader's tools see it, with the status beside it; None once it is gone."""
    return page.evaluate("""() => {
        const bar = document.querySelector('[role=progressbar], progress');
        const status = document.getElementById('ttp-status');
        return bar && {
            role: bar.getAttribute('role') || bar.tagName.toLowerCase(), label: bar.getAttribute('aria-label'),
            value: bar.value, max: bar.max, text: bar.getAttribute('aria-valuetext'), hidden: bar.hidden,
            visible: bar.getBoundingClientRect().height > 0, status: status.textContent,
            live: status.getAttribute('aria-live'), boards: document.querySelectorAll('.ttn-root').length,
        };
    }""")


def test_a_play_page_says_what_it_is_doing_until_the_board_replaces_its_progress(site_page, site):
    from a11y import axe_violations

    page = site_page
    page.add_init_script(SAID)
    python, kit = Held(page, "**/pyodide.asm.wasm"), Held(page, "**/tictac_nb-*.whl")
    page.goto(f"{site.url}/play/tyc.html", wait_until="domcontentloaded")
    python.wait()
    loading = progress(page)
    assert loading == {"role": "progress", "label": "Loading the game", "value": 0, "max": 3, "hidden": False,
                       "text": f"{STAGES[0]} (step 1 of 3)", "visible": True, "status": STAGES[0], "live": "polite",
                       "boards": 0}
    assert page.get_by_role("progressbar", name="Loading the game").is_visible()
    assert not axe_violations(page, "body")
    python.release()
    kit.wait()
    page.wait_for_function("(words) => document.getElementById('ttp-status').textContent === words", arg=STAGES[1])
    installing = progress(page)
    assert (installing["value"], installing["text"], installing["boards"]) == (1, f"{STAGES[1]} (step 2 of 3)", 0)
    kit.release()
    board = first_live_board(page)
    wait_until_human(page, board)
    assert progress(page) is None, "the progress bar stays beside the board"
    assert page.locator("#ttp-status").inner_text() == "" and not page.locator("#ttp-status").is_visible()
    said = [text for text in page.evaluate("() => window.ttpSaid") if text]
    assert said == STAGES, said


def test_a_game_number_above_2_to_the_53_deals_exactly_that_game_from_the_link_and_the_box(site_page, site):
    page = site_page
    page.goto(f"{site.url}/play/tyc.html?game={BIG}")
    board = first_live_board(page)
    wait_until_human(page, board)
    assert page.locator("#ttp-dealt").inner_text() == f"This is game number {BIG}."
    assert page.url.endswith(f"?game={BIG}") and page.locator("#ttp-problem").inner_text() == ""
    assert board.get_attribute("data-played") == "0"
    drawn = page.locator(".ttn-svg").inner_html()
    page.fill("#ttp-number", "12")
    page.locator("button", has_text="Play with these rules").click()
    page.wait_for_function("() => document.getElementById('ttp-dealt').textContent === 'This is game number 12.'")
    page.fill("#ttp-number", BIG)
    page.locator("button", has_text="Play with these rules").click()
    page.wait_for_function("(n) => document.getElementById('ttp-dealt').textContent === `This is game number ${n}.`",
                           arg=BIG)
    wait_until_human(page, first_live_board(page))
    assert page.locator(".ttn-svg").inner_html() == drawn, "typing the number deals the game its link dealt"
    assert page.url.endswith(f"?game={BIG}")


@pytest.mark.parametrize("asked", ["27182818284590452353", "12abc", "-5", "1e9"])
def test_a_link_whose_game_number_is_refused_says_why_and_deals_a_new_game(site_page, site, asked):
    page = site_page
    page.goto(f"{site.url}/play/tic-tac-two.html?game={asked}")
    page.wait_for_selector(BOARD)
    said = page.locator("#ttp-problem").inner_text()
    assert said.startswith("The link asks for a game this page cannot deal: a game number is a whole number from 0 "
                           "to 18446744073709551615") and said.endswith("This is a new game."), said
    assert f"'{asked}'" in said
    assert page.locator("#ttp-dealt").inner_text() == SECRET and "game=" not in page.url


def test_a_fresh_games_number_stays_off_the_page_and_its_link_until_the_game_ends(site_page, site):
    """A game number deals the same game again, the cards to come included: a player who knew it while
    playing could learn them. Once the game ends, the page and its link show it, and the link deals it again."""
    page = site_page
    page.goto(f"{site.url}/play/tic-tac-two.html")
    board = first_live_board(page)
    assert page.locator("#ttp-dealt").inner_text() == SECRET and "game=" not in page.url
    for _ in range(20):
        wait_until_human(page, board)
        if not targets_of(board):
            break
        play_an_action(page, board, two_step=False)
        assert page.locator("#ttp-dealt").inner_text() == SECRET or not targets_of(board)
    else:
        raise AssertionError("the game did not end in 20 moves")
    number = page.locator("#ttp-dealt").inner_text().removeprefix("This is game number ").removesuffix(".")
    assert number.isdigit() and page.url.endswith(f"?game={number}")
    ended = page.locator(".ttn-svg").inner_html()
    page.locator("#ttp-board .ttn-new").click()  # the board's own New game: a fresh game, its number kept
    page.wait_for_function("(text) => document.getElementById('ttp-dealt').textContent === text", arg=SECRET)
    assert "game=" not in page.url
    page.goto(f"{site.url}/play/tic-tac-two.html?game={number}")
    board = first_live_board(page)
    assert page.locator("#ttp-dealt").inner_text() == f"This is game number {number}."
    assert page.locator(".ttn-svg").inner_html() != ended and played(board) == 0  # the same game, from its start


def test_a_play_page_installs_only_what_it_imports_each_with_bytecode_for_pyodides_python():
    folder = SITE / "static" / "pyodide"
    lock = json.loads((folder / "play-lock.json").read_text())
    packages = lock["packages"]
    assert "tictac-nb" in packages and not {"ipython", "jedi", "pygments", "jupyterlab-widgets"} & set(packages)
    assert all(d in packages for entry in packages.values() for d in entry["depends"])
    tag = "cpython-" + "".join(lock["info"]["python"].split(".")[:2])
    for name, entry in packages.items():
        with zipfile.ZipFile(folder / entry["file_name"]) as wheel:
            names = set(wheel.namelist())
        modules = [n for n in names if n.endswith(".py")]
        cached = [n for n in modules if posixpath.join(posixpath.dirname(n), "__pycache__",
                                                       f"{posixpath.basename(n)[:-3]}.{tag}.pyc") in names]
        assert modules and len(cached) == len(modules), f"{name}: {len(cached)} of {len(modules)} modules compiled"

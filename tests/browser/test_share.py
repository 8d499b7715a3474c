"""Shared games (`tictac_nb.share`) in Chromium, offline: a grid game with a hook, a card game from a table
and a game written from scratch, each shared as a link to the site's `play/shared.html` and as one file
opened from `file://`, played to the end in hot seat; a link whose Python attacks the visitor's storage
finds every way out closed; text from a link stays text; bad links each get their sentence.

The page's readiness is `<html data-ready>`: seconds to the first board, or "stopped" where it shows a
sentence instead. Nothing here waits for a time: every wait is for a state of the page.
"""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

import pytest
import share_scratch
from browser_support import SITE, chromium_browser, only_localhost, turn
from share_games import CARDS, CHASE

from tictac_nb.web import sharing

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("site")]

GAMES = {"grid": CHASE, "cards": CARDS, "scratch": share_scratch.GAME}
BOARD = "#ttp-board.ttn-root"
READY = "document.documentElement.dataset.ready"
SHOTS = Path(tempfile.gettempdir())


@pytest.fixture(scope="module")
def chromium():
    """One Chromium for the module: each test opens its own context (its own storage) on it."""
    with chromium_browser() as browser:
        yield browser


def new_page(chromium, origin: str | None, width: int = 900, bypass_csp: bool = False):
    """A page that reaches only `origin` (None: nothing but files), its page errors and refused requests;
    `bypass_csp` lets a test inject its own script (axe), which the page's policy refuses."""
    context = chromium.new_context(viewport={"width": width, "height": 900}, bypass_csp=bypass_csp)
    refused: list[str] = []
    if origin is None:
        def files_only(route) -> None:
            if route.request.url.startswith("file:"):
                route.continue_()
            else:
                refused.append(route.request.url)
                route.abort("internetdisconnected")
        context.route("**/*", files_only)
    else:
        refused = only_localhost(context, origin)
    page = context.new_page()
    page.set_default_timeout(120_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, refused, errors


def opened(page, where: str) -> str:
    """Open a shared game; the page's readiness once it has a board or has stopped with a sentence."""
    page.goto(where)
    page.wait_for_function(READY)
    return page.evaluate(READY)


def hot_seat(page, number: int) -> None:
    """Every seat human, game `number` dealt with the page's own New game."""
    for menu in page.locator("#ttp-seats select").all():
        menu.select_option("human")
    page.fill("#ttp-number", str(number))
    page.click("#ttp-controls button[type=submit]")
    page.wait_for_function("(n) => document.getElementById('ttp-dealt').textContent === "
                           "`This is game number ${n}.`", arg=number)


def play_to_the_end(page) -> str:
    """Click the first click target (or the cover that hides a hand from the next player at the same
    screen) until none is left; the board's status then."""
    board = page.locator(BOARD)
    for _ in range(80):
        cover, targets = board.locator(".ttn-cover"), board.locator("[data-target]")
        if cover.is_visible():
            cover.click()
            board.locator("[data-target]").first.wait_for()  # the revealed hand of a human to move
            continue
        if targets.count() == 0:
            return board.locator(".ttn-status").inner_text()
        before = turn(board)
        targets.first.click()
        page.wait_for_function("([el, before]) => Number(el.dataset.turn) > before",
                               arg=[board.element_handle(), before])
    raise AssertionError("the game did not end in 80 clicks")


@pytest.fixture(scope="module")
def shared_files(tmp_path_factory):
    """Each game's shared file, written from the built site."""
    folder = tmp_path_factory.mktemp("shared")
    return {kind: sharing.share(game, folder / f"{game.name}.html", files=SITE) for kind, game in GAMES.items()}


@pytest.mark.parametrize("way", ["site", "file"])
@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_shared_game_plays_to_the_end_offline(chromium, site, shared_files, kind, way):
    game = GAMES[kind]
    page, refused, errors = new_page(chromium, site.url if way == "site" else None)
    where = sharing.share(game, site=site.url) if way == "site" else f"file://{shared_files[kind]}"
    assert float(opened(page, where)) > 0, page.inner_text("#ttp-status")
    assert page.inner_text("#ttp-title") == game.title
    assert "Python runs in this page" in page.inner_text("footer") and "Made with tictac_nb" in page.inner_text(
        "footer")
    assert page.inner_text("#ttp-rules") == sharing.players_rules(game)
    assert page.get_attribute("#ttp-save", "download") == f"{game.name}.tictac.json"
    hot_seat(page, 7)
    status = play_to_the_end(page)
    assert status and "to move" not in status and page.locator(BOARD).get_attribute("data-played") != "0"
    assert not refused and not errors, (refused[:3], errors)
    page.context.close()


ATTACK = '''
import js
from pyodide.code import run_js
import pyodide_js

scope = pyodide_js.constructor.constructor("return globalThis")()
tried = {
    "js.indexedDB": lambda: js.indexedDB.open("notebooks"),
    "js.localStorage": lambda: js.localStorage.getItem("marker"),
    "js.fetch": lambda: js.fetch("/"),
    "js.BroadcastChannel": lambda: js.BroadcastChannel.new("lite"),
    "indexedDB": lambda: scope.indexedDB.open("notebooks"),
    "caches": lambda: scope.caches.keys(),
    "fetch": lambda: scope.fetch("/"),
    "XMLHttpRequest": lambda: scope.XMLHttpRequest.new(),
    "BroadcastChannel": lambda: scope.BroadcastChannel.new("lite"),
    "Worker": lambda: scope.Worker.new("/"),
    "importScripts": lambda: scope.importScripts("/x.js"),
    "navigator.storage": lambda: scope.navigator.storage.estimate(),
    "open": lambda: scope.open("/"),
    "eval indexedDB": lambda: run_js("indexedDB.open('notebooks')"),
    "eval fetch": lambda: run_js("fetch('/')"),
}
found = []
for name, attempt in tried.items():
    try:
        got = attempt()
    except Exception:
        got = None
    if got is not None:
        found.append(name)
raise RuntimeError(f"open: {', '.join(found)}" if found else f"all {len(tried)} ways closed")
'''


def test_a_link_whose_python_attacks_the_visitors_storage_finds_every_way_closed(chromium, site):
    page, refused, errors = new_page(chromium, site.url)
    page.goto(f"{site.url}/play/index.html")
    page.evaluate("""() => new Promise((done) => {
        localStorage.setItem('marker', 'kept');
        const asked = indexedDB.open('notebooks');
        asked.onupgradeneeded = () => asked.result.createObjectStore('files');
        asked.onsuccess = () => { asked.result.close(); done(); };
    })""")
    doc = sharing.seal({**sharing.document(CHASE), "source": ATTACK})
    assert opened(page, sharing.link(doc, site.url)) == "stopped"
    said = page.inner_text("#ttp-status")
    assert said == "This game's Python failed as it loaded: RuntimeError: all 15 ways closed", said
    assert page.evaluate("localStorage.getItem('marker')") == "kept"
    assert not refused and not errors, (refused, errors)
    page.context.close()


def test_text_from_a_link_is_shown_as_text_never_run(chromium, site):
    page, refused, errors = new_page(chromium, site.url)
    title = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">'
    rules = '<img src=x onerror="window.pwned = 3"> Take turns.'
    doc = sharing.document(dataclasses.replace(CHASE, title=title), rules=rules)
    assert float(opened(page, sharing.link(doc, site.url))) > 0
    assert page.inner_text("#ttp-title") == title and page.inner_text("#ttp-rules") == rules
    assert page.evaluate("window.pwned") is None
    assert page.locator("#ttp-title *, #ttp-rules *").count() == 0
    # HTML that reaches the page anyway (an SVG from the worker is drawn as markup) runs no script in it
    assert page.evaluate("""() => new Promise((done) => {
        document.getElementById('ttp-board').insertAdjacentHTML('beforeend',
            '<img id="bait" src="x:nothing" onerror="window.pwned = 4">');
        document.getElementById('bait').addEventListener('error', () => done(window.pwned ?? null));
    })""") is None
    hot_seat(page, 7)
    assert page.inner_text("#ttp-dealt") == "This is game number 7."
    page.click(f"{BOARD} .ttn-new")  # the board's own New game: a fresh game, whose number is shown when it ends
    page.wait_for_function("() => document.getElementById('ttp-dealt').textContent === "
                           "'A new game: its game number is shown when it ends.'")
    assert not errors, errors
    page.context.close()


def test_bad_links_each_get_one_sentence_in_place_of_the_board(chromium, site):
    page, refused, errors = new_page(chromium, site.url)
    doc = sharing.document(CHASE)
    good = sharing.link(doc, site.url)
    newer = sharing.link(sharing.seal({**doc, "format": sharing.FORMAT + 1, "kit": "9.9"}), site.url)
    changed = sharing.link({**doc, "title": "Chase, changed"}, site.url)
    broken = sharing.link(sharing.seal({**doc, "source": "raise ValueError('my hook is broken')"}), site.url)
    for link, words in [(good[: len(good) - 40], "cut short"), (changed, "changed after it was shared"),
                        (newer, "newer tictac_nb"), (f"{site.url}/play/shared.html#", "holds no game"),
                        (broken, "ValueError: my hook is broken"), (good + "%3Cb%3E", "characters")]:
        page.goto("about:blank")
        assert opened(page, link) == "stopped"
        assert words in page.inner_text("#ttp-status")
        assert page.locator("#ttp-play").is_hidden() and page.locator("#ttp-progress").count() == 0
    assert not refused and not errors, (refused, errors)
    page.context.close()


@pytest.mark.parametrize("kind", ["grid", "cards"])
def test_the_shared_page_reads_at_400_px_with_no_accessibility_violation(chromium, site, kind):
    """A card's targets show words (its title and text): their names must say them too (label in name)."""
    from a11y import axe_violations

    page, refused, errors = new_page(chromium, site.url, width=400, bypass_csp=True)
    assert opened(page, sharing.share(GAMES[kind], site=site.url)) != "stopped", page.inner_text("#ttp-status")
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    hot_seat(page, 1)
    page.wait_for_selector(f"{BOARD} [data-target]")
    assert axe_violations(page, "body") == []
    page.screenshot(path=str(SHOTS / f"shared-{kind}-400.png"), full_page=True)
    assert not refused and not errors, (refused, errors)
    page.context.close()


def test_a_file_cut_short_or_altered_gets_one_sentence(chromium, shared_files, tmp_path):
    text = Path(shared_files["grid"]).read_text(encoding="utf-8")
    cut, altered = tmp_path / "cut.html", tmp_path / "altered.html"
    cut.write_text(text[: len(text) * 2 // 3], encoding="utf-8")
    payload = sharing.file_payload(text)
    changed = sharing.payload({**sharing.read_payload(payload), "title": "Chase, changed"})
    altered.write_text(text.replace(payload, changed), encoding="utf-8")
    page, refused, errors = new_page(chromium, None)
    for path, words in [(cut, "This file is cut short or damaged"), (altered, "changed after it was shared")]:
        page.goto("about:blank")
        assert opened(page, path.as_uri()) == "stopped"
        assert words in page.inner_text("#ttp-status")
        assert page.locator("#ttp-play").is_hidden()
    assert not refused and not errors, (refused, errors)
    page.context.close()

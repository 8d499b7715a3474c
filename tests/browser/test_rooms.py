"""Rooms across devices in a real browser: four Chromium contexts (four students' browsers), one per seat,
play a room's game on the kit's own board.js over WebSockets. Each page shows exactly its seat's view of
the game the server holds; one page is closed and reopened mid-game and plays on; the server is
restarted mid-game and every page reconnects by itself and carries on."""

from __future__ import annotations

import random
import time
import xml.etree.ElementTree as ET

import pytest
from browser_support import free_port, only_localhost

from tictac_nb.rooms.store import Store

GAMES = [("tic-tac-ko", {"players": 4, "grid": "standard"}, 48), ("tic-tac-ko", {"players": 4, "grid": "advanced"}, 48),
         ("tic-toc", {"players": 3}, 72)]
ROOT = ".ttn-root"


def svg_text(svg: str) -> str:
    """The words an SVG holds (titles, descriptions, labels, card text): what a reader of the page learns."""
    root = ET.fromstring(svg)
    labels = [el.get("aria-label") or "" for el in root.iter()]
    return " ".join([*"".join(root.itertext()).split(), *labels])


class Seat:
    """One seat's page in a browser context of its own."""

    def __init__(self, context, link: str, origin: str) -> None:
        self.context, self.link = context, link
        self.refused = only_localhost(context, origin)
        self.problems: list[str] = []
        self.page = None
        self.seconds = self.open()

    def open(self) -> float:
        """Open the seat's link; seconds until its board shows the game (targets, if it is to move)."""
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.on("console", lambda m: self.problems.append(m.text) if m.type == "error" else None)
        start = time.monotonic()
        self.page.goto(self.link)
        self.page.wait_for_selector(f"{ROOT} .ttn-svg svg")
        self.page.wait_for_function("() => document.querySelector('.ttn-status').textContent.length > 0")
        return time.monotonic() - start

    def played(self) -> int:
        return int(self.page.locator(ROOT).get_attribute("data-played") or -1)

    def shows(self) -> tuple[str, int]:
        """The SVG the page shows (its words) and the width it has."""
        return self.page.evaluate("""() => {
            const root = document.querySelector('.ttn-root');
            return [root.querySelector('.ttn-svg').innerHTML, Math.round(root.getBoundingClientRect().width)];
        }""")

    def click(self, rng: random.Random) -> None:
        """Click one of the board's targets at random and wait for the answer (a new position or choice)."""
        root = self.page.locator(ROOT)
        turn = root.get_attribute("data-turn")
        targets = self.page.evaluate("() => [...document.querySelectorAll('.ttn-svg [data-target]')]"
                                     ".map((e) => e.dataset.target)")
        assert targets, "the seat to move has nothing to click"
        name = rng.choice(targets)
        self.page.locator(f'.ttn-svg [data-target="{name}"]').first.click()
        self.page.wait_for_function("(turn) => { const r = document.querySelector('.ttn-root');"
                                    " return r.dataset.turn !== turn && !('queued' in r.dataset) }", arg=turn)


def current(data) -> object:
    return next(Store(data).unfinished()).state


def settled(data) -> object:
    """The stored game once the room has passed for any seat that can only pass (auto-pass is on)."""
    for _ in range(100):
        state = current(data)
        if state.outcome is not None or tuple(state.legal_actions()) != ("pass",):
            return state
        time.sleep(0.1)
    raise AssertionError("the room did not pass for a seat that could only pass")


def check_views(seats: list[Seat], data) -> None:
    """Every page shows its own seat's view of the stored game (at its width); no two hands alike."""
    state = settled(data)
    for index, seat in enumerate(seats):
        seat.page.wait_for_function("(n) => Number(document.querySelector('.ttn-root').dataset.played) === n",
                                    arg=len(state.history))
        if seat.page.locator(".ttn-cancel").is_visible():
            continue  # a first step is open on the mover's page
        for _ in range(20):  # a page whose width just changed (a scrollbar came) gets its new drawing shortly
            svg, width = seat.shows()
            if svg_text(svg) == svg_text(state.render_svg(index, None, width)):
                break
            seat.page.wait_for_timeout(150)
        else:
            raise AssertionError(f"seat {index} shows another view than its own")


def play(seats: list[Seat], data, actions: int, rng: random.Random) -> None:
    """Click targets on the page of the seat to move until `actions` more actions are played."""
    goal = len(current(data).history) + actions
    while True:
        state = settled(data)
        if len(state.history) >= goal or state.outcome is not None:
            return
        mover = seats[state.to_move]
        mover.page.wait_for_function("(n) => Number(document.querySelector('.ttn-root').dataset.played) === n",
                                     arg=len(state.history))
        mover.click(rng)
        if len(current(data).history) > len(state.history) and rng.random() < 0.3:
            check_views(seats, data)


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
@pytest.mark.parametrize(("name", "options", "actions"), GAMES, ids=["ko-standard", "ko-advanced", "tic-toc-3"])
def test_a_class_plays_a_room_each_at_their_own_browser(tmp_path, name, options, actions, room_server, browser):
    port = free_port()
    server = room_server(port)
    rng = random.Random(f"{name}{options}")
    room_id = server.api("POST", body={"game": name, "options": options})["id"]
    [room] = server.api()["rooms"]
    links = [f"{server.url}/seat/{room_id}#{seat['token']}" for seat in room["seats"]]
    seats = [Seat(browser.new_context(viewport={"width": 900 - 120 * i, "height": 900}), link, server.url)
             for i, link in enumerate(links)]
    print(f"\n{name} {options}: seconds from a link to a playable board: "
          + ", ".join(f"{seat.seconds:.2f}" for seat in seats))
    check_views(seats, tmp_path)
    hands = {svg_text(seat.shows()[0]) for seat in seats}
    assert len(hands) == len(seats), "two seats see the same board: a hand is not their own"
    play(seats, tmp_path, actions // 3, rng)
    check_views(seats, tmp_path)

    seats[1].page.close()  # a laptop closed mid-game, then the link opened again
    reopened = seats[1].open()
    check_views(seats, tmp_path)
    play(seats, tmp_path, actions // 3, rng)

    server.stop()  # the server restarted mid-game: every page reconnects by itself
    stopped = time.monotonic()
    server = room_server(port)
    for seat in seats:
        seat.page.wait_for_function("() => document.body.dataset.connection === 'open'", timeout=30_000)
    back = time.monotonic() - stopped
    check_views(seats, tmp_path)
    play(seats, tmp_path, actions - 2 * (actions // 3), rng)
    check_views(seats, tmp_path)
    state = current(tmp_path)
    print(f"{len(state.history)} actions played; reopened page playable in {reopened:.2f} s; every page "
          f"back {back:.1f} s after the server stopped")
    assert len(state.history) >= actions or state.outcome is not None
    for seat in seats:
        assert not seat.refused and not [p for p in seat.problems if "WebSocket" not in p], seat.problems


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_the_lobby_opens_a_room_and_hands_out_its_links(tmp_path, room_server, browser):
    server = room_server()
    page = browser.new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{server.url}/lobby#not-the-token")
    page.wait_for_function("() => /teacher/.test(document.getElementById('connection').textContent)")
    page.goto(f"{server.url}/lobby#{server.teacher}")
    page.reload()  # a new fragment alone does not reload the page
    page.select_option("#game", "tic-tac-ko")
    page.select_option('[data-option="grid"]', label="advanced, 4 by 4")
    page.select_option('select[data-seat="3"]', "default")
    help_lines = page.eval_on_selector_all("#open .help", "(hs) => hs.map((h) => h.textContent)")
    assert any("gives away" in line for line in help_lines), help_lines  # skip unable, in words
    assert not any(code in " ".join(help_lines) for code in ("None", "False", "True", "action cap"))
    page.click("#open button[type=submit]")
    page.wait_for_selector(".room")
    [room] = server.api()["rooms"]
    assert room["game"] == "tic-tac-ko" and room["seats"][3]["bot"] == "default"
    shown = ".room .controls:not([hidden]) .link, .room .watch .link"
    links = page.eval_on_selector_all(shown, "(as) => as.map((a) => a.href)")
    assert links == [f"{server.url}/seat/{room['id']}#{seat['token']}" for seat in room["seats"][:3]] \
        + [f"{server.url}/watch/{room['id']}#{room['watch']}"]
    assert "the game's bot" in page.locator(".room").text_content()
    page.locator(".room button", has_text="QR code").first.click()
    page.wait_for_selector(".qr svg")  # and it stays open while the lobby goes on changing
    student = browser.new_context().new_page()
    student.goto(links[0])
    student.wait_for_selector(".ttn-root .ttn-svg svg")
    page.wait_for_function("() => /: connected/.test(document.querySelector('.room').textContent)")
    state = current(tmp_path)
    if state.to_move == 0:
        target = student.evaluate("() => document.querySelector('.ttn-svg [data-target]').dataset.target")
        student.locator(f'.ttn-svg [data-target="{target}"]').first.click()
        page.wait_for_function("() => !/ 0 actions/.test(document.querySelector('.room .state').textContent)")
    assert page.locator(".qr svg").count() == 1


def turns_of(record: dict) -> int:
    """How many turns a K.O. record holds: the times the turn (its start, action or more phase) changed hands."""
    from tictac_nb import from_record

    replay = from_record({**record, "moves": []})
    turns, owner = 0, None
    for action in [*record["moves"], None]:
        if replay.outcome is None and replay.phase() in ("start", "action", "more") and replay.to_move != owner:
            turns, owner = turns + 1, replay.to_move
        if action is not None:
            replay.play(action)
    return turns


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_a_ko_room_with_auto_pass_asks_its_players_only_real_choices(tmp_path, room_server, browser):
    """Four browsers in a K.O. room (auto-pass on, the default): whenever the seat to move can only pass,
    nobody clicks and the room passes for it; every click is a real choice. Prints clicks a player makes a
    round, beside what they would make if every pass-only window waited for a click (auto-pass off)."""
    port = free_port()
    server = room_server(port)
    rng = random.Random(31)
    clicks = forced = 0
    room_id = server.api("POST", body={"game": "tic-tac-ko", "options": {"players": 4}})["id"]
    [room] = server.api()["rooms"]
    assert room["auto_pass"]
    seats = [Seat(browser.new_context(viewport={"width": 800, "height": 900}),
                  f"{server.url}/seat/{room_id}#{seat['token']}", server.url) for seat in room["seats"]]
    while True:
        state = current(tmp_path)
        if len(state.history) >= 60 or state.outcome is not None:
            break
        played = len(state.history)
        if tuple(state.legal_actions()) == ("pass",):
            forced += 1  # nobody clicks: the room passes
            seats[state.to_move].page.wait_for_function(
                "(n) => Number(document.querySelector('.ttn-root').dataset.played) > n", arg=played)
            assert current(tmp_path).history[played] == "pass"
            continue
        mover = seats[state.to_move]
        mover.page.wait_for_function("(n) => Number(document.querySelector('.ttn-root').dataset.played) === n",
                                     arg=played)
        mover.click(rng)
        clicks += 1
    for seat in seats:
        assert not seat.refused and not seat.problems, seat.problems
    turns = turns_of(current(tmp_path).record())
    print(f"\nK.O., 4 players, {len(current(tmp_path).history)} actions over {turns} turns: {clicks / turns:.1f} "
          f"clicks a player a round with auto-pass (every one a real choice), {(clicks + forced) / turns:.1f} "
          f"without ({forced} pass-only windows the room answered)")
    assert forced > 0 and clicks > 0


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
@pytest.mark.parametrize(("name", "options"), [("tic-tac-ko", {"players": 4}), ("tic-toc", {"players": 3}),
                                               ("tic-tac-trek", {})], ids=["ko-4", "tic-toc-3", "trek"])
def test_the_projector_view_scales_its_text_to_24_px_at_1920_wide_or_fills_the_screen(
        tmp_path, name, options, room_server, browser):
    """The projector's board fills the screen with its status line in view (never a scroll); at 1920 x 1080 its
    smallest text reads at 24 px where the drawing's shape allows, and else it fills the screen's height."""
    server = room_server()
    room_id = server.api("POST", body={"game": name, "options": options})["id"]
    [room] = server.api()["rooms"]
    sizes, filled = {}, {}
    for width, height in ((1920, 1080), (1280, 720)):
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(f"{server.url}/watch/{room_id}#{room['watch']}")
        page.wait_for_selector(f"{ROOT} .ttn-svg svg")
        page.wait_for_function("() => document.querySelector('.ttn-svg svg').style.width !== ''")
        smallest, shown, status = page.evaluate("""() => {
            const svg = document.querySelector('.ttn-svg svg');
            const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            const fonts = [...svg.querySelectorAll('text[font-size], [font-size]')]
                .filter((n) => n.getClientRects().length)
                .map((n) => parseFloat(n.getAttribute('font-size')) * scale);
            return [Math.min(...fonts), svg.getBoundingClientRect().right,
                    document.querySelector('.ttn-live').getBoundingClientRect().bottom];
        }""")
        assert shown <= width, "the board runs off the screen"
        assert status <= height, "the status line is below the fold"
        sizes[width] = smallest
        filled[width] = status >= height - 24
        page.close()
    print(f"\n{name}: smallest text on the projector {sizes[1920]:.1f} px at 1920 wide, "
          f"{sizes[1280]:.1f} px at 1280")
    assert sizes[1920] >= 24 or (filled[1920] and sizes[1920] >= 18)

"""The rooms' screens in a real browser, as a class meets them: every game at every seat count fits a
1920 x 1080 screen on the projector and on a player's page (board, status line and buttons with no scrolling);
a spectator gets no buttons that do nothing; a room the teacher ended is a board to look at on every page; and
a seat's new link reaches the open QR code and works when pasted into the tab that held the old one."""

from __future__ import annotations

import re

import pytest
from rooms.wire import RoomServer

from tictac_nb.core.registry import GAMES, is_builtin
from tictac_nb.rooms.server import qr_svg
from tictac_nb.rooms.store import Store

SCREEN = {"width": 1920, "height": 1080}
PLAYER_TEXT = 7  # px: a seat's board shrinks to fit the screen down to where its smallest text reads at this
PROJECTOR_TEXT = 14  # px: the smallest text of any game's onlooker board on a 1920 x 1080 projector
SEATINGS = [(name, {"players": players} if len(game.players) > 1 else {})
            for name, game in GAMES.items() if is_builtin(game) for players in game.players]
"""Every game of the kit (the room server knows those) at every seat count it allows."""
GEOMETRY = """() => {
    const box = (selector) => {
        const node = document.querySelector(selector);
        const r = node.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, right: r.right, width: r.width, shown: r.height > 0 };
    };
    const svg = document.querySelector('.ttn-svg svg');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const fonts = [...svg.querySelectorAll('[font-size]')].filter((n) => n.getClientRects().length)
        .map((n) => parseFloat(n.getAttribute('font-size')) * scale);
    return { board: box('.ttn-svg svg'), status: box('.ttn-live'), tools: box('.ttn-tools'), root: box('.ttn-root'),
             text: Math.min(...fonts), height: innerHeight, width: innerWidth, scrolled: scrollY };
}"""


def open_room(server: RoomServer, name: str, options: dict, bots: dict | None = None) -> dict:
    """A new room on `server`, as the lobby lists it (its id, seat tokens and spectator token)."""
    room_id = server.api("POST", body={"game": name, "options": options, "bots": bots or {}})["id"]
    return next(room for room in server.api()["rooms"] if room["id"] == room_id)


def seat_link(server: RoomServer, room: dict, seat: int) -> str:
    return f"{server.url}/seat/{room['id']}#{room['seats'][seat]['token']}"


def watch_link(server: RoomServer, room: dict) -> str:
    return f"{server.url}/watch/{room['id']}#{room['watch']}"


def open_page(browser, link: str, viewport: dict = SCREEN):
    page = browser.new_page(viewport=viewport)
    page.set_default_timeout(30_000)
    page.goto(link)
    page.wait_for_selector(".ttn-root .ttn-svg svg")
    page.wait_for_function("() => document.querySelector('.ttn-status').textContent.length > 0")
    return page


def drawn_width(svg: str) -> float:
    return float(re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ', svg).group(1))


def settled(page, data, viewer: int | None):
    """The page once it shows the board drawn for its width (a seat's; an onlooker's is drawn for none) and
    fitted to its screen; the board's, status line's and buttons' boxes, and the smallest text in px."""
    width = None
    if viewer is not None:
        width = page.evaluate("() => Math.round(document.querySelector('.ttn-root').getBoundingClientRect().width)")
    state = next(Store(data).unfinished()).state
    page.wait_for_function("(w) => { const svg = document.querySelector('.ttn-svg svg');"
                           " return svg.viewBox.baseVal.width === w && svg.style.width !== '' }",
                           arg=drawn_width(state.render_svg(viewer, None, width)))
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return page.evaluate(GEOMETRY)


def below_the_fold(shown: dict, parts: tuple[str, ...]) -> list[str]:
    return [f"{part} ends at {shown[part]['bottom']:.0f} px" for part in parts
            if shown[part]["shown"] and shown[part]["bottom"] > shown["height"] + 0.5]


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
@pytest.mark.parametrize(("name", "options"), SEATINGS,
                         ids=[f"{name}-{options.get('players', 2)}" for name, options in SEATINGS])
def test_every_game_fits_a_1920_by_1080_screen_on_the_projector_and_a_players_page(
        tmp_path, name, options, room_server, browser):
    server = room_server()
    room = open_room(server, name, options)
    watch = settled(open_page(browser, watch_link(server, room)), tmp_path, None)
    seat = settled(open_page(browser, seat_link(server, room, 0)), tmp_path, 0)
    print(f"\n{name} {options}: projector board {watch['board']['width']:.0f} x "
          f"{watch['board']['bottom'] - watch['board']['top']:.0f} px, smallest text {watch['text']:.1f} px; "
          f"a player's board ends at {seat['board']['bottom']:.0f} px, buttons at {seat['tools']['bottom']:.0f} px,"
          f" smallest text {seat['text']:.1f} px")
    for shown, parts in ((watch, ("board", "status")), (seat, ("board", "status", "tools"))):
        assert not below_the_fold(shown, parts), below_the_fold(shown, parts)
    assert watch["status"]["shown"] and seat["status"]["shown"] and seat["tools"]["shown"]
    assert watch["scrolled"] == seat["scrolled"] == 0
    assert watch["board"]["right"] <= watch["width"]
    room_left = watch["height"] - watch["status"]["bottom"]
    fills = room_left < 24 or watch["board"]["width"] >= watch["root"]["width"] - 1
    assert fills, "the projector's board could grow: it neither fills the screen's height nor its width"
    assert watch["text"] >= PROJECTOR_TEXT and seat["text"] >= PLAYER_TEXT - 0.05


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_a_spectator_gets_no_undo_or_new_game_button(tmp_path, room_server, browser):
    server = room_server()
    room = open_room(server, "tic-tac-ko", {"players": 2}, bots={"1": "default"})
    player = open_page(browser, seat_link(server, room, 0))
    projector = open_page(browser, watch_link(server, room))
    viewer = open_page(browser, watch_link(server, room), {"width": 400, "height": 800})
    assert player.locator(".ttn-new").is_visible() and player.locator(".ttn-new").is_enabled()
    for page in (projector, viewer):
        assert page.locator(".ttn-root").is_visible()
        assert not page.locator(".ttn-undo").is_visible() and not page.locator(".ttn-new").is_visible()
        assert page.locator(".ttn-tools button:visible").count() == 0


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_ending_the_room_turns_every_open_page_into_a_board_to_look_at(tmp_path, room_server, browser):
    server = room_server()
    room = open_room(server, "tyc", {})
    seats = [open_page(browser, seat_link(server, room, seat)) for seat in (0, 1)]
    projector = open_page(browser, watch_link(server, room))
    mover = next(Store(tmp_path).unfinished()).state.to_move
    seats[mover].wait_for_selector(".ttn-svg [data-target]")
    assert all(page.locator(".ttn-new").is_enabled() for page in seats)
    lobby = browser.new_page()
    lobby.set_default_timeout(30_000)
    lobby.goto(f"{server.url}/lobby#{server.teacher}")
    lobby.locator(".room button", has_text="end the room").click()
    for page in (*seats, projector):
        page.wait_for_function("() => /teacher has ended this room/.test("
                               "document.querySelector('.ttn-status').textContent)")
        assert page.locator(".ttn-svg [data-target]").count() == 0, "an ended room's board still takes clicks"
        assert not page.locator(".ttn-cancel").is_visible() and not page.locator(".ttn-message").text_content()
    for page in seats:
        assert page.locator(".ttn-new").is_disabled() and page.locator(".ttn-undo").is_disabled()
    lobby.wait_for_function("() => /ended by the teacher/.test(document.querySelector('.room .state').textContent)")
    assert lobby.locator(".room .new-game").is_disabled() and lobby.locator(".room .end").is_disabled()
    assert next(Store(tmp_path).unfinished()).settings["ended"]


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_a_new_link_reaches_the_open_qr_code_and_plays_when_pasted_into_the_old_tab(tmp_path, room_server, browser):
    server = room_server()
    room = open_room(server, "tyc", {}, bots={"1": "default"})
    old_link = seat_link(server, room, 0)
    student = open_page(browser, old_link)
    student.evaluate("() => { window.sameDocument = true; }")
    lobby = browser.new_page()
    lobby.set_default_timeout(30_000)
    lobby.goto(f"{server.url}/lobby#{server.teacher}")
    seat = lobby.locator('.room [data-seat="0"]')
    seat.locator("button", has_text="QR code").click()
    seat.locator(".qr svg").wait_for()
    before = seat.locator(".qr").inner_html()
    seat.locator("button", has_text="new link").click()
    lobby.wait_for_function("(old) => document.querySelector('.room [data-seat=\"0\"] .qr').innerHTML !== old"
                            " && document.querySelector('.room [data-seat=\"0\"] .qr svg')", arg=before)
    new_link = seat_link(server, next(r for r in server.api()["rooms"] if r["id"] == room["id"]), 0)
    assert new_link != old_link and seat.locator(".link").get_attribute("href") == new_link
    expected = lobby.evaluate("(svg) => { const box = document.createElement('div'); box.innerHTML = svg;"
                              " return box.innerHTML }", qr_svg(new_link))
    assert seat.locator(".qr").inner_html() == expected, "the open QR code does not show the new link"

    student.wait_for_function("() => document.body.dataset.connection === 'refused'")
    student.evaluate("(link) => { location.href = link; }", new_link)  # pasted into the address bar
    student.wait_for_function("() => document.body.dataset.connection === 'open'")
    assert student.evaluate("() => window.sameDocument === true"), "the page was reloaded"
    target = student.locator(".ttn-svg [data-target]").first
    target.wait_for()
    turn = student.locator(".ttn-root").get_attribute("data-turn")
    target.click()
    student.wait_for_function("(turn) => { const r = document.querySelector('.ttn-root');"
                              " return r.dataset.turn !== turn && !('queued' in r.dataset) }", arg=turn)
    assert not student.locator(".ttn-message").text_content()

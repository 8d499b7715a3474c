"""A class period with no dead end, in a real browser: a seat the teacher locks, frees or gives a new link, and a
room the teacher removes, each leave the student's page saying what happened and what to do (a locked seat's page
comes back by itself once unlocked); a removed room's link opens a page that says so, never a bare 404; the
lobby says when it has lost the server (and comes back with it), asks before it removes a room, and shows a
player's request for a new game, which the other seats see too. Every page is checked at 1920 and 400 px wide."""

from __future__ import annotations

import random

import pytest
from browser_support import free_port

from tictac_nb.core.words import DEAD_ENDS

WIDTHS = (1920, 400)
PANEL = ".dead-end:not([hidden])"


def fits(page) -> None:
    """The page reads at its width: nothing runs off to the side."""
    width = page.viewport_size["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width, f"the page overflows {width} px"


def seat_page(browser, link: str, width: int):
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.set_default_timeout(30_000)
    page.goto(link)
    page.wait_for_function("() => document.body.dataset.connection === 'open'")
    page.wait_for_selector(".ttn-root .ttn-svg svg")
    return page


def panel_says(page, words: str) -> None:
    """The page stopped (or waits) with a panel that says `words`, and no board beside it."""
    page.wait_for_selector(PANEL)
    assert page.locator(PANEL).inner_text().startswith(words)
    assert not page.locator("#board").is_visible()
    fits(page)


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_a_locked_seat_says_so_and_comes_back_by_itself_once_unlocked(tmp_path, room_server, browser):
    server = room_server()
    room_id = server.api("POST", body={"game": "tic-toc", "options": {"players": 3}})["id"]
    [room] = server.api()["rooms"]
    pages = [seat_page(browser, f"{server.url}/seat/{room_id}#{room['seats'][0]['token']}", width)
             for width in WIDTHS]  # the second screen takes the seat over: it is the one locked
    panel_says(pages[0], DEAD_ENDS["taken"])
    assert pages[0].get_by_role("button", name="Reload this page").is_visible()
    server.api("POST", "/api/room", {"room": room_id, "do": "lock", "seat": 0})
    panel_says(pages[1], DEAD_ENDS["locked"])
    pages[1].screenshot(path=str(tmp_path / "locked-400.png"))
    server.api("POST", "/api/room", {"room": room_id, "do": "unlock", "seat": 0})
    pages[1].wait_for_function("() => document.body.dataset.connection === 'open'")
    pages[1].wait_for_selector(".ttn-root .ttn-svg svg")
    assert not pages[1].locator(PANEL).count() and pages[1].locator("#board").is_visible()


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_a_freed_reissued_or_removed_seat_says_what_to_do(tmp_path, room_server, browser):
    server = room_server()
    room_id = server.api("POST", body={"game": "tic-toc", "options": {"players": 3}})["id"]
    [room] = server.api()["rooms"]
    links = [f"{server.url}/seat/{room_id}#{seat['token']}" for seat in room["seats"]]
    for width in WIDTHS:
        freed, reissued, removed = (seat_page(browser, link, width) for link in links)
        server.api("POST", "/api/room", {"room": room_id, "do": "free", "seat": 0})
        panel_says(freed, DEAD_ENDS["freed"])
        freed.get_by_role("button", name="Reload this page").click()  # a freed seat's link opens it again
        freed.wait_for_function("() => document.body.dataset.connection === 'open'")
        token = server.api("POST", "/api/room", {"room": room_id, "do": "reissue", "seat": 1})["token"]
        panel_says(reissued, DEAD_ENDS["reissued"])
        assert not reissued.get_by_role("button", name="Reload this page").count()
        links[1] = f"{server.url}/seat/{room_id}#{token}"
        if width == WIDTHS[-1]:
            server.api("POST", "/api/room", {"room": room_id, "do": "remove"})
            panel_says(removed, DEAD_ENDS["removed"])
            removed.reload()  # the link of a removed room: a page that says so, in the rooms' look
            assert removed.locator(".dead-end").inner_text() == DEAD_ENDS["no_room"]
            assert "404" not in removed.locator("body").inner_text()
            assert removed.evaluate("() => getComputedStyle(document.querySelector('.dead-end'))"
                                    ".borderTopStyle") == "solid"  # rooms.css is there
            fits(removed)
        for page in (freed, reissued, removed):
            page.close()


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_the_lobby_says_when_the_server_is_lost_and_comes_back_with_it(tmp_path, room_server, browser):
    port = free_port()
    server = room_server(port)
    room_id = server.api("POST", body={"game": "tyc"})["id"]
    [room] = server.api()["rooms"]
    for width in WIDTHS:
        lobby = browser.new_page(viewport={"width": width, "height": 900})
        lobby.set_default_timeout(30_000)
        lobby.goto(f"{server.url}/lobby#{server.teacher}")
        student = seat_page(browser, f"{server.url}/seat/{room_id}#{room['seats'][0]['token']}", 800)
        lobby.wait_for_function("() => /: connected/.test(document.querySelector('.room').textContent)")
        server.stop()
        lobby.wait_for_function("() => document.body.dataset.connection === 'lost'")
        assert "Connection to the server lost" in lobby.locator("#connection").inner_text()
        whos = lobby.locator(".room .controls:not([hidden])").evaluate_all(
            "(cs) => cs.map((c) => c.parentElement.querySelector('.who').textContent.trim())")
        assert whos and all(who.startswith("last seen") for who in whos), whos
        fits(lobby)
        server = room_server(port)
        lobby.wait_for_function("() => document.body.dataset.connection === 'open'")
        student.wait_for_function("() => document.body.dataset.connection === 'open'")
        lobby.wait_for_function("() => /: connected/.test(document.querySelector('.room').textContent)")
        assert lobby.locator("#connection").inner_text() == ""
        lobby.close()
        student.close()


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_the_lobby_asks_before_it_removes_a_room_and_shows_new_game_requests(tmp_path, room_server, browser):
    server = room_server()
    room_id = server.api("POST", body={"game": "tic-toc", "options": {"players": 3}})["id"]
    [room] = server.api()["rooms"]
    lobby = browser.new_page(viewport={"width": WIDTHS[1], "height": 900})
    lobby.set_default_timeout(30_000)
    lobby.goto(f"{server.url}/lobby#{server.teacher}")
    lobby.wait_for_selector(".room")
    seats = [seat_page(browser, f"{server.url}/seat/{room_id}#{seat['token']}", width)
             for seat, width in zip(room["seats"][:2], WIDTHS, strict=True)]
    seats[0].locator(".ttn-new").click()
    asking = f"{room['seats'][0]['name']} asks for a new game"
    seats[0].wait_for_function("() => /you asked for a new game/.test(document.querySelector('.ttn-root')"
                               ".textContent)")
    seats[1].wait_for_function("(words) => document.querySelector('.ttn-status').textContent.includes(words)",
                               arg=asking)
    lobby.wait_for_function("(words) => document.querySelector('.room .state').textContent.includes(words)",
                            arg=asking)
    for page in (*seats, lobby):
        fits(page)

    lobby.get_by_role("button", name="remove").click()
    confirm = lobby.get_by_role("alertdialog")
    assert "for good" in confirm.inner_text()
    fits(lobby)
    confirm.get_by_role("button", name="keep the room").click()
    assert not lobby.get_by_role("alertdialog").count() and server.api()["rooms"]
    lobby.get_by_role("button", name="remove").click()
    lobby.get_by_role("alertdialog").get_by_role("button", name="Remove the room").click()
    lobby.wait_for_function("() => !document.querySelector('.room')")
    assert server.api()["rooms"] == []
    for seat in seats:
        panel_says(seat, DEAD_ENDS["removed"])


# ---- words on the room pages -------------------------------------------------------------------------------
STATUSES = """() => {  // every status the page shows, however briefly: a forced pass's lasts the room's pause
  window.statuses = [];
  const line = document.querySelector('.ttn-status');
  window.statuses.push(line.textContent);
  new MutationObserver(() => window.statuses.push(line.textContent))
    .observe(line, { childList: true, characterData: true, subtree: true });
}"""


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_each_seat_reads_another_seats_action_as_done_by_them_and_a_forced_pass_says_so(tmp_path, room_server, browser):
    from test_rooms import Seat

    server = room_server()
    toc = server.api("POST", body={"game": "tic-toc", "options": {"players": 3}})["id"]
    ko = server.api("POST", body={"game": "tic-tac-ko", "options": {"players": 2}})["id"]
    rooms = {room["id"]: room for room in server.api()["rooms"]}
    state = stored(tmp_path, toc)
    tokens = [rooms[toc]["seats"][seat]["token"] for seat in (state.to_move, (state.to_move + 1) % 3)]
    seats = [Seat(browser.new_context(viewport={"width": width, "height": 900}),
                  f"{server.url}/seat/{toc}#{token}", server.url)
             for token, width in zip(tokens, WIDTHS, strict=True)]
    mover, other = seats
    action = next(a for a in state.legal_actions() if state.describe(a).endswith("on your table"))
    card = state.describe(action).removeprefix("play ").removesuffix(" on your table")
    mover.page.locator(f'.ttn-svg [data-target="{action}"]').first.click()
    name = state.player_name(state.to_move)
    other.page.wait_for_function("(n) => document.querySelector('.ttn-root').dataset.played === n", arg="1")
    assert other.page.locator(".ttn-said").inner_text().strip() == f"{name} played {card} on their table."
    mover.page.wait_for_function("() => document.querySelector('.ttn-said').textContent.trim() !== ''")
    assert mover.page.locator(".ttn-said").inner_text().strip() == f"You played {card} on your table."
    for seat in seats:
        fits(seat.page)
        seat.context.close()

    players = [Seat(browser.new_context(viewport={"width": width, "height": 900}),
                    f"{server.url}/seat/{ko}#{seat['token']}", server.url)
               for seat, width in zip(rooms[ko]["seats"], WIDTHS, strict=True)]
    for player in players:
        player.page.evaluate(STATUSES)
    rng = random.Random(5)
    for _ in range(40):
        state = stored(tmp_path, ko)
        played = len(state.history)
        seat = players[state.to_move].page
        seat.wait_for_function("(n) => Number(document.querySelector('.ttn-root').dataset.played) >= n",
                               arg=played)
        if tuple(state.legal_actions()) == ("pass",):  # nobody clicks: the room passes, and says so first
            seat.wait_for_function("(n) => Number(document.querySelector('.ttn-root').dataset.played) > n",
                                   arg=played)
            said = seat.evaluate("() => window.statuses")
            assert f"{state.player_name(state.to_move)} is passing: no answer" in said, said
            assert not any("is passing" in s for s in players[1 - state.to_move].page.evaluate(
                "() => window.statuses")), "another seat is told who holds no answer"
            break
        players[state.to_move].click(rng)
    else:
        raise AssertionError("no forced pass in 40 actions of K.O.")
    lobby = browser.new_page(viewport={"width": WIDTHS[1], "height": 900})
    lobby.goto(f"{server.url}/lobby#{server.teacher}")
    lobby.wait_for_selector(".room")
    lobby.select_option("#game", "tyc")
    assert not lobby.locator("#auto-pass").count()  # Tyc has no answer window: no box to tick
    lobby.select_option("#game", "tic-tac-ko")
    assert "hold no answer" in lobby.locator("#room-settings").inner_text()
    assert lobby.locator(f'.room[data-room="{toc}"] .auto-pass').count() == 0
    assert lobby.locator(f'.room[data-room="{ko}"] .auto-pass').count() == 1


def stored(data, room_id: str):
    """The game a room holds now, as the server saved it."""
    from tictac_nb.rooms.store import Store

    return next(saved.state for saved in Store(data).rooms() if saved.id == room_id)

"""The arena's page in a real browser: a student's page shows the ladder's ranks and updates by itself as
matches are played, shows its author's prints and refused tries (never another's), takes a bot file
(`arena.save`) by its upload form and says a refusal's sentence, reads at 400 px; the teacher's form offers the
game's options and creates an assignment and its links; a bad link or a removed assignment shows its sentence,
never a bare error."""

from __future__ import annotations

import pytest
from rooms.arena_support import Skill, assignment_with_links

from tictac_nb.core.words import ARENA, DEAD_ENDS
from tictac_nb.rooms import submit as arena

SHOTS = "/tmp/arena-page-{}.png"


def fits(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width, f"the page overflows {width} px"


GAMES_SHOWN = ("[...document.querySelectorAll('#ladder tr[data-rank]')]"
               ".reduce((sum, row) => sum + Number(row.children[3].textContent), 0)")
"""The games of every row of the ladder, added up, as the page shows them (JavaScript)."""


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_the_ladder_page_shows_ranks_updates_after_a_match_and_shows_only_the_authors_prints(
        tmp_path, browser, room_server):
    server = room_server()  # one arena match at a time: the server's default
    assignment, links = assignment_with_links(server, 3)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(120_000)
    page.goto(links[0])
    page.wait_for_selector("text=No bot submitted yet.")
    assert page.locator("#ladder tr[data-rank]").count() == 0
    for i, p_skill in enumerate((1.0, 0.0, 0.5)):
        arena.submit(Skill(p_skill, f"secret-of-{i}"), name=f"student {i}", link=links[i])
    page.wait_for_function("() => document.querySelectorAll('#ladder tr[data-rank]').length === 3")
    first = page.evaluate(f"() => {GAMES_SHOWN}")
    page.wait_for_function(f"() => {GAMES_SHOWN} > {first}")
    ranks = page.locator("#ladder tr[data-rank] td:first-child").all_inner_texts()
    assert ranks == ["1", "2", "3"]
    page.wait_for_selector("#prints pre")
    prints = page.locator("#prints").inner_text()
    assert "secret-of-0" in prints and "secret-of-1" not in prints and "secret-of-2" not in prints
    assert "version 1" in page.locator("#versions").inner_text()
    assert page.locator("#matches a").first.get_attribute("href").startswith(f"{assignment}/replay/")
    arena.save(Skill(1.0, "secret-of-0"), tmp_path / "my_bot.json")
    page.set_input_files("#upload input[type=file]", str(tmp_path / "my_bot.json"))
    page.click("#upload button[type=submit]")
    page.wait_for_selector("#said:has-text('Version 2 plays from now on.')")
    page.wait_for_selector("#versions li:has-text('version 2')")
    (tmp_path / "not_a_bot.json").write_text("{}")
    page.set_input_files("#upload input[type=file]", str(tmp_path / "not_a_bot.json"))
    page.click("#upload button[type=submit]")
    page.wait_for_selector(f"#said:has-text('{ARENA['bad_body'][:40]}')")
    page.wait_for_selector(f"#refused li:has-text('{ARENA['bad_body'][:40]}')")
    page.screenshot(path=SHOTS.format("student"), full_page=True)
    page.set_viewport_size({"width": 400, "height": 900})
    fits(page)
    page.screenshot(path=SHOTS.format("student-400"), full_page=True)

    teacher = browser.new_page(viewport={"width": 1280, "height": 900})
    teacher.goto(f"{server.url}/arena/{assignment}#{server.teacher}")
    teacher.wait_for_selector("#links li")
    assert teacher.locator("#links li").count() == 3 and teacher.locator("#you").is_hidden()
    teacher.screenshot(path=SHOTS.format("teacher"), full_page=True)

    bad = browser.new_page(viewport={"width": 400, "height": 700})
    bad.goto(f"{server.url}/arena/{assignment}#not-a-link")
    bad.wait_for_selector(".dead-end")
    assert bad.locator(".dead-end").inner_text().strip() == DEAD_ENDS["no_entry"]
    assert "secret-of" not in bad.content()
    fits(bad)
    bad.screenshot(path=SHOTS.format("bad-link"), full_page=True)
    bad.goto(f"{server.url}/arena/NoSuchAssignment#whatever")
    assert bad.locator(".dead-end").inner_text().strip() == DEAD_ENDS["no_assignment"]


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_the_teachers_form_offers_the_games_options_and_the_ladder_plays_them(browser, room_server):
    """The create form shows the chosen game's options as the lobby does (from the same description): a
    3-player TIC TOC assignment made there plays its matches three bots at a time."""
    server = room_server()
    teacher = browser.new_page(viewport={"width": 1280, "height": 900})
    teacher.set_default_timeout(120_000)
    teacher.goto(f"{server.url}/arena#{server.teacher}")
    teacher.wait_for_selector("#create [data-option]")
    teacher.select_option("#create select[name=game]", "tic-tac-ko")
    teacher.wait_for_selector('#create [data-option="grid"]')
    teacher.select_option("#create select[name=game]", "tic-toc")
    assert teacher.locator('#create [data-option="grid"]').count() == 0
    teacher.select_option('#create [data-option="players"]', label="3")
    assert "2, 3 or 4 players" in teacher.locator("#create .help").first.inner_text()
    teacher.fill("#create input[name=title]", "Week 3: TIC TOC")
    teacher.click("#create button[type=submit]")
    teacher.wait_for_selector("#title:has-text('Arena: Week 3: TIC TOC')")
    assert teacher.locator("#rules").inner_text() == "Game: TIC TOC; Players: 3"
    teacher.click("#more-links")
    teacher.wait_for_function("() => document.querySelectorAll('#links li').length === 5")
    links = teacher.locator("#links code").all_inner_texts()[:3]
    [made] = server.api("GET", "/api/arena")["assignments"]
    assert made["game"] == "tic-toc" and made["options"]["players"] == 3
    for i, link in enumerate(links):
        arena.submit(Skill(0.0, f"secret-of-{i}"), name=f"student {i}", link=link)
    teacher.wait_for_selector("#matches li")
    games = teacher.locator("#matches li").all_inner_texts()
    assert all(game.split(":")[0].count(" vs ") == 2 for game in games), games
    teacher.screenshot(path=SHOTS.format("teacher-tic-toc"), full_page=True)
    teacher.goto(f"{server.url}/arena#{server.teacher}")
    teacher.wait_for_selector("#teacher li a:has-text('Players: 3')")
    teacher.set_viewport_size({"width": 400, "height": 900})
    fits(teacher)
    teacher.screenshot(path=SHOTS.format("create-400"), full_page=True)

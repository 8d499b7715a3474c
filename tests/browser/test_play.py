"""Voila play pages (`make play`, notebooks/play/): each shows a title, a line on the game, the board and
its controls, no code and no printed output, plays in a real browser, and logs no front-end errors.

`PlayPage` itself is tested here too, without a browser: its controls come from the protocol alone.
"""

from __future__ import annotations

import time

import pytest
from browser_support import (
    NOTEBOOKS,
    TWO_STEP,
    a_first_step,
    first_live_board,
    play_a_first_step,
    play_an_action,
    played,
    shown_twice,
    wait_until_human,
    with_notebook,
)
from replies import time_replies

import tictac_nb
from tictac_nb.core.engine import Choice, WholeNumber, boolean
from tictac_nb.notebook.play import HUMAN, PlayPage

# what the issue saw when front-end packages did not fit together
MISMATCH = ("Unsatisfied version", "No satisfying version", "failed to activate", "Failed to create module",
            "does not satisfy the requirement")


GAME_NUMBER = 2024


def deal_by_number(page, board, number: int):
    """Deal game `number` with the page's rules and seats, as a player who types it; the new board."""
    page.get_by_label("Game number").fill(str(number))
    page.locator("button", has_text="Play with these rules").click()
    page.wait_for_function("(n) => document.body.innerText.includes(`This is game number ${n}.`)", arg=number)
    board = first_live_board(page)
    wait_until_human(page, board)
    return board


def open_play_page(page, server, name: str) -> tuple:
    """Open the play page of `name` with only localhost reachable; returns the board, the seconds to a
    playable board, and the list of console problems (errors, mismatched packages)."""
    problems: list[str] = []

    def listen(message) -> None:
        text = message.text
        outside = not message.location.get("url", "").startswith(server.url)
        if (message.type == "error" and not outside) or any(m in text for m in MISMATCH):
            problems.append(f"{message.type}: {text[:300]}")

    page.on("console", listen)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(server.url)
               else route.abort("internetdisconnected"))
    opened = time.monotonic()
    page.goto(f"{server.url}/voila/render/{name}.ipynb")
    board = first_live_board(page)
    wait_until_human(page, board)
    return board, time.monotonic() - opened, problems


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
@pytest.mark.parametrize("name", with_notebook(NOTEBOOKS / "play"))
def test_every_play_page_plays_in_voila(page, play_server, name):
    assert (NOTEBOOKS / "play" / f"{name}.ipynb").is_file()
    board, seconds, problems = open_play_page(page, play_server, name)
    print(f"\nVoila play page {name}: playable {seconds:.1f} s after the page opened")
    game = tictac_nb.GAMES[name]
    assert page.locator("h1.ttn-play-title").inner_text() == game.title
    assert shown_twice(board, game.title) == []
    assert page.locator(".ttn-play-line").inner_text()
    assert page.locator(".jp-InputArea, .jp-CodeMirrorEditor").count() == 0, "the page shows code"
    printed = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stdout'],"
                           ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert printed.count() == 0, "the page prints output"
    number, step = a_first_step(name, GAME_NUMBER) if name in TWO_STEP else (GAME_NUMBER, None)
    board = deal_by_number(page, board, number)  # a page deals a fresh game: play a known one
    start = played(board)
    if step:
        play_a_first_step(page, board, step)
    else:
        play_an_action(page, board, two_step=False)
    assert played(board) > start and board.locator(".ttn-message").inner_text() == ""
    print(time_replies(page, board, replies=3).line(f"Voila play page {name}"))
    assert not problems, "\n".join(problems)


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_options_and_seats_make_a_new_game(page, play_server):
    board, _, problems = open_play_page(page, play_server, "tic-toc")
    page.locator("select").first.select_option(label="3")  # players
    page.wait_for_function("() => document.querySelectorAll('.widget-dropdown select').length === 3 + 2")
    seats = page.locator(".widget-dropdown select").nth(3)  # players, first player, then seat menus
    seats.select_option(label=HUMAN)
    # a human starts (no cover to pass the screen), chosen after a seat: the seat keeps its choice
    page.locator(".widget-dropdown select").nth(1).select_option(label="Player 1")
    page.wait_for_timeout(300)
    assert seats.input_value() == HUMAN, "an option change undid a seat's choice"
    page.locator("button", has_text="Play with these rules").click()
    page.wait_for_function("() => /Player 3/.test(document.querySelector('.ttn-svg svg')?.getAttribute('aria-label') "
                           "+ document.querySelector('.ttn-root')?.innerText)")
    board = first_live_board(page)
    start = played(board)
    play_an_action(page, board, two_step=False)
    assert played(board) > start
    assert not problems, "\n".join(problems)


# ---- PlayPage without a browser -------------------------------------------------------------------
@pytest.mark.parametrize("name", list(tictac_nb.GAMES))
def test_every_option_with_known_values_gets_a_control(name):
    game = tictac_nb.GAMES[name]
    page = PlayPage(name, seed=1)
    for key, option in game.options.items():
        offered = isinstance(option.check, Choice) or option.check is boolean or (
            isinstance(option.check, WholeNumber) and (option.check.high - option.check.low < 12
                                                      or option.default is not None))
        assert (key in page.options) == offered, key
    for key, control in page.options.items():
        assert control.value == game.options[key].default and getattr(control, "index", 0) is not None, key
    assert [m.value for m in page.seats.children][0] == HUMAN
    assert all(m.value != HUMAN for m in page.seats.children[1:])
    assert page.board.state.num_players == len(page.seats.children)
    assert page.board.bots.keys() == set(range(1, len(page.seats.children)))


def test_seats_follow_the_number_of_players_and_bad_options_keep_the_game():
    page = PlayPage("tic-toc", seed=3)
    board = page.board
    page.options["players"].value = 4
    assert [m.description for m in page.seats.children] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    page.seats.children[2].value = HUMAN
    page.new_game()
    assert page.board is not board and page.board.state.num_players == 4
    assert set(page.board.bots) == {1, 3} and page.message.value == ""
    page.options["first_player"].value = 3
    page.options["players"].value = 2
    kept = page.board
    page.new_game()
    assert page.board is kept, "a bad option must leave the current game as it is"
    assert "first_player" in page.message.value and "seat" in page.message.value


def test_fixed_seeds_give_the_same_games_and_the_game_default_bot_sits_first():
    a, b = PlayPage("tyc", seed=5), PlayPage("tyc", seed=5)
    assert a.board.state.seed == b.board.state.seed
    a.new_game(), b.new_game()
    assert a.board.state.seed == b.board.state.seed
    page = PlayPage("tic-tac-ko")
    assert page.seats.children[1].value == "the game's bot" and type(page.board.bots[1]).__name__ == "KOBot"
    assert list(page.bots) == ["the game's bot", "quick MCTS", "random"], "each bot is offered once, in words"
    with pytest.raises(tictac_nb.InvalidOption, match="unknown game"):
        PlayPage("chess")

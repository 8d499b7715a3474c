"""Every board readable and usable by everyone: contrast and sizes in light and dark themes at the default and
a narrow width, one status in a live region, focus kept on the board, Cancel for an open first step.

`board_page` shows a Python `Board` through the real front end with JupyterLab's own theme stylesheet;
test_browser.py checks the theme once more in a real JupyterLab and runs axe-core there and in Voila.
"""

from __future__ import annotations

import pytest
from a11y import MIN_TARGET_PX, axe_violations, measure, problems
from tic_toc.toc_scripts import scripted

import tictac_nb
from tictac_nb import Board, RandomBot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

DEFAULT_WIDTH = 848  # CSS px a board has in JupyterLab at the tests' 1280 px viewport (measured by test_browser.py)
NARROW = 400


def against_bots(name: str, seed: int = 1) -> Board:
    """A new game with a human in seat 0 and random bots in the other seats, as the notebooks play it."""
    state = tictac_nb.new_game(name, seed=seed)
    return Board(state, bots={p: RandomBot(p) for p in range(1, state.num_players)})


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("width", [DEFAULT_WIDTH, NARROW])
@pytest.mark.parametrize("game_name", list(tictac_nb.GAMES))
def test_every_text_is_readable_and_every_target_big_enough(board_page, game_name, width, theme):
    shown = board_page(against_bots(game_name), width=width, theme=theme)
    assert shown.board.width == width, "the board was not drawn for the width the page reported"
    root = shown.page.locator(".ttn-root")
    shown.click(".ttn-svg [data-target]")  # a move (or a first step) and the bot's answer
    figures = measure(root)
    assert figures["texts"] and abs(figures["width"] - width) < 1
    found = problems(figures, min_target=MIN_TARGET_PX if width == NARROW else None)
    lowest = min(t["contrast"] for t in figures["texts"])
    print(f"\n{game_name} {theme} {width}px: lowest contrast {lowest:.2f}, smallest text "
          f"{min(t['px'] for t in figures['texts']):.1f} px")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game_name", list(tictac_nb.GAMES))
def test_axe_finds_no_serious_problem_on_a_board(board_page, game_name):
    shown = board_page(against_bots(game_name))
    assert axe_violations(shown.page) == []
    shown.click(".ttn-svg [data-target]")
    assert axe_violations(shown.page) == []


def test_axe_does_find_a_problem_planted_in_a_board(board_page):
    shown = board_page(against_bots("tic-tac-two"))
    shown.page.evaluate("() => document.querySelector('.ttn-tools').append(document.createElement('button'))")
    assert any("button-name" in found for found in axe_violations(shown.page))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_widgets_own_texts_follow_the_theme(board_page, theme):
    """The status, message and buttons (not the board's paper) in each theme, with an error showing."""
    shown = board_page(against_bots("tic-tac-two"), theme=theme)
    shown.click('[data-target="5"]')
    double_click_undo(shown)
    assert shown.page.locator(".ttn-message").inner_text(), "no refusal to measure"
    figures = measure(shown.page.locator(".ttn-root"))
    own = [t for t in figures["texts"] if not t["svg"]]
    assert {"Undo", "New game"} <= {t["text"] for t in own}
    print(f"\n{theme}: the widget's own texts, lowest contrast {min(t['contrast'] for t in own):.2f}")
    assert not problems({**figures, "texts": own}), "\n".join(problems({**figures, "texts": own}))


def double_click_undo(shown) -> None:
    """Two clicks on Undo before Python answers: the second is refused (made on the position before)."""
    before = shown.page.evaluate("() => window.replies")
    shown.page.evaluate("() => { const undo = document.querySelector('.ttn-undo'); undo.click(); undo.click(); }")
    shown.page.wait_for_function("(before) => window.replies >= before + 2", arg=before)
    shown.check()


def test_a_double_click_on_undo_takes_back_one_turn(board_page):
    shown = board_page(against_bots("tic-tac-two"))
    shown.click('[data-target="5"]')
    shown.click('[data-target]')
    assert len(shown.board.state.history) == 4
    double_click_undo(shown)
    assert len(shown.board.state.history) == 2
    assert shown.page.locator(".ttn-message").inner_text() == (
        "that was done on an earlier position; the board has moved on")


def test_the_status_shows_once_in_the_live_region_with_the_last_move(board_page):
    shown = board_page(against_bots("tic-tac-two"))
    page = shown.page
    shown.click('[data-target="5"]')
    reply = shown.board.state.history[-1]
    live = page.locator(".ttn-live")
    assert live.get_attribute("role") == "status" and live.get_attribute("aria-live") == "polite"
    assert live.inner_text() == f"O marked square {reply}. X to move"
    visible = page.evaluate("""(words) => [...document.querySelectorAll('.ttn-root *')].filter((e) =>
        [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.includes(words)) && e.getClientRects().length
    ).length""", "X to move")
    assert visible == 1, f"the status shows {visible} times"


def test_bots_are_named_readably_and_thinking_is_drawn_without_emoji(board_page):
    shown = board_page(against_bots("tic-tac-two"))
    page = shown.page
    page.evaluate("""() => { const root = document.querySelector('.ttn-root');
        root.classList.add('ttn-thinking'); }""")
    spinner = page.locator(".ttn-spinner")
    assert spinner.is_visible() and spinner.get_attribute("aria-hidden") == "true"
    assert page.evaluate("() => getComputedStyle(document.querySelector('.ttn-spinner')).animationName") == "ttn-spin"
    shown.board.bots[1] = tictac_nb.MCTSBot(iterations=1000)
    shown.board.state.play("5")
    shown.board.refresh()
    assert shown.board.status == "O (MCTS bot) is thinking"


def focus_is_on_the_board(page) -> bool:
    return page.evaluate("() => !!document.activeElement.closest('.ttn-svg')")


def test_focus_stays_on_the_board_after_the_bots_move(board_page):
    shown = board_page(against_bots("tic-tac-two"))
    page = shown.page
    shown.click('[data-target="5"]')  # by mouse: the board keeps focus, no target looks chosen
    assert shown.board.state.history[0] == "5" and len(shown.board.state.history) == 2
    assert focus_is_on_the_board(page)
    assert shown.focused_target() is None
    page.locator('[data-target="1"]').focus()
    shown.press("Enter")  # by keyboard: focus lands on a target again
    assert shown.board.state.history[2] == "1"
    assert focus_is_on_the_board(page) and shown.focused_target() is not None


def test_focus_stays_on_the_board_when_the_cover_lifts(board_page):
    shown = board_page(Board(tictac_nb.new_game("tic-tac-two", seed=1)))
    page = shown.page
    page.locator('[data-target="5"]').focus()
    shown.press("Enter")
    assert page.locator(".ttn-cover").is_visible()
    assert page.evaluate("() => document.activeElement.classList.contains('ttn-cover')"), "focus left the cover"
    assert page.locator(".ttn-undo").is_disabled(), "Undo must be locked under the cover"
    shown.press("Enter")  # the cover is a button: Enter lifts it
    assert not page.locator(".ttn-cover").is_visible()
    assert focus_is_on_the_board(page) and shown.focused_target() is not None


def test_a_first_step_is_cancelled_by_the_button_or_a_second_click(board_page):
    state = scripted([["Pan", "Boy", "Tink"], ["Pirate", "Pirate", "Hook"]], draws=("Boy", "Smee", "Pirate", "Boy"))
    shown = board_page(Board(state, seat=0))
    page = shown.page
    cancel = page.locator(".ttn-cancel")
    assert not cancel.is_visible()
    shown.click('[data-target="play Pan"]')
    shown.click('[data-target="discard Smee"]')
    shown.click('[data-target="discard Boy"]')
    card = '[aria-label="your Tinker Bell: choose its target"]'
    shown.click(card)
    assert shown.board.pending == "tink" and cancel.is_visible()
    shown.click(".ttn-cancel")
    assert shown.board.pending is None and not cancel.is_visible()
    shown.click(card)
    picked = page.locator(f'[data-target="{shown.board.pending}"]')
    assert picked.count() == 1, "the picked card is no longer a target: a second click cannot cancel it"
    shown.click(f'[data-target="{shown.board.pending}"]')
    assert shown.board.pending is None and not cancel.is_visible() and state.history[-1] == "discard Boy"


def test_a_mouse_click_opening_a_choice_does_not_make_a_letter_look_chosen(board_page):
    state = tictac_nb.new_game("tyc", seed=2, first_player=0)
    state.play("55A")
    shown = board_page(Board(state, seat=1))
    shown.click('[data-target="51"]')
    assert shown.board.pending == "51"
    assert shown.focused_target() in (None, "51"), f"focus jumped to {shown.focused_target()}"
    assert focus_is_on_the_board(shown.page)

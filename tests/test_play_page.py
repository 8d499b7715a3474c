"""`PlayPage` without a browser: a board replaced by "Play with these rules" stops playing."""

from __future__ import annotations

import asyncio

from tictac_nb.play import PlayPage


def all_bots(page: PlayPage) -> None:
    for menu in page.seats.children:
        menu.value = "RandomBot"


def test_replaced_boards_stop_and_only_the_visible_board_plays():
    async def scenario():
        page = PlayPage("tic-tac-trek", seed=3)
        all_bots(page)
        replaced = []
        for _ in range(10):
            replaced.append(page.board)
            page.new.click()
        shown = page.board
        assert shown not in replaced and page.area.children == (shown,)
        await asyncio.sleep(1.2)   # four bot pauses of 0.25 s: the visible board plays a few moves
        assert shown.played >= 2
        assert [board.played for board in replaced] == [0] * 10
        assert not any(board.thinking for board in replaced)

    asyncio.run(scenario())


def test_a_closed_board_drops_the_move_it_had_scheduled():
    async def scenario():
        page = PlayPage("tic-tac-two", seed=1)
        all_bots(page)
        page.new.click()
        board = page.board
        assert board.thinking
        board.close()
        await asyncio.sleep(0.4)
        assert board.played == 0 and not board.thinking

    asyncio.run(scenario())

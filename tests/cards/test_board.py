"""A card game of the family plays on the kit's `Board`: a click on a card in hand, then on a square; the bot
answers; the board shows only the viewer's hand."""

from __future__ import annotations

from cards.decks import registered

from tictac_nb import Board


def click(board: Board, target: str) -> None:
    board._on_message(board, {"type": "act", "target": target, "turn": board.turn})


def test_a_card_then_a_square_are_two_clicks_and_the_bot_answers():
    with registered("board-deck") as game:
        state = game.new_game(seed=2, first_player=0, order=["Mark", "Mark", "Rush", "Thief", "Gold", "Wall", "Mark"])
        board = Board(state, bots={1: game.default_bot(seed=1)})
        assert 'data-target="play Mark"' in board.svg and "Thief" not in board.svg  # O's hand stays hidden
        click(board, "play Mark")
        assert board.state.phase() == "step" and 'data-target="b2"' in board.svg
        click(board, "b2")
        assert board.state.view(None)["cells"][4] == "X"
        assert board.state.to_move == 0 and len(board.state.history) >= 3  # O (the bot) has played its turn
        assert board.state.history[2:4] == ["play Thief", "steal @1"]  # played face up: now public
        assert "top Thief" in board.svg
        mine = board.state.view(0)["hand"]
        assert all(card in mine or card not in board.svg for card in ("Gold", "Wall"))  # O's hand stays hidden

"""Tic Tac Two's secrets: face-down tiles and the peeked tile, in views, SVGs and the widget's synced state.

Each test plays the same moves on two layouts that differ only where a viewer must not see, and
checks that the viewer is shown exactly the same; a control shows the layouts do differ for a viewer
who may see.
"""

from __future__ import annotations

import tictac_nb
from tictac_nb import Board

X, O = 0, 1  # noqa: E741 (the players, by their marks)
VIEWERS = (None, X, O)


def game(tiles: str, *moves: str):
    state = tictac_nb.new_game("tic-tac-two", seed=0, tiles=tiles)
    for move in moves:
        state.play(move)
    return state


class Scripted:
    """A bot that plays the given actions in order."""

    def __init__(self, *actions: str) -> None:
        self.actions = list(actions)

    def choose(self, state) -> str:
        return self.actions.pop(0)


def synced(board: Board) -> dict:
    """The widget's synced state, without references to other widget models (their ids differ)."""
    return {k: v for k, v in board.get_state().items() if not str(v).startswith("IPY_MODEL_")}


# 1 X, 2 O, 3 W, 4 P, 6 O, 7 X, 8 X, 9 O; the second layout swaps the face-down tiles 4, 6, 7, 8
LAYOUT = "XOWPCOXXO"
HIDDEN_SWAPPED = "XOWXCXPOO"
# the second layout swaps the tiles under 8 and 9 (X's peek at 9 sees O in one, X in the other)
PEEK_SWAPPED = "XOWPCOXOX"


def test_face_down_tiles_appear_in_no_view_and_no_svg():
    a, b = game(LAYOUT, "1", "2", "5", "3"), game(HIDDEN_SWAPPED, "1", "2", "5", "3")
    assert a.tiles != b.tiles
    for viewer in VIEWERS:
        assert a.view(viewer) == b.view(viewer)
        assert a.render_svg(viewer) == b.render_svg(viewer)
    assert a._repr_svg_() == b._repr_svg_() and repr(a) == repr(b)


def test_hidden_tiles_stay_hidden_when_the_game_ends():
    a, b = game(LAYOUT, "1", "2", "5", "3", "9"), game(HIDDEN_SWAPPED, "1", "2", "5", "3", "9")
    assert a.outcome == b.outcome and a.outcome.reason == "X completed the diagonal 1-5-9 of the main board"
    for viewer in VIEWERS:
        assert a.view(viewer)["tiles"] == ["X", "O", "W", None, "C", None, None, None, "O"]
        assert a.view(viewer) == b.view(viewer)
        assert a.render_svg(viewer) == b.render_svg(viewer)


def test_the_peeked_tile_is_shown_to_the_peeker_only():
    a, b = game(LAYOUT, "4", "peek 9"), game(PEEK_SWAPPED, "4", "peek 9")
    assert a.view(X)["tiles"][8] == "O" and b.view(X)["tiles"][8] == "X"
    assert a.render_svg(X) != b.render_svg(X)  # the control: the peeker does see the difference
    for viewer in (None, O):
        assert a.view(viewer) == b.view(viewer)
        assert a.render_svg(viewer) == b.render_svg(viewer)


def test_the_opponent_is_told_which_square_was_peeked():
    state = game(LAYOUT, "4", "peek 9")
    assert state.view(O)["peeks"] == [{"by": "X", "square": 9, "mine": False}]
    assert "X peeked" in state.render_svg(O) and "X peeked" in state.render_svg(None)
    assert "you peeked" in state.render_svg(X) and "X peeked" not in state.render_svg(X)


def test_a_bots_peek_reaches_the_human_opponents_widget_only_as_a_square():
    boards = [Board(game(tiles), bots={X: Scripted("4", "peek 9")}) for tiles in (LAYOUT, PEEK_SWAPPED)]
    for board in boards:
        assert board.state.history == ["4", "peek 9"] and board.state.to_move == O
        assert board.svg == board.state.render_svg(O)
    assert synced(boards[0]) == synced(boards[1])
    mime = [board._repr_mimebundle_()[0]["image/svg+xml"] for board in boards]
    assert mime[0] == mime[1]


def test_the_control_a_human_peekers_widget_does_show_the_tile():
    boards = [Board(game(tiles, "4", "peek 9"), bots={O: Scripted("1")}) for tiles in (LAYOUT, PEEK_SWAPPED)]
    assert synced(boards[0]) != synced(boards[1])


def test_hot_seat_cover_hides_the_peek_and_reveals_only_the_next_players_view():
    boards = [Board(game(tiles)) for tiles in (LAYOUT, PEEK_SWAPPED)]
    for board in boards:
        board.act("4")
        assert board.cover == ""  # X's second decision: still X's turn, no cover
        board.act("peek 9")
        assert board.cover == "Pass the screen to O. O: show my board"
        assert board.svg == board.state.render_svg(None)
    assert synced(boards[0]) == synced(boards[1])
    for board in boards:
        board._on_message(board, {"type": "reveal", "turn": board.turn})
        assert board.cover == "" and board.svg == board.state.render_svg(O)
    assert synced(boards[0]) == synced(boards[1])

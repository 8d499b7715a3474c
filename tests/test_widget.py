"""The Python side of `Board`, the one widget every game plays in.

Browser messages are simulated by calling the handler registered with `on_msg` directly
(`board._on_message(board, content)`). Without a running event loop (plain pytest) a bot moves at
once; one test runs an event loop to see a bot's move scheduled, and dropped when undone.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from helpers import random_game

import tictac_nb
from tictac_nb import Board, IllegalAction, RandomBot
from tictac_nb.engine import Game, Outcome, State

X, O = 0, 1  # noqa: E741 (Tic Tac Two's players, by their marks)


def ttt(*moves: str, tiles: str = "XOWPCOXXO"):
    state = tictac_nb.new_game("tic-tac-two", seed=5, tiles=tiles)
    for move in moves:
        state.play(move)
    return state


def click(board: Board, target, turn=None) -> None:
    board._on_message(board, {"type": "act", "target": target, "turn": board.turn if turn is None else turn})


def synced(board: Board) -> dict:
    """The synced traits, without references to other widget models (their ids differ per board)."""
    return {k: v for k, v in board.get_state().items() if not str(v).startswith("IPY_MODEL_")}


def snapshot(board: Board) -> tuple:
    return board.state.key(), board.state.record(), board.turn, board.svg, board.status, board.cover


class Scripted:
    def __init__(self, *actions: str) -> None:
        self.actions = list(actions)

    def choose(self, state) -> str:
        return self.actions.pop(0)

    def __repr__(self) -> str:
        return "Scripted()"


# ---- a tiny game whose actions take two clicks: a number, then a letter ---------------------------

class Pick(State):
    """Each player picks a number with a letter ("1a"); a number can be picked once; two picks end it."""

    num_players = 2
    player_names = ("Red", "Blue")

    def setup(self, rng: random.Random) -> None:
        self.picks: list[str] = []
        self.to_move = 0

    def legal_actions(self):
        if self.outcome is not None:
            return ()
        taken = {p[0] for p in self.picks}
        return tuple(a for a in ("1a", "1b", "2a", "2b") if a[0] not in taken)

    def apply(self, action: str) -> None:
        self.picks.append(action)
        self.to_move = 1 - self.to_move
        if len(self.picks) == 2:
            self.outcome, self.to_move = Outcome((), None, "draw: both picked"), None

    def refusal(self, action: str) -> str:
        return f"{action!r} is not a free pick"

    def phase(self) -> str:
        return "pick"

    def view_body(self, player):
        return {"picks": list(self.picks)}

    def key(self):
        return tuple(self.picks), self.to_move, self.outcome


def render_pick(view: dict, targets, pending, width=None) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{pending}|{" ".join(t.action for t in targets)}</text></svg>'


PICK = Game(name="pick", title="Pick", state_class=Pick, render=render_pick)


# ---- clicks --------------------------------------------------------------------------------------

def test_a_new_board_shows_the_human_seat_and_its_targets():
    board = Board(ttt(), bots={O: RandomBot(1)})
    assert board.seat == X and not board.hot_seat
    assert board.svg == board.state.render_svg(X)
    assert board.status == "X to move" and board.turn == 0 and board.message == ""
    assert board.cover == "" and not board.thinking and not board.can_undo


def test_a_legal_click_plays_and_the_bot_answers():
    board = Board(ttt(), bots={O: Scripted("1")})
    click(board, "5")
    assert board.state.history == ["5", "1"]
    assert board.turn == 2 and board.message == "" and not board.thinking
    assert board.svg == board.state.render_svg(X) and board.status == "X to move"
    assert board.can_undo


def test_a_bot_in_the_first_seat_moves_at_once():
    board = Board(ttt(), bots={X: Scripted("5")})
    assert board.seat == O and board.state.history == ["5"] and board.turn == 1
    assert board.svg == board.state.render_svg(O)


def test_a_bot_makes_both_decisions_of_a_peek_turn():
    board = Board(ttt(), bots={X: Scripted("4", "peek 9")})
    assert board.state.history == ["4", "peek 9"] and board.state.to_move == O


def test_an_illegal_click_says_why_and_changes_nothing():
    board = Board(ttt(), bots={O: Scripted("1", "3")})
    click(board, "5")
    before = snapshot(board)
    click(board, "5")
    assert board.message == "square 5 is taken by X"
    assert snapshot(board) == before
    click(board, "2")  # the next good click clears the message
    assert board.message == "" and board.state.history[2] == "2"


def test_a_click_made_on_an_earlier_position_is_refused():
    board = Board(ttt())
    click(board, "5")
    before = snapshot(board)
    click(board, "1", turn=0)
    assert board.message == "that click was made on an earlier position; the board has moved on"
    assert snapshot(board) == before


@pytest.mark.parametrize(("content", "message"), [
    (None, "ignored a malformed message from the browser: None"),
    ("act", "ignored a malformed message from the browser: 'act'"),
    (5, "ignored a malformed message from the browser: 5"),
    (["act", "5"], "ignored a malformed message from the browser: ['act', '5']"),
    ({}, "ignored a malformed message from the browser: {}"),
    ({"type": "hack"}, "ignored a malformed message from the browser: {'type': 'hack'}"),
    ({"type": None}, "ignored a malformed message from the browser: {'type': None}"),
    ({"type": ["act"]}, "ignored a malformed message from the browser: {'type': ['act']}"),
    ({"type": {"act": 1}}, "ignored a malformed message from the browser: {'type': {'act': 1}}"),
    ({"type": 5, "target": "5"}, "ignored a malformed message from the browser: {'type': 5, 'target': '5'}"),
    ({"type": "ACT", "target": "5", "turn": 0}, "ignored a malformed message from the browser: "
                                                "{'type': 'ACT', 'target': '5', 'turn': 0}"),
    ({"type": "act", "target": "5"}, "ignored a click without the position it was made on"),
    ({"type": "act", "target": "5", "turn": "0"}, "ignored a click without the position it was made on"),
    ({"type": "act", "target": "5", "turn": 0.0}, "ignored a click without the position it was made on"),
    ({"type": "act", "target": "5", "turn": False}, "ignored a click without the position it was made on"),
    ({"type": "act", "target": "5", "turn": None}, "ignored a click without the position it was made on"),
    ({"type": "act", "turn": 0}, "a target is text, not NoneType"),
    ({"type": "act", "target": 5, "turn": 0}, "a target is text, not int"),
    ({"type": "act", "target": ["5"], "turn": 0}, "a target is text, not list"),
    ({"type": "act", "target": {"5": 1}, "turn": 0}, "a target is text, not dict"),
    ({"type": "act", "target": "zzz", "turn": 0}, "'zzz' is not a square; squares are numbered 1 to 9"),
    ({"type": "act", "target": "", "turn": 0}, "'' is not a square; squares are numbered 1 to 9"),
    ({"type": "undo"}, "there is nothing to undo"),
])
def test_malformed_and_refused_messages_change_nothing(content, message):
    board = Board(ttt())
    before, state_before = snapshot(board), synced(board)
    board._on_message(board, content)
    assert board.message == message
    assert snapshot(board) == before
    assert {k: v for k, v in synced(board).items() if k != "message"} == {
        k: v for k, v in state_before.items() if k != "message"}


def test_a_long_malformed_message_is_quoted_short():
    board = Board(ttt())
    board._on_message(board, "x" * 1000)
    assert len(board.message) < 150


def test_a_click_after_the_end_asks_for_a_new_game():
    board = Board(ttt("1", "2", "5", "3", "9"))
    before = snapshot(board)
    click(board, "4")
    assert board.message == ("the game is over (X completed the diagonal 1-5-9 of the main board); "
                             "start a new game")
    assert snapshot(board) == before
    assert board.status == "X completed the diagonal 1-5-9 of the main board"


# ---- undo and new game ---------------------------------------------------------------------------

def test_undo_goes_back_to_the_humans_turn():
    board = Board(ttt(), bots={O: Scripted("1", "2")})
    click(board, "5")
    click(board, "9")
    assert board.state.history == ["5", "1", "9", "2"]
    board._on_message(board, {"type": "undo"})
    assert board.state.history == ["5", "1"] and board.state.to_move == X
    assert board.turn == 2 and board.svg == board.state.render_svg(X) and board.message == ""
    board._on_message(board, {"type": "undo"})
    assert board.state.history == [] and not board.can_undo
    board._on_message(board, {"type": "undo"})
    assert board.message == "there is nothing to undo"


def test_undo_takes_back_a_peek_then_the_mark_for_a_human():
    board = Board(ttt())
    click(board, "4")
    click(board, "peek 9")
    board.undo()
    assert board.state.history == ["4"] and board.state.legal_actions()[0] == "peek 1"
    board.undo()
    assert board.state.history == []


def test_undo_of_a_bots_opening_move_lets_the_bot_move_again():
    board = Board(ttt(), bots={X: Scripted("5", "1")})
    board._on_message(board, {"type": "undo"})
    assert board.state.history == ["1"] and board.state.to_move == O


def test_new_game_keeps_the_rules_and_seats_and_is_reproducible():
    boards = [Board(tictac_nb.new_game("tic-tac-two", seed=9, peek=False), bots={O: RandomBot(2)}) for _ in "ab"]
    seeds = []
    for board in boards:
        click(board, "5")
        board._on_message(board, {"type": "new"})
        assert board.state.history == [] and board.turn == 0 and board.message == ""
        assert board.state.options == {"tiles": None, "peek": False, "wild": True}
        assert "P" not in board.state.tiles and board.bots.keys() == {O}
        seeds.append(board.state.seed)
    assert seeds[0] == seeds[1] != 9
    boards[0]._on_message(boards[0], {"type": "new"})
    assert boards[0].state.seed != seeds[0]


def test_new_game_with_a_bot_first_lets_it_move():
    board = Board(ttt(), bots={X: Scripted("5", "7")})
    board.new_game()
    assert board.state.history == ["7"]


# ---- bots on a running event loop ----------------------------------------------------------------

def test_a_bots_move_is_scheduled_so_the_page_does_not_freeze():
    async def scenario():
        board = Board(ttt(), bots={O: Scripted("1")}, bot_delay=0.01)
        click(board, "5")
        assert board.state.history == ["5"] and board.thinking
        assert board.status == "O (Scripted()) is thinking…"
        click(board, "2")
        assert board.message == "it is O's turn, played by a bot" and board.state.history == ["5"]
        await asyncio.sleep(0.1)
        assert board.state.history == ["5", "1"] and not board.thinking and board.status == "X to move"

    asyncio.run(scenario())


def test_undo_while_a_bot_thinks_drops_its_move():
    async def scenario():
        board = Board(ttt(), bots={O: Scripted("1")}, bot_delay=0.01)
        click(board, "5")
        board._on_message(board, {"type": "undo"})
        assert board.state.history == [] and not board.thinking
        await asyncio.sleep(0.1)
        assert board.state.history == [] and board.state.to_move == X

    asyncio.run(scenario())


# ---- two-step choices (prefix targets) -------------------------------------------------------------

def test_a_prefix_target_opens_the_second_step_then_plays():
    board = Board(PICK.new_game(1))
    assert board.hot_seat and board.svg.endswith("<text>None|1a 1b 2a 2b</text></svg>")
    click(board, "1")
    assert board.pending == "1" and board.state.history == [] and board.message == ""
    assert "<text>1|1a 1b 2a 2b</text>" in board.svg
    click(board, "1b")
    assert board.state.history == ["1b"] and board.pending is None
    assert board.cover == ""  # no hidden information: no cover between two humans
    assert "<text>None|2a 2b</text>" in board.svg


def test_clicking_an_open_first_step_again_closes_it_and_another_switches():
    board = Board(PICK.new_game(1))
    click(board, "1")
    click(board, "2")
    assert board.pending == "2" and "<text>2|" in board.svg
    click(board, "2")
    assert board.pending is None and "<text>None|" in board.svg and board.state.history == []


def test_cancel_closes_an_open_first_step():
    board = Board(PICK.new_game(1))
    click(board, "2")
    board._on_message(board, {"type": "cancel"})
    assert board.pending is None and "<text>None|" in board.svg
    click(board, "3")
    assert board.message == "'3' is not a free pick" and board.state.history == []


# ---- two humans, one screen ----------------------------------------------------------------------

def test_hot_seat_covers_the_board_when_the_turn_passes():
    board = Board(ttt())
    assert board.hot_seat and board.svg == board.state.render_svg(X) and board.cover == ""
    click(board, "5")
    assert board.cover == "Pass the screen to O. O: show my board"
    assert board.svg == board.state.render_svg(None)
    before = snapshot(board)
    click(board, "1")
    assert board.message == "the board is covered: reveal it first" and snapshot(board) == before
    board._on_message(board, {"type": "reveal"})
    assert board.cover == "" and board.svg == board.state.render_svg(O)
    click(board, "1")
    assert board.state.history == ["5", "1"] and board.cover == "Pass the screen to X. X: show my board"


def test_hot_seat_shows_nobodys_secrets_once_the_game_is_over():
    board = Board(ttt())
    for square in ("4", "peek 2"):  # X flips the Peek tile and looks under square 2
        click(board, square)
    board._on_message(board, {"type": "reveal"})
    for square in ("1", "5", "9"):
        click(board, square)
        board._on_message(board, {"type": "reveal"})
    click(board, "6")
    assert board.state.outcome.winners == (X,)
    assert board.cover == "" and board.svg == board.state.render_svg(None)


class BrokenBot:
    def choose(self, state):
        return "zzz"


def test_a_failing_bot_is_reported_and_changes_nothing():
    board = Board(ttt("5"), bots={O: BrokenBot()})
    assert board.message == "O's bot failed: 'zzz' is not a square; squares are numbered 1 to 9"
    assert board.state.history == ["5"] and not board.thinking


def test_run_bots_plays_every_bot_move_due_now():
    board = Board(ttt(), bots={X: RandomBot(seed=1), O: RandomBot(seed=2)})
    assert board.state.outcome is not None and not board.thinking
    board.new_game()
    board.run_bots()
    assert board.state.outcome is not None and board.turn == len(board.state.history)


def test_reveal_without_a_cover_changes_nothing():
    board = Board(ttt())
    before = snapshot(board)
    board._on_message(board, {"type": "reveal"})
    assert snapshot(board) == before and board.message == ""


def test_undo_in_hot_seat_shows_the_player_who_last_saw_the_board():
    board = Board(ttt())
    click(board, "5")
    board.undo()
    assert board.cover == "" and board.svg == board.state.render_svg(X)


def test_a_fixed_seat_never_covers():
    board = Board(ttt(), seat=X)
    click(board, "5")
    assert board.cover == "" and board.svg == board.state.render_svg(X)


# ---- output, construction -------------------------------------------------------------------------

def test_the_output_carries_a_static_svg_of_the_board():
    board = Board(ttt("5"), bots={X: RandomBot(1)})
    data, _metadata = board._repr_mimebundle_()
    assert data["image/svg+xml"] == board.svg == board.state.render_svg(O)
    assert "application/vnd.jupyter.widget-view+json" in data


def test_the_static_svg_of_a_covered_board_is_the_onlookers():
    board = Board(ttt())
    click(board, "4")
    click(board, "peek 9")
    assert board.cover
    assert board._repr_mimebundle_()[0]["image/svg+xml"] == board.state.render_svg(None)


def test_bad_seats_are_refused():
    with pytest.raises(ValueError, match="bots are keyed by seat, 0 to 1, not 2"):
        Board(ttt(), bots={2: RandomBot()})
    with pytest.raises(ValueError, match="viewer must be None or a player from 0 to 1, not 5"):
        Board(ttt(), seat=5)


def test_act_refuses_directly_too():
    board = Board(ttt(), bots={O: Scripted("1")})
    with pytest.raises(IllegalAction, match="a target is text, not int"):
        board.act(5)


# ---- every registered game -----------------------------------------------------------------------

def test_any_game_can_be_clicked_through_in_hot_seat(game_name):
    state = random_game(game_name, 4, stop_after=0)
    board = Board(state)
    rng = random.Random(4)
    for _ in range(40):
        if board.state.outcome is not None:
            break
        if board.cover:
            board._on_message(board, {"type": "reveal"})
        viewer = board.viewer()
        assert board.svg == board.state.render_svg(viewer, board.pending)
        click(board, rng.choice(board.state.legal_actions()))
        assert board.message == ""
        assert board.turn == len(board.state.history)


@pytest.mark.parametrize("game_name", [name for name, g in tictac_nb.GAMES.items() if g.hidden_information])
def test_the_synced_state_holds_nothing_the_seat_may_not_know(game_name):
    for seed in range(3):
        state = random_game(game_name, seed, stop_after=4 + 3 * seed)
        for seat in range(state.num_players):
            lookalike = state.determinize(seat, random.Random(seed + 100))
            assert synced(Board(state, seat=seat)) == synced(Board(lookalike, seat=seat))

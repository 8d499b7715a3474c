"""The Python side of `Board`, the one widget every game plays in.

Browser messages are simulated by calling the handler registered with `on_msg` directly
(`board._on_message(board, content)`). Without a running event loop (plain pytest) a bot moves at
once; one test runs an event loop to see a bot's move scheduled, and dropped when undone.
"""

from __future__ import annotations

import asyncio
import base64
import random

import pytest
from helpers import ALL_GAMES, ScriptedBot, random_game, synced_state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tic_tac_ko.ko_scripts import CUTE_HAND, EVIL_HAND, new

import tictac_nb
from tictac_nb import Board, IllegalAction, RandomBot
from tictac_nb.core.bots import bot_name
from tictac_nb.core.engine import Game, Outcome, State, Target
from tictac_nb.core.words import told
from tictac_nb.notebook.widget import AUTO_PASS_DELAY, FOLLOW_UP_DELAY
from tictac_nb.trust import sandbox

X, O = 0, 1  # noqa: E741 (Tic Tac Two's players, by their marks)


def ttt(*moves: str, tiles: str = "XOWPCOXXO"):
    state = tictac_nb.new_game("tic-tac-two", seed=5, tiles=tiles)
    for move in moves:
        state.play(move)
    return state


def click(board: Board, target, turn=None) -> None:
    board._on_message(board, {"type": "act", "target": target, "turn": board.turn if turn is None else turn})


def send(board: Board, kind: str, turn=None) -> None:
    """An undo, new or reveal message as the page sends it, made on the position shown (or on `turn`)."""
    board._on_message(board, {"type": kind, "turn": board.turn if turn is None else turn})


def snapshot(board: Board) -> tuple:
    return board.state.key(), board.state.record(), board.turn, board.svg, board.status, board.cover


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

    def targets(self):
        firsts = sorted({a[0] for a in self.legal_actions()})
        return [Target(f, f"number {f}") for f in firsts] + super().targets()

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
    assert board.status == "X to move" and board.turn == 0 and board.message == "" and board.said == ""
    assert board.cover == "" and not board.thinking and not board.can_undo and not board.choosing


def test_a_legal_click_plays_and_the_bot_answers():
    board = Board(ttt(), bots={O: ScriptedBot("1")})
    click(board, "5")
    assert board.state.history == ["5", "1"]
    assert board.turn == 2 and board.message == "" and not board.thinking
    assert board.svg == board.state.render_svg(X) and board.status == "X to move"
    assert board.can_undo and board.said == "O marked square 1."  # the bot's move, told from the human's side


def test_a_bot_in_the_first_seat_moves_at_once():
    board = Board(ttt(), bots={X: ScriptedBot("5")})
    assert board.seat == O and board.state.history == ["5"] and board.turn == 1
    assert board.svg == board.state.render_svg(O)


def test_a_bot_makes_both_decisions_of_a_peek_turn():
    board = Board(ttt(), bots={X: ScriptedBot("4", "peek 9")})
    assert board.state.history == ["4", "peek 9"] and board.state.to_move == O


def test_an_illegal_click_says_why_and_changes_nothing():
    board = Board(ttt(), bots={O: ScriptedBot("1", "3")})
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
    assert board.message == "that was done on an earlier position; the board has moved on"
    assert snapshot(board) == before


NO_TURN = "ignored this 'act' message: it lacks the position it was made on"


@pytest.mark.parametrize(("content", "message"), [
    (None, "ignored a malformed message from the browser (a NoneType)"),
    ("act", "ignored a malformed message from the browser (a str)"),
    (5, "ignored a malformed message from the browser (an int)"),
    (["act", "5"], "ignored a malformed message from the browser (a list)"),
    ({}, "ignored a malformed message from the browser (a message with fields none)"),
    ({"type": "hack"}, "ignored a malformed message from the browser (a message of type 'hack')"),
    ({"type": None}, "ignored a malformed message from the browser (a message with fields 'type')"),
    ({"type": ["act"]}, "ignored a malformed message from the browser (a message with fields 'type')"),
    ({"type": {"act": 1}}, "ignored a malformed message from the browser (a message with fields 'type')"),
    ({"type": 5, "target": "5"}, "ignored a malformed message from the browser (a message with fields 'type', "
                                 "'target')"),
    ({"type": "ACT", "target": "5", "turn": 0}, "ignored a malformed message from the browser "
                                                "(a message of type 'ACT')"),
    ({"type": "act", "target": "5"}, "ignored this 'act' message: it lacks the position it was made on"),
    ({"type": "act", "target": "5", "turn": "0"}, "ignored this 'act' message: it lacks the position it was made on"),
    ({"type": "act", "target": "5", "turn": 0.0}, "ignored this 'act' message: it lacks the position it was made on"),
    ({"type": "act", "target": "5", "turn": False}, "ignored this 'act' message: it lacks the position it was made on"),
    ({"type": "act", "target": "5", "turn": None}, "ignored this 'act' message: it lacks the position it was made on"),
    ({"type": "act", "target": "5", "turn": -1}, "ignored this 'act' message: it lacks the position it was made on"),
    ({"type": "act", "target": "5", "turn": 10**5000}, NO_TURN),
    ({"type": "act", "target": "5", "turn": 0, "seat": 1}, "ignored this 'act' message: unknown fields (seat)"),
    ({"type": "act", "turn": 0}, "a target is text of at most 200 characters, not a NoneType"),
    ({"type": "act", "target": 5, "turn": 0}, "a target is text of at most 200 characters, not an int"),
    ({"type": "act", "target": ["5"], "turn": 0}, "a target is text of at most 200 characters, not a list"),
    ({"type": "act", "target": {"5": 1}, "turn": 0}, "a target is text of at most 200 characters, not a "
                                                     "message with fields '5'"),
    ({"type": "act", "target": "5" * 201, "turn": 0}, "a target is text of at most 200 characters, not a str"),
    ({"type": "act", "target": "zzz", "turn": 0}, "'zzz' is not a square; squares are numbered 1 to 9"),
    ({"type": "act", "target": "", "turn": 0}, "'' is not a square; squares are numbered 1 to 9"),
    ({"type": "act", "target": "5", "turn": 1}, "that was done on an earlier position; the board has moved on"),
    ({"type": "undo", "turn": 0}, "there is nothing to undo"),
    ({"type": "undo"}, "ignored this 'undo' message: it lacks the position it was made on"),
    ({"type": "new"}, "ignored this 'new' message: it lacks the position it was made on"),
    ({"type": "width", "width": "wide"}, "ignored a width that is not a number of CSS px from 120 to 20000"),
    ({"type": "width", "width": float("nan")}, "ignored a width that is not a number of CSS px from 120 to 20000"),
    ({"type": "width", "width": 10**400}, "ignored a width that is not a number of CSS px from 120 to 20000"),
    ({"type": "width", "width": True}, "ignored a width that is not a number of CSS px from 120 to 20000"),
    ({"type": "width", "width": 40}, "ignored a width that is not a number of CSS px from 120 to 20000"),
])
def test_malformed_and_refused_messages_change_nothing(content, message):
    board = Board(ttt())
    before, state_before = snapshot(board), synced_state(board)
    board._on_message(board, content)
    assert board.message == message
    assert snapshot(board) == before
    assert {k: v for k, v in synced_state(board).items() if k not in ("message", "answers")} == {
        k: v for k, v in state_before.items() if k not in ("message", "answers")}
    assert board.answers == state_before["answers"] + 1  # the page learns its message was handled


def test_a_deeply_nested_message_is_refused_without_recursion():
    nested: object = "5"
    for _ in range(100_000):
        nested = [nested]
    for content in (nested, {"type": "act", "target": nested, "turn": 0}, {"type": nested},
                    {"type": "act", "target": "5", "turn": 0, nested_key(): nested}):
        board = Board(ttt())
        before = snapshot(board)
        board._on_message(board, content)
        assert board.message.startswith(("ignored", "a target is text")) and len(board.message) < 150
        assert snapshot(board) == before


def nested_key() -> str:
    return "x" * 10_000


def test_a_long_malformed_message_is_quoted_short():
    board = Board(ttt())
    board._on_message(board, {"type": "x" * 10**6, "turn": 0})
    assert len(board.message) < 150
    board._on_message(board, {"type": "act", "target": "x" * 200, "turn": 0})  # the rules quote it: cut short
    assert len(board.message) <= 160


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
    board = Board(ttt(), bots={O: ScriptedBot("1", "2")})
    click(board, "5")
    click(board, "9")
    assert board.state.history == ["5", "1", "9", "2"] and board.turn == 4
    send(board, "undo")
    assert board.state.history == ["5", "1"] and board.state.to_move == X
    assert board.turn == 5 and board.svg == board.state.render_svg(X) and board.message == ""
    send(board, "undo")
    assert board.state.history == [] and not board.can_undo
    send(board, "undo")
    assert board.message == "there is nothing to undo"


def test_a_double_click_on_undo_takes_back_one_turn():
    board = Board(ttt(), bots={O: ScriptedBot("1", "2")})
    click(board, "5")
    click(board, "9")
    shown = board.turn
    send(board, "undo", turn=shown)
    send(board, "undo", turn=shown)  # the second click of the double click, made on the same page
    assert board.state.history == ["5", "1"]
    assert board.message == "that was done on an earlier position; the board has moved on"


def test_undo_takes_back_a_peek_then_the_mark_for_a_human():
    board = Board(ttt(), bots={O: ScriptedBot("1")})
    click(board, "4")
    click(board, "peek 9")
    board.undo()
    assert board.state.history == ["4"] and board.state.legal_actions()[0] == "peek 1"
    board.undo()
    assert board.state.history == []


def test_undo_of_a_bots_opening_move_is_refused():
    board = Board(ttt(), bots={X: ScriptedBot("5", "1")})
    before = snapshot(board)
    send(board, "undo")
    assert board.message == "there is no earlier turn of yours to go back to" and snapshot(board) == before
    assert not board.can_undo


def test_new_game_keeps_the_rules_and_seats_and_is_reproducible():
    boards = [Board(tictac_nb.new_game("tic-tac-two", seed=9, peek=False), bots={O: RandomBot(2)}) for _ in "ab"]
    seeds = []
    for board in boards:
        click(board, "5")
        send(board, "new")
        assert board.state.history == [] and board.message == ""
        assert board.state.options == {"tiles": None, "peek": False, "wild": True}
        assert "P" not in board.state.tiles and board.bots.keys() == {O}
        seeds.append(board.state.seed)
    assert seeds[0] == seeds[1] != 9
    send(boards[0], "new")
    assert boards[0].state.seed != seeds[0]


def test_a_turn_number_never_repeats_so_a_click_on_an_old_game_is_refused():
    board = Board(ttt(), bots={O: ScriptedBot("1", "2")})
    seen = [board.turn]
    click(board, "5")
    seen.append(board.turn)
    old = board.turn
    send(board, "new")
    seen.append(board.turn)
    click(board, "3", turn=old)
    assert board.message == "that was done on an earlier position; the board has moved on"
    assert board.state.history == []
    click(board, "3")
    seen.append(board.turn)
    send(board, "undo")
    seen.append(board.turn)
    assert seen == sorted(set(seen)), "turn numbers went back or repeated"


def test_new_game_with_a_bot_first_lets_it_move():
    board = Board(ttt(), bots={X: ScriptedBot("5", "7")})
    board.new_game()
    assert board.state.history == ["7"]


# ---- bots ---------------------------------------------------------------------------------------

def test_bots_are_named_for_people():
    assert bot_name(tictac_nb.MCTSBot(iterations=1000)) == "MCTS bot"
    assert bot_name(RandomBot()) == "random bot"
    assert bot_name(ScriptedBot()) == "scripted bot"
    named = ScriptedBot()
    named.name = "Ada"
    assert bot_name(named) == "Ada"


def test_a_bots_move_is_scheduled_so_the_page_does_not_freeze():
    async def scenario():
        board = Board(ttt(), bots={O: ScriptedBot("1")}, bot_delay=0.01)
        click(board, "5")
        assert board.state.history == ["5"] and board.thinking
        assert board.status == "O (scripted bot) is thinking" and board.said == "You marked square 5."
        click(board, "2")
        assert board.message == "it is O's turn, played by a bot" and board.state.history == ["5"]
        await asyncio.sleep(0.1)
        assert board.state.history == ["5", "1"] and not board.thinking and board.status == "X to move"
        assert board.said == "O marked square 1."

    asyncio.run(scenario())


def test_a_bot_going_on_with_its_turn_waits_a_frame_not_the_full_pause():
    """O's mark flips the Peek tile and O peeks next: the peek follows FOLLOW_UP_DELAY after the mark, so a
    bot's whole turn reaches the reader within about one pause."""
    async def scenario():
        loop = asyncio.get_running_loop()
        delays = []
        schedule = loop.call_later

        def at_once(delay, callback, *args):  # the bots' pauses are noted and skipped
            if getattr(callback, "__name__", "") == "_bot_move":
                delays.append(delay)
                delay = 0
            return schedule(delay, callback, *args)

        loop.call_later = at_once
        board = Board(ttt(), bots={O: ScriptedBot("4", "peek 2")}, bot_delay=0.3)
        click(board, "1")
        await asyncio.sleep(0.05)
        assert board.state.history == ["1", "4", "peek 2"] and board.state.to_move == X
        assert delays == [0.3, FOLLOW_UP_DELAY]

    asyncio.run(scenario())


def test_undo_while_a_bot_thinks_drops_its_move():
    async def scenario():
        board = Board(ttt(), bots={O: ScriptedBot("1")}, bot_delay=0.01)
        click(board, "5")
        send(board, "undo")
        assert board.state.history == [] and not board.thinking
        await asyncio.sleep(0.1)
        assert board.state.history == [] and board.state.to_move == X

    asyncio.run(scenario())


class BrokenBot:
    def choose(self, state):
        return "zzz"


class RaisingBot:
    def choose(self, state):
        raise RuntimeError("out of ideas")


class InterruptedBot:
    def choose(self, state):
        raise KeyboardInterrupt


def test_a_failing_bot_is_reported_and_changes_nothing():
    board = Board(ttt("5"), bots={O: BrokenBot()})
    assert board.message == ("O's bot failed: answered the illegal action 'zzz': 'zzz' is not a square; squares are "
                             "numbered 1 to 9")
    assert board.state.history == ["5"] and not board.thinking
    assert board.status == "O (broken bot) could not move: Undo or New game to go on"


def test_a_raising_bot_stops_thinking_on_the_event_loop_too():
    async def scenario():
        board = Board(ttt(), bots={O: RaisingBot()}, bot_delay=0.01)
        click(board, "5")
        assert board.thinking
        await asyncio.sleep(0.1)
        assert not board.thinking and board.state.history == ["5"]
        assert board.message == "O's bot failed: raised RuntimeError: 'out of ideas'" and "thinking" not in board.status
        send(board, "undo")
        assert board.state.history == [] and board.message == "" and board.status == "X to move"

    asyncio.run(scenario())


def test_an_interrupted_bot_stops_thinking_and_the_interrupt_goes_on():
    board = Board(ttt(), bots={O: ScriptedBot("1")})
    board.bots[O] = InterruptedBot()
    with pytest.raises(KeyboardInterrupt):
        board.act("5")
    assert not board.thinking and board.state.history == ["5"]
    assert board.status == "O (interrupted bot) was interrupted: Undo or New game to go on"
    board.run_bots()  # a stalled bot is not asked again until Undo or New game
    assert board.state.history == ["5"]


def test_an_interrupt_on_the_event_loop_stops_the_bot_not_the_loop():
    async def scenario():
        board = Board(ttt(), bots={O: ScriptedBot("1")}, bot_delay=0.01)
        board.bots[O] = InterruptedBot()  # in this process, so its interrupt is the person's (as Ctrl-C is)
        click(board, "5")
        await asyncio.sleep(0.1)  # the interrupt stays inside the board: the loop runs on
        assert not board.thinking and board.message == "O's bot was interrupted"

    asyncio.run(scenario())


def test_bots_play_a_long_game_to_the_end_without_a_human():
    state = tictac_nb.new_game("tic-tac-ko", seed=3)
    board = Board(state, bots={p: RandomBot(p) for p in range(state.num_players)})
    assert board.state.outcome is not None and not board.thinking and board.message == ""
    assert len(board.state.history) > 50


def test_run_bots_plays_every_bot_move_due_now():
    board = Board(ttt(), bots={X: RandomBot(seed=1), O: RandomBot(seed=2)})
    assert board.state.outcome is not None and not board.thinking
    board.new_game()
    board.run_bots()
    assert board.state.outcome is not None


# ---- two-step choices (first steps) ----------------------------------------------------------------

def test_a_first_step_opens_the_second_step_then_plays():
    board = Board(PICK.new_game(1))
    assert board.hot_seat and board.svg.endswith("<text>None|1 2 1a 1b 2a 2b</text></svg>")
    click(board, "1")
    assert board.pending == "1" and board.choosing and board.state.history == [] and board.message == ""
    assert "<text>1|1 2 1a 1b 2a 2b</text>" in board.svg
    click(board, "1b")
    assert board.state.history == ["1b"] and board.pending is None and not board.choosing
    assert board.cover == ""  # no hidden information: no cover between two humans
    assert "<text>None|2 2a 2b</text>" in board.svg


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
    assert board.pending is None and not board.choosing and "<text>None|" in board.svg
    click(board, "3")
    assert board.message == "'3' is not a free pick" and board.state.history == []


def test_a_prefix_that_is_no_first_step_is_refused_by_the_rules():
    board = Board(PICK.new_game(1))
    before = snapshot(board)
    state = board.state
    state.targets = lambda: [t for t in Pick.targets(state) if t.action != "1"]  # "2" opens; "1" does not
    click(board, "1")
    assert board.message == "'1' is not a free pick" and snapshot(board) == before


class OldPick(Pick):
    """A game that lists no first steps in `targets()`: the board takes any prefix to its renderer."""

    def targets(self):
        return State.targets(self)


def test_a_prefix_the_renderer_cannot_open_is_refused_plainly():
    def render(view, targets, pending, width=None):
        if pending == "1":
            raise IndexError("no such card")
        return render_pick(view, targets, pending, width)

    board = Board(Game(name="pick", title="Pick", state_class=OldPick, render=render).new_game(1))
    before = snapshot(board)
    click(board, "1")
    assert board.message == "'1' is not an action you can take now" and snapshot(board) == before
    click(board, "2")
    assert board.pending == "2" and board.message == ""


# ---- a board bound to a seat ---------------------------------------------------------------------

def test_a_board_bound_to_a_seat_plays_only_for_that_seat():
    state = tictac_nb.new_game("tic-toc", seed=3)
    seat = state.to_move
    other = 1 - seat
    board = Board(state, seat=seat)
    click(board, next(a for a in state.legal_actions() if a != "end"))
    while state.to_move == seat:
        click(board, "end" if "end" in state.legal_actions() else state.legal_actions()[0])
    before = snapshot(board)
    hidden = "discard Captain Hook"
    click(board, hidden)
    assert board.message == (f"it is {state.player_name(other)}'s turn; this board plays "
                             f"{state.player_name(seat)}")
    assert snapshot(board) == before
    for action in state.legal_actions():
        click(board, action)
        assert snapshot(board) == before and "hand" not in board.message


def test_undo_on_a_bound_board_goes_back_only_to_its_seats_turn():
    state = ttt()
    board = Board(state, seat=O)
    assert not board.can_undo
    state.play("5")  # X, on another board
    board.refresh()
    send(board, "undo")
    assert board.message == "there is no earlier turn of yours to go back to" and state.history == ["5"]
    click(board, "1")
    state.play("9")
    board.refresh()
    send(board, "undo")
    assert state.history == ["5"] and state.to_move == O


def test_a_board_cannot_be_bound_to_a_bots_seat():
    with pytest.raises(ValueError, match="seat 1 is played by a bot"):
        Board(ttt(), bots={O: RandomBot()}, seat=O)


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
    send(board, "reveal")
    assert board.cover == "" and board.svg == board.state.render_svg(O)
    click(board, "1")
    assert board.state.history == ["5", "1"] and board.cover == "Pass the screen to X. X: show my board"


def test_undo_is_locked_under_the_cover():
    board = Board(ttt())
    click(board, "4")
    click(board, "peek 9")  # X knows the tile under 9
    assert board.cover and not board.can_undo
    before = snapshot(board)
    send(board, "undo")
    assert board.message == "the board is covered: reveal it first" and snapshot(board) == before


def test_undo_in_hot_seat_covers_the_board_for_the_player_it_goes_back_to():
    board = Board(ttt())
    click(board, "4")
    click(board, "peek 9")
    send(board, "reveal")  # O holds the screen
    send(board, "undo")  # back to X's peek: X's knowledge must not show to O
    assert board.state.history == ["4"] and board.cover == "Pass the screen to X. X: show my board"
    assert board.svg == board.state.render_svg(None)


def test_new_game_in_hot_seat_covers_the_board_first():
    board = Board(ttt())
    click(board, "5")
    send(board, "new")
    assert board.cover == "Pass the screen to X. X: show my board"
    assert board.svg == board.state.render_svg(None) and not board.can_undo
    send(board, "reveal")
    assert board.cover == "" and board.svg == board.state.render_svg(X)


def test_a_stale_reveal_does_not_lift_the_next_cover():
    board = Board(ttt())
    click(board, "5")
    covered = board.turn
    send(board, "reveal", turn=covered)
    click(board, "1")
    send(board, "reveal", turn=covered)  # the second click of a double click on the cover
    assert board.cover == "Pass the screen to X. X: show my board"


def test_hot_seat_shows_nobodys_secrets_once_the_game_is_over():
    board = Board(ttt())
    for square in ("4", "peek 2"):  # X flips the Peek tile and looks under square 2
        click(board, square)
    send(board, "reveal")
    for square in ("1", "5", "9"):
        click(board, square)
        send(board, "reveal")
    click(board, "6")
    assert board.state.outcome.winners == (X,)
    assert board.cover == "" and board.svg == board.state.render_svg(None)


def test_reveal_without_a_cover_changes_nothing():
    board = Board(ttt())
    before = snapshot(board)
    send(board, "reveal")
    assert snapshot(board) == before and board.message == ""


def test_a_fixed_seat_never_covers():
    board = Board(ttt(), seat=X)
    click(board, "5")
    assert board.cover == "" and board.svg == board.state.render_svg(X)


# ---- width, output, construction ----------------------------------------------------------------------

def test_the_board_is_drawn_for_the_width_the_page_reports():
    seen = []

    def render(view, targets, pending, width=None):
        seen.append(width)
        return render_pick(view, targets, pending, width)

    game = Game(name="pick", title="Pick", state_class=Pick, render=render)
    board = Board(game.new_game(1))
    board._on_message(board, {"type": "width", "width": 401.6})
    assert seen[0] is None and seen[-1] == 402 and board.width == 402
    turn = board.turn
    board._on_message(board, {"type": "width", "width": 402})
    assert len(seen) == 2 and board.turn == turn  # the same width draws nothing; width is no move


def test_the_output_carries_static_copies_of_the_board():
    board = Board(ttt("5"), bots={X: RandomBot(1)})
    data, _metadata = board._repr_mimebundle_()
    assert data["image/svg+xml"] == board.svg == board.state.render_svg(O)
    assert "application/vnd.jupyter.widget-view+json" in data
    picture = base64.b64encode(board.svg.encode()).decode()
    assert data["text/markdown"] == f'<img src="data:image/svg+xml;base64,{picture}" alt="O to move">\n\nO to move\n'
    assert data["text/plain"] == "O to move", "a saved notebook shows words, never the widget's repr"


def test_the_static_copies_of_a_covered_board_are_the_onlookers():
    board = Board(ttt())
    click(board, "4")
    click(board, "peek 9")
    assert board.cover
    data = board._repr_mimebundle_()[0]
    assert data["image/svg+xml"] == board.state.render_svg(None)
    assert "Pass the screen to O" in data["text/markdown"]


def test_bad_seats_are_refused():
    with pytest.raises(ValueError, match="bots are keyed by seat, 0 to 1, not 2"):
        Board(ttt(), bots={2: RandomBot()})
    with pytest.raises(ValueError, match="viewer must be None or a player from 0 to 1, not 5"):
        Board(ttt(), seat=5)


def test_act_refuses_directly_too():
    board = Board(ttt(), bots={O: ScriptedBot("1")})
    with pytest.raises(IllegalAction, match="a target is text, not int"):
        board.act(5)


class BrokenRender:
    """A renderer bug must not leave a half-done move behind."""

    def __init__(self) -> None:
        self.fail = False

    def __call__(self, view, targets, pending, width=None):
        if self.fail:
            raise IndexError("renderer bug")
        return render_pick(view, targets, pending, width)


def test_a_bug_while_handling_a_message_leaves_game_and_board_as_they_were():
    render = BrokenRender()
    board = Board(Game(name="pick", title="Pick", state_class=Pick, render=render).new_game(1))
    before = snapshot(board)
    render.fail = True
    click(board, "1a")
    assert board.message == "the board could not handle that: IndexError: renderer bug"
    assert snapshot(board) == before and board.state.history == []


# ---- every registered game -----------------------------------------------------------------------

def test_any_game_can_be_clicked_through_in_hot_seat(game_name):
    state = random_game(game_name, 4, stop_after=0)
    board = Board(state)
    rng = random.Random(4)
    for _ in range(40):
        if board.state.outcome is not None:
            break
        if board.cover:
            send(board, "reveal")
        viewer = board.viewer()
        assert board.svg == board.state.render_svg(viewer, board.pending)
        action = rng.choice(board.state.legal_actions())
        click(board, action)
        assert board.message == ""
        assert board.said == told(board.state.player_name(movers(board)[-1]), describe_last(board))


def movers(board):
    return board._movers()


def describe_last(board):
    before = board.state.clone()
    before.undo()
    return before.describe(board.state.history[-1])


@pytest.mark.parametrize("game_name", [name for name, g in tictac_nb.GAMES.items() if g.hidden_information])
def test_the_synced_state_holds_nothing_the_seat_may_not_know(game_name):
    for seed in range(3):
        state = random_game(game_name, seed, stop_after=4 + 3 * seed)
        for seat in range(state.num_players):
            lookalike = state.determinize(seat, random.Random(seed + 100))
            real, other = synced_state(Board(state, seat=seat)), synced_state(Board(lookalike, seat=seat))
            if not lookalike.replayable:  # a made-up copy cannot undo; that says nothing of the game
                del real["can_undo"], other["can_undo"]
            assert real == other


@pytest.mark.parametrize(("game_name", "target"), [
    ("tic-tac-ko", "p"), ("tic-tac-ko", "pa"), ("tic-tac-ko", "dra"), ("tic-toc", "smee @\u00b3"),
    ("tic-toc", "croc @\u00b2"), ("tyc", "99Z"), ("tic-tac-trek", "fire  0,2"),
])
def test_odd_targets_from_the_attack_are_refused_and_change_nothing(game_name, target):
    board = Board(tictac_nb.new_game(game_name, seed=1))
    if board.cover:
        send(board, "reveal")
    before = snapshot(board)
    click(board, target)
    assert board.message and not board.message.startswith("the board could not")
    assert snapshot(board) == before


# ---- the attack: any message, any time --------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
KINDS = st.sampled_from(["act", "undo", "new", "reveal", "cancel", "width", "ACT", "", "act "])


@st.composite
def messages(draw, board: Board) -> object:
    """Anything a page (or someone posing as one) may send: junk, odd fields, stale or repeated turns, other
    seats' moves, prefixes and variations of real actions."""
    state = board.state
    actions = list(state.legal_actions()) or ["5"]
    real = draw(st.sampled_from(actions + [t.action for t in state.targets()]))
    target = draw(st.one_of(st.just(real), st.just(real[: draw(st.integers(0, len(real)))]),
                            st.just(real.upper()), st.just(real + " "), st.text(max_size=10), JSON))
    turn = draw(st.one_of(st.just(board.turn), st.integers(board.turn - 3, board.turn + 1), st.just(10**30), JSON))
    kind = draw(KINDS)
    message = {"type": kind, "turn": turn, "target": target, "width": draw(st.one_of(st.floats(), st.integers(),
                                                                                       JSON))}
    drop = draw(st.sets(st.sampled_from(["turn", "target", "width"])))
    shaped = {k: v for k, v in message.items() if k not in drop}
    return draw(st.one_of(st.just(shaped), JSON))


@pytest.mark.parametrize("game_name", ALL_GAMES)
@pytest.mark.parametrize("seats", ["hot seat", "bound to 0", "against a bot"])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_message_escapes_or_corrupts(game_name, seats, data):
    state = random_game(game_name, data.draw(st.integers(0, 3)), stop_after=data.draw(st.integers(0, 6)))
    if state.outcome is not None:
        state = tictac_nb.new_game(game_name, seed=1)
    bots = {p: RandomBot(p) for p in range(1, state.num_players)}
    board = {"hot seat": lambda: Board(state), "bound to 0": lambda: Board(state, seat=0),
             "against a bot": lambda: Board(state, bots=bots)}[seats]()
    for _ in range(12):
        content = data.draw(messages(board))
        repeats = data.draw(st.integers(1, 2))  # a double click sends the same message twice
        for _ in range(repeats):
            board.message = ""
            before, traits = snapshot(board), synced_state(board)
            board._on_message(board, content)  # nothing escapes: an exception fails the test
            assert not board.message.startswith("the board could not"), board.message
            if board.message:  # refused: game and board exactly as they were
                assert snapshot(board) == before
                assert {k: v for k, v in synced_state(board).items() if k not in ("message", "answers")} == {
                    k: v for k, v in traits.items() if k not in ("message", "answers")}
            elif board.turn == traits["turn"]:  # no move: the game is as it was
                assert board.state.record() == before[1]
            if seats == "bound to 0" and board.turn != traits["turn"] and board.state.history:
                assert board._movers()[-1] == 0 or len(board.state.history) < len(before[1]["moves"])


def test_a_student_function_plays_a_seat_from_its_sandbox():
    """A plain function is a bot: the board plays it in a sandbox of its own, which ends with the board."""
    def first_legal(state):
        return state.legal_actions()[0]

    game = tictac_nb.new_game("tic-tac-two", seed=4)
    board = Board(game, bots={1: first_legal})
    assert isinstance(board.bots[1], sandbox.SandboxBot) and board.bots[1].time_limit == sandbox.BOARD_TIME_LIMIT
    board.act(board.state.legal_actions()[0])
    board.run_bots()
    assert len(board.state.history) == 2
    process = board.bots[1].worker.process
    board.close()
    assert process.poll() is not None and board.bots[1].worker is None


# ---- forced passes: the board passes for a human who can only pass (K.O.'s answer windows) ------------

def ko_answer_window(cute=CUTE_HAND[:6]):
    """Evil (seat 0) is about to play King Creepy on 5; Cute (seat 1) then answers or passes."""
    return new(evil=["King Creepy"] + EVIL_HAND[:5], cute=list(cute))


def test_a_human_who_can_only_pass_is_passed_for_with_no_cover():
    board = Board(ko_answer_window())  # two humans at one screen
    covers = []
    board.observe(lambda change: covers.append((change.new, len(board.state.history))), names="cover")
    click(board, "play King Creepy @5")
    assert board.state.history == ["play King Creepy @5", "pass"]
    window = ko_answer_window()
    window.play("play King Creepy @5")
    assert board.said == told("Cute", window.describe("pass"))  # as a pass clicked would be said
    # no cover for the answer Cute cannot give; the cover goes up for Cute's own turn, after the pass
    assert [plays for cover, plays in covers if cover] == [2] and board.state.to_move == 1


def test_a_human_who_may_answer_is_asked_and_auto_pass_can_be_switched_off():
    board = Board(ko_answer_window(["Friendship Circle"] + CUTE_HAND[:5]))
    click(board, "play King Creepy @5")
    assert board.state.history == ["play King Creepy @5"] and board.cover.startswith("Pass the screen to Cute")
    asked = Board(ko_answer_window(), auto_pass=False)
    click(asked, "play King Creepy @5")
    assert asked.state.history == ["play King Creepy @5"] and asked.state.legal_actions() == ("pass",)
    assert asked.cover.startswith("Pass the screen to Cute")


def test_a_forced_pass_waits_the_same_pause_and_a_pass_clicked_meanwhile_is_not_doubled():
    async def scenario():
        loop = asyncio.get_running_loop()
        delays = []
        schedule = loop.call_later

        def noted(delay, callback, *args):
            delays.append((getattr(callback, "__name__", ""), delay))
            return schedule(delay, callback, *args)

        loop.call_later = noted
        board = Board(ko_answer_window(), bots={0: ScriptedBot("play King Creepy @5", "pass")}, bot_delay=0.01)
        await asyncio.sleep(0.05)
        assert board.state.history == ["play King Creepy @5"] and ("_auto_pass", AUTO_PASS_DELAY) in delays
        await asyncio.sleep(AUTO_PASS_DELAY + 0.1)
        assert board.state.history[:2] == ["play King Creepy @5", "pass"]

        early = Board(ko_answer_window())
        click(early, "play King Creepy @5")
        click(early, "pass")  # the human passes before the board does
        await asyncio.sleep(AUTO_PASS_DELAY + 0.1)
        assert early.state.history == ["play King Creepy @5", "pass"]

    asyncio.run(scenario())

"""`check_game`: it passes the kit's five games and a student's plain tic-tac-toe, and each deliberately
broken game fails with the sentence that names what is wrong."""

from __future__ import annotations

import dataclasses
import random
import re
import time

import pytest

import tictac_nb
from tictac_nb import Game, GameCheckFailed, IllegalAction, InvalidOption, Outcome, State, check_game
from tictac_nb.checks import AIM_BOT_MS, AIM_MOVES_PER_SECOND, speed_warnings
from tictac_nb.classroom import printing
from tictac_nb.core.bots import MCTSBot, RandomBot
from tictac_nb.core.engine import InvalidGame, Option, int_between, seed_bits
from tictac_nb.core.frozen import FrozenDict
from tictac_nb.core.registry import BUILTIN
from tictac_nb.grid import GridState, grid_game

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
SQUARES = tuple(str(n) for n in range(1, 10))


class Noughts(State):
    """Noughts and crosses, as a student writes it.

    Rules:
    - Two players, X and O; who starts is the option `first` (None: by seed). Squares 1-9; notation `5`.
    - Three marks of yours in a row, column or diagonal win; a full board with no line is a draw.
    """

    num_players = 2
    player_names = ("X", "O")

    def setup(self, rng: random.Random) -> None:
        first = self.options["first"]
        self.first = seed_bits(self.seed) & 1 if first is None else first
        self.to_move = self.first
        self.marks: list[int | None] = [None] * 9

    def legal_actions(self) -> tuple[str, ...]:
        if self.outcome is not None:
            return ()
        return tuple(SQUARES[i] for i in range(9) if self.marks[i] is None)

    def apply(self, action: str) -> None:
        self.marks[int(action) - 1] = self.to_move
        if any(self.marks[a] == self.marks[b] == self.marks[c] == self.to_move for a, b, c in LINES):
            self.outcome, self.to_move = Outcome((self.to_move,), None, f"{'XO'[self.to_move]} wins"), None
        elif None not in self.marks:
            self.outcome, self.to_move = Outcome((), None, "draw: the board is full"), None
        else:
            self.to_move = 1 - self.to_move

    def refusal(self, action: str) -> str:
        if action in SQUARES:
            return f"square {action} is taken"
        return f"{action!r} is no square: squares are 1 to 9"

    def view_body(self, player: int | None) -> dict:
        return {"marks": [None if m is None else "XO"[m] for m in self.marks]}

    def key(self):
        return tuple(self.marks), self.to_move, self.outcome

    def setup_record(self) -> dict:
        return {"first": self.first}


Noughts.__module__ = "__main__"  # as a notebook defines it: its rules are its own docstring


def render(view: dict, targets, pending, width=None) -> str:
    cells = "".join(f'<text x="{i % 3}" y="{i // 3}">{m or ""}</text>' for i, m in enumerate(view["marks"]))
    return (f'<svg xmlns="http://www.w3.org/2000/svg">{cells}<g class="ttn-status-line"><text>{view["status"]}'
            "</text></g></svg>")


NOUGHTS = Game(name="noughts", title="Noughts", state_class=Noughts, render=render, move_cap=9,
               options={"first": Option(None, int_between(0, 1, allow_none=True), "who starts (None: by seed)")})


def broken(state_class: type, **facts) -> Game:
    """NOUGHTS with another state class (a subclass with one mistake) or other declared facts."""
    return dataclasses.replace(NOUGHTS, state_class=state_class, **facts)


def failure(game: Game, check: str) -> str:
    report = check_game(game, games=2)
    found = {c.name: c for c in report.checks}
    assert not found[check].ok, report
    return found[check].failure


# ---- the kit's games, and a student's that keeps the contract ------------------------------------
@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_the_kits_games_keep_the_contract(name):
    report = check_game(tictac_nb.GAMES[name], games=2)
    assert report.ok, report
    assert report.raise_for_failures() is report
    assert report.figures["random moves/s"] > 0 and report.figures["bot ms/move"] >= 0


def test_a_students_tic_tac_toe_keeps_the_contract_with_no_determinize_and_no_phase():
    report = check_game(NOUGHTS)
    assert report.ok, report
    assert len(report.checks) == 17 and not report.failures and "For players" in report.warnings[0]
    text = repr(report)
    assert text.startswith("check_game('noughts'): every check passed")
    assert text.count("✓") == 17 and "random play:" in text
    assert "✓" in report._repr_html_() and "<b>games end</b>" in report._repr_html_()


def test_the_default_determinize_pins_the_seeds_setup_in_the_options_and_replays():
    state = NOUGHTS.start(1, {})
    state.play("5")
    copy = state.determinize(0, random.Random(3))
    assert copy.seed != state.seed and copy.options["first"] == state.first and copy.replayable
    again = copy.clone()
    assert again.undo() == "5" and again.to_move == state.first


# ---- broken games: each fails with the sentence that names the mistake ---------------------------
class NeverEnds(Noughts):
    """A pass is always legal, and nothing ever sets the outcome."""

    def legal_actions(self):
        return (*(SQUARES[i] for i in range(9) if self.marks[i] is None), "pass")

    def apply(self, action):
        if action != "pass":
            self.marks[int(action) - 1] = self.to_move
        self.to_move = 1 - self.to_move


def test_a_game_that_forgets_to_end_is_named_with_its_seed_and_moves():
    report = check_game(broken(NeverEnds, move_cap=30), games=2)
    said = {c.name: c.failure for c in report.checks}["games end"]
    assert {c.name: c.failure for c in report.checks}["fair bots"].startswith("not checked, since not every game ends")
    assert re.match(r"After 30 moves \(seed 0: …(, [1-9]|, pass){10}\): the game has lasted move_cap \(30\) "
                    r"actions and has not ended", said), said
    assert "apply() must set self.outcome" in said and "declare a larger move_cap" in said


class StuckAtFull(Noughts):
    def apply(self, action):
        self.marks[int(action) - 1] = self.to_move
        self.to_move = 1 - self.to_move


def test_a_game_whose_moves_run_out_without_an_outcome():
    said = failure(broken(StuckAtFull), "games end")
    assert re.match(r"After 9 moves \(seed 0: [1-9](, [1-9]){8}\): legal_actions\(\) is empty, but the game has no "
                    r"outcome", said), said


class OddPhase(Noughts):
    def phase(self):
        return "turn"


def test_a_phase_the_game_does_not_declare():
    said = failure(broken(OddPhase), "games end")
    assert said.startswith("At the start (seed 0): phase() says 'turn', which is not one of the phases the Game "
                           "declares ('move')"), said
    assert check_game(broken(OddPhase, phases=("turn",)), games=1).ok


class ApplyRaises(Noughts):
    def apply(self, action):
        if action == "5":
            return self.score() / 0
        super().apply(action)

    def score(self):
        return len(self.history)


def test_an_exception_in_the_games_code_names_the_method_and_its_message():
    said = failure(broken(ApplyRaises), "games end")
    assert re.fullmatch(r"After \d moves \(seed 0: [^)]*\), apply\(\) raised ZeroDivisionError: division by zero "
                        r"\(line \d+\)", said), said


class Leaky(Noughts):
    """Each seat has a lucky square nobody else knows; this view shows both."""

    def setup(self, rng):
        super().setup(rng)
        self.lucky = tuple(self.options["lucky"] or (rng.randrange(9), rng.randrange(9)))

    def view_body(self, player):
        return {**super().view_body(player), "lucky": list(self.lucky)}

    def determinize(self, player, rng):
        copy = self.clone()
        copy.seed = rng.randrange(2**32)
        lucky = [rng.randrange(9) if seat != player else self.lucky[seat] for seat in range(2)]
        copy.lucky = tuple(lucky)
        copy.options = FrozenDict(self.options, first=self.first, lucky=copy.lucky)
        return copy

    def setup_record(self):
        return {"first": self.first, "lucky": list(self.lucky)}

    def key(self):
        return super().key(), self.lucky


LUCKY = {"lucky": Option(None, lambda v: v, "the lucky squares (None: by seed)"), **NOUGHTS.options}


def test_a_view_that_leaks_a_hidden_value():
    said = failure(broken(Leaky, hidden_information=True, options=LUCKY), "hidden information")
    assert re.match(r"At the start \(seed 0\): view\(None\) shows 'lucky' as \[\d, \d\] but as \[\d, \d\] on a copy "
                    r"determinized for the onlooker, so the view holds something the onlooker may not know", said), said


class Unlisted(Noughts):
    def is_legal(self, action):
        return type(action) is str and "sq" + action in {"sq" + a for a in self.legal_actions()} and len(action) > 1


def test_a_notation_play_does_not_take_back():
    said = failure(broken(Unlisted), "games end")
    assert re.match(r"At the start \(seed 0\): legal_actions\(\) lists '\d' but play\(\) refuses it \(square \d is "
                    r"taken\): is_legal\(\) and legal_actions\(\) must agree", said), said


class IntActions(Noughts):
    def legal_actions(self):
        return tuple(int(a) for a in super().legal_actions())


def test_actions_that_are_not_text():
    said = failure(broken(IntActions), "notation")
    assert re.fullmatch(r"At the start \(seed 0\): legal_actions\(\) lists \d, an int: an action is its "
                        r"notation, plain text such as '\d'", said), said


class NoisyRefusal(Noughts):
    def refusal(self, action):
        self.to_move = 1 - self.to_move
        return super().refusal(action)


def test_a_refusal_that_changes_the_state():
    said = failure(broken(NoisyRefusal), "refusals")
    assert re.fullmatch(r"At the start \(seed 0\): play\(''\) was refused \('' is no square: squares are 1 to "
                        r"9\) but changed the state: refusal\(\) only explains, it must not change the position",
                        said), said


class OwnUndo(Noughts):
    """An undo of its own that forgets to wipe the square."""

    def undo(self):
        last = self.history.pop()
        self.to_move = 1 - self.to_move
        return last


def test_an_undo_that_does_not_restore():
    said = failure(broken(OwnUndo), "undo")
    assert re.fullmatch(r"At the start \(seed 0\): after play\('\d'\) and undo\(\) the position is not the one "
                        r"before .*make key\(\) describe all of it", said), said


SHARED = [None] * 9


class SharedBoard(Noughts):
    """The classic slip: the board lives in a module global, so every game (and undo's replay) shares it."""

    def setup(self, rng):
        super().setup(rng)
        self.marks = SHARED


def test_a_board_shared_between_games():
    SHARED[:] = [None] * 9
    said = failure(broken(SharedBoard), "undo")
    assert re.fullmatch(r"After 1 move \(seed 0: \d\): replaying the same seed and moves refused '\d' \(square \d "
                        r"is taken\), though it was legal when first played\. A game must draw all its chance from "
                        r"the seed in setup\(\) \(no random.random\(\), no clock, nothing shared between games\).*",
                        said), said


class ForgetsTheSetup(Noughts):
    def setup_record(self):
        return {}


def test_a_setup_drawn_from_the_seed_but_not_recorded_breaks_determinized_copies():
    said = failure(broken(ForgetsTheSetup), "determinized copies")
    assert re.match(r"After 1 move \(seed 0: \d\): a copy determinized for viewer None replays another game",
                    said), said
    assert "named in setup_record() under the option that fixes it" in said


class RecordsNoOption(Noughts):
    def setup_record(self):
        return {"starter": self.first}


def test_a_setup_recorded_under_a_name_that_is_no_option():
    said = failure(broken(RecordsNoOption), "declared facts")
    assert said.startswith("setup_record() names 'starter', which is no option of the game, so the default "
                           "determinize cannot pin it"), said
    copy = broken(RecordsNoOption).start(4, {}).determinize(None, random.Random(1))
    assert not copy.replayable  # it says so rather than replay another game
    assert failure(broken(RecordsNoOption), "determinized copies").startswith("After 1 move")


def picky(value):
    if value is not None and value not in (0, 1):
        raise TypeError("no")
    return value


def test_an_option_check_that_raises_something_else_than_invalid_option():
    game = dataclasses.replace(NOUGHTS, options={"first": Option(None, picky, "who starts")})
    said = failure(game, "options")
    assert re.fullmatch(r"new_game\(first=-1\) gave picky\(\) raised TypeError: no \(line \d+\): an option's "
                        r"check refuses a value it cannot take with InvalidOption\('must be \.\.\.'\), which names "
                        r"the problem", said), said


class CheatBot:
    """Plays the square the opponent finds lucky, which it may not know."""

    def __init__(self, seed=None):
        pass

    def choose(self, state):
        lucky = SQUARES[state.lucky[1 - state.to_move]]
        return lucky if lucky in state.legal_actions() else state.legal_actions()[0]


def test_a_default_bot_that_reads_a_secret():
    game = broken(Leaky, hidden_information=True, options=LUCKY, default_bot=CheatBot)
    report = check_game(game, games=3)
    said = {c.name: c.failure for c in report.checks}["fair bots"]
    assert re.match(r"After \d moves \(seed 0: [^)]*\): the default bot chose '\d' on the real game but '\d' on a "
                    r"copy player \d cannot tell apart from it, so it decides from something its seat may not know",
                    said), said


class NoStatusLine(Noughts):
    pass


def test_a_board_without_its_status_line_group():
    game = broken(NoStatusLine, render=lambda view, targets, pending, width=None: "<svg><text>hi</text></svg>")
    said = failure(game, "drawing")
    assert said.startswith("At the start (seed 0): the board drawn for viewer None has no group of class "
                           "'ttn-status-line'"), said


def test_failures_raise_one_assertion_with_every_sentence():
    report = check_game(broken(OddPhase), games=1)
    assert not report.ok and len(report.failures) >= 1
    with pytest.raises(GameCheckFailed, match=r"Noughts breaks the game contract:\n- games end: At the start") as err:
        report.raise_for_failures()
    assert isinstance(err.value, AssertionError)
    assert "✗ games end: At the start (seed 0): phase() says 'turn'" in repr(report)


def test_speed_under_the_aims_is_a_warning_sentence():
    said = speed_warnings({"random moves/s": 1200.0, "bot ms/move": 250.0})
    assert said[0].startswith(f"random play runs 1,200 moves a second, under the kit's aim of {AIM_MOVES_PER_SECOND:,}")
    assert said[1].startswith(f"the default bot takes 250 ms a move, over the kit's aim of {AIM_BOT_MS} ms")
    assert speed_warnings({"random moves/s": 2e5, "bot ms/move": 5.0}) == []


def test_check_game_refuses_what_is_not_a_game():
    with pytest.raises(TypeError, match="check_game takes a Game"):
        check_game("noughts")
    with pytest.raises(ValueError, match="games is a whole number"):
        check_game(NOUGHTS, games=0)
    with pytest.raises(InvalidOption, match="seed must be a whole number"):
        check_game(NOUGHTS, seed=-1)


# ---- the declared facts, checked when the Game is made ------------------------------------------
@pytest.mark.parametrize(("facts", "words"), [
    ({"phases": ()}, "phases is a tuple of the names phase"),
    ({"phases": ("move", "over")}, "must not hold 'over'"),
    ({"players": (0,)}, "players is a tuple of the player counts"),
    ({"players": 2}, "players is a tuple of the player counts"),
    ({"move_cap": 0}, "move_cap is the most actions"),
    ({"move_cap": True}, "move_cap is the most actions"),
    ({"copies_replay": "yes"}, "copies_replay is True or False"),
    ({"hidden_information": True}, "must declare its secrets .* or override determinize"),
    ({"phases": ("mark", "peek")}, "needs a phase\\(\\) that says which step"),
])
def test_declared_facts_are_checked_when_the_game_is_made(facts, words):
    with pytest.raises(InvalidGame, match=words):
        broken(Noughts, **facts)


def test_declared_facts_are_normalized():
    game = broken(Noughts, phases=["move"], players=[4, 2, 3])
    assert game.phases == ("move",) and game.players == (2, 3, 4)
    assert NOUGHTS.phases == ("move",) and NOUGHTS.players == (2,) and NOUGHTS.copies_replay


def test_the_kits_games_declare_their_facts():
    games = tictac_nb.GAMES
    assert games["tic-tac-ko"].phases == ("start", "action", "more", "answer", "effect")
    assert games["tic-toc"].players == games["tic-tac-ko"].players == (2, 3, 4)
    kits = {name: games[name].copies_replay for name in ("tic-tac-two", "tyc", "tic-tac-trek", "tic-toc", "tic-tac-ko")}
    assert kits == {"tic-tac-two": True, "tyc": True, "tic-tac-trek": True, "tic-toc": False, "tic-tac-ko": False}
    assert "determinize" not in vars(type(games["tyc"].new_game(1)))  # the default covers Tyc


# ---- the rules docstring: a student's prints too --------------------------------------------------
def test_a_docstring_without_the_kits_headings_still_gives_rules_to_print():
    assert printing.players_rules(NOUGHTS)[0].startswith("Two players, X and O")
    assert printing.rules_summary(NOUGHTS) == (printing.players_rules(NOUGHTS), [])
    assert not printing.has_players_rules(NOUGHTS)
    report = check_game(NOUGHTS, games=1)
    assert any("no 'For players:' section" in w for w in report.warnings)


class Bare(Noughts):
    """Mark squares; three in a line wins.

    A full board is a draw.
    """


class Nameless(Noughts):
    pass


class Bulleted(Noughts):
    """Noughts, my way.

    - Mark a square on your turn,
      any empty one.
    - Three in a line wins.

    Draws:
    - A full board is a draw.
    """


Bare.__module__ = Nameless.__module__ = Bulleted.__module__ = "__main__"


def test_a_docstring_of_paragraphs_or_none_prints_a_sentence():
    assert printing.players_rules(broken(Bare)) == ["Mark squares; three in a line wins.", "A full board is a draw."]
    assert printing.players_rules(broken(Nameless)) == ["The rules of Noughts are not written down yet."]
    assert printing.players_rules(broken(Bulleted)) == ["Mark a square on your turn, any empty one.",
                                                        "Three in a line wins.", "A full board is a draw."]
    assert printing.rules_summary(broken(Bulleted)) == ([], [])


def test_register_and_check_a_students_game_together():
    tictac_nb.register(NOUGHTS)
    try:
        state = tictac_nb.new_game("noughts", seed=2)
        with pytest.raises(IllegalAction, match="no square"):
            state.play("0")
        assert check_game(tictac_nb.game_named("noughts"), games=1).ok
    finally:
        tictac_nb.unregister("noughts")
    with pytest.raises(InvalidOption):
        tictac_nb.game_named("noughts")


# ---- the student's mistakes, each named ----------------------------------------------------------
class NeverWon(Noughts):
    """Noughts whose wins are never seen."""

    def apply(self, action):
        self.marks[int(action) - 1] = self.to_move
        if None not in self.marks:
            self.outcome, self.to_move = Outcome((), None, "draw: the board is full"), None
        else:
            self.to_move = 1 - self.to_move


class FirstMoveWins(Noughts):
    """Noughts in which the first mark wins."""

    def apply(self, action):
        self.marks[int(action) - 1] = 0
        self.outcome, self.to_move = Outcome((0,), None, "X wins at once"), None


def test_a_game_nobody_wins_or_one_seat_always_wins_is_a_warning_with_the_figure():
    report = check_game(broken(NeverWon))
    assert report.ok and report.warnings[0] == ("none of 6 random games was won (each ended: 'draw: the board is "
                                                "full'): do the rules let anybody win? (a grid game's wins() returns "
                                                "the cells of the line it completes)"), report
    said = check_game(broken(FirstMoveWins, options={"first": Option(0, int_between(0, 1), "who starts")})).warnings
    assert said[0] == "X won all 6 random games: can the other seats ever win?", said


class NoRules(Noughts):
    pass


NoRules.__module__ = "__main__"


def test_a_state_class_without_its_own_docstring_fails():
    assert failure(broken(NoRules), "rules").startswith(
        "NoRules has no docstring of its own, so the rules page would print another class's: write the rules in "
        "the class's docstring")


class HidesTargets(Noughts):
    """Noughts keeping an attribute called targets."""

    def setup(self, rng):
        super().setup(rng)
        self.targets = "123"


def test_an_attribute_that_hides_a_protocol_method_is_named():
    report = check_game(broken(HidesTargets), games=2, progress=None)
    found = {c.name: c.failure for c in report.checks}
    assert found["own attributes"] == ("At the start (seed 0): the state has an attribute 'targets', which hides the "
                                       "method State.targets() that the kit calls (the board, the bots, the checks): "
                                       "give the attribute another name, such as self.my_targets")
    assert "TypeError: 'str' object is not callable" in found["drawing"]  # the message's quotes, uncut


class SharedRows(Noughts):
    """Noughts keeping its marks in rows, whose clone copies only the outer list."""

    def setup(self, rng):
        super().setup(rng)
        self.rows = [[None] * 3 for _ in range(3)]

    def apply(self, action):
        super().apply(action)
        self.rows[(int(action) - 1) // 3][(int(action) - 1) % 3] = "x"

    def clone(self):
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.marks, other.history, other.rows = self.marks[:], self.history[:], self.rows[:]
        return other


def test_state_shared_between_clones_is_named():
    said = failure(broken(SharedRows), "clones")
    assert re.fullmatch(r"(At the start|After \d moves?) \(seed 0[^)]*\): the attribute 'rows' is shared between "
                        r"the game and its clone\(\): playing the clone to the end changed the original's 'rows'\..*",
                        said), said


class Sleepy(Noughts):
    """Noughts with a rule that sleeps 3 ms."""

    def apply(self, action):
        time.sleep(0.003)
        super().apply(action)


def test_a_slow_game_is_named_with_its_speed_within_the_budget_and_says_its_progress(monkeypatch):
    from tictac_nb.checks import run as checks

    monkeypatch.setattr(checks, "BUDGET_SECONDS", 2.0)
    monkeypatch.setattr(checks, "PROGRESS_AFTER", 0.5)
    said: list[str] = []
    report = check_game(broken(Sleepy), progress=said.append)
    assert report.figures["random moves/s"] < checks.SLOW_MOVES_PER_SECOND
    late = [c.failure for c in report.checks if c.failure and c.failure.startswith("not checked")]
    assert late and re.fullmatch(r"not checked: the game plays only [\d,]+ random moves a second \(the kit aims at "
                                 r"50,000\), so check_game stopped after 2 s; make legal_actions\(\) and apply\(\) "
                                 r"faster .*", late[-1]), late
    assert said and re.fullmatch(r"check_game\('noughts'\): \w[\w ]* \(\d+ of 17\), \d+ s so far", said[-1]), said
    assert any("random play runs" in warning for warning in report.warnings)


# ---- secrets: declared in one line, and checks the game cannot steer --------------------------------
class Target(GridState):
    """Secret targets: each player is dealt a secret target square; only a line through your own target wins."""

    SECRETS = ("target",)

    def setup(self, rng):
        super().setup(rng)
        self.target = [rng.randrange(len(self.board)) for _ in range(self.num_players)]

    def wins(self, cell, mark):
        line = super().wins(cell, mark)
        return line if self.target[mark - 1] in line else ()


TARGET = grid_game("target", "Secret target", state_class=Target)


def test_declared_secrets_give_the_redaction_the_determinize_and_the_facts():
    assert TARGET.hidden_information and not TARGET.copies_replay
    state = TARGET.start(3, {})
    assert state.view(0)["target"] == [state.target[0], None] and state.view(1)["target"] == [None, state.target[1]]
    assert state.view(None)["target"] == [None, None]
    copies = [state.determinize(0, random.Random(n)) for n in range(20)]
    assert all(c.target[0] == state.target[0] and not c.replayable for c in copies)
    assert len({c.target[1] for c in copies}) > 1 and state.target == TARGET.start(3, {}).target
    mine, theirs = (f"your target: square {state.geometry.names[cell]}" for cell in state.target)
    assert mine in state.render_svg(0) and theirs not in state.render_svg(0)  # a board shows its seat's own
    assert "your target" not in state.render_svg(None)
    report = check_game(TARGET, games=2, progress=None)
    assert report.ok, report


class LeakyTarget(Target):
    """Secret targets, drawn for everyone to see."""

    def view_body(self, player):
        return {**super().view_body(player), "targets": list(self.target)}


def test_a_view_that_shows_a_declared_secret_names_the_part_and_the_seat():
    said = failure(grid_game("leaky", "Leaky", state_class=LeakyTarget), "secrets")
    assert said.startswith("At the start (seed 0): view(None) shows player 0's 'target', which the game declares "
                           "secret (SECRETS): its 'targets' changes when only player 0's 'target' does"), said


class KeepsTargets(GridState):
    """Secret targets written by hand, with a determinize that calls State.determinize and so keeps them."""

    def setup(self, rng):
        super().setup(rng)
        self.goal = [rng.randrange(len(self.board)) for _ in range(self.num_players)]

    def view_body(self, player):
        return {**super().view_body(player), "goal": None if player is None else self.goal[player]}

    def determinize(self, player, rng):
        copy = State.determinize(self, player, rng)
        copy.replayable = False
        return copy

    def wins(self, cell, mark):
        line = super().wins(cell, mark)
        return line if self.goal[mark - 1] in line else ()


def test_a_determinize_that_keeps_a_secret_fails_against_games_the_kit_deals():
    game = dataclasses.replace(grid_game("keeps", "Keeps", state_class=KeepsTargets), hidden_information=True,
                               copies_replay=False)
    said = failure(game, "hidden information")
    assert re.fullmatch(r"At the start \(seed 0\): determinize\(None, rng\) keeps something the onlooker cannot see: "
                        r"the kit dealt the same moves from seed \d+, a game the onlooker cannot tell apart \(the same "
                        r"view\(None\)\), and the copy made from it differs from the copy made from this game\..*",
                        said), said


def test_a_grid_game_takes_a_default_bot_and_a_move_cap_and_a_hand_made_game_has_one():
    game = grid_game("capped", "Capped", default_bot=RandomBot, move_cap=12)
    assert game.move_cap == 12 and isinstance(game.default_bot(seed=1), RandomBot)
    assert NOUGHTS.default_bot is MCTSBot and NOUGHTS.default_bot(seed=1).choose(NOUGHTS.start(1, {})) in SQUARES

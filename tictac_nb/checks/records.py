"""Records, notation and undo: a record rebuilds the same game, every action is text that play() takes back, and
undo() restores the position exactly."""

from __future__ import annotations

import json

from ..core.engine import MAX_ACTION_CHARS, IllegalAction, excerpt, load_record
from .run import Broken, Promise, Run
from .sentences import kind_of, sample


def records(run: Run) -> None:
    games = {run.game.name: run.game}
    for spot in run.spots():
        state = run.visit(spot, "record")
        record = state.record()
        try:
            text = json.dumps(record)
        except (TypeError, ValueError) as error:
            raise Broken(f"{spot.where()}: record() is not JSON data ({error}): setup_record() may hold only "
                         "text, numbers, True/False, None, lists and dicts") from None
        run.doing = "from_record"
        again = load_record(json.loads(text), games)
        if again != state or again.record() != record:
            raise Broken(f"{spot.where()}: from_record(record()) rebuilds another position: key() must describe "
                         "the whole position, and setup() must draw all chance from the seed")
        twin = run.visit(spot)
        if twin.key() != state.key():
            raise Broken(f"{spot.where()}: the same seed and moves gave two different positions (key() "
                         f"{excerpt(state.key())} and {excerpt(twin.key())}): all chance must come from the seed")


def notation(run: Run) -> None:
    for spot, state in run.running():
        legal = state.legal_actions()
        odd = next((a for a in legal if type(a) is not str), None)
        if odd is not None:
            raise Broken(f"{spot.where()}: legal_actions() lists {excerpt(odd)}, {kind_of(odd)}: an "
                         f"action is its notation, plain text such as {str(odd)!r}")
        if len(set(legal)) != len(legal):
            twice = next(a for a in legal if legal.count(a) > 1)
            raise Broken(f"{spot.where()}: legal_actions() lists {excerpt(twice)} twice: each action once")
        long = next((a for a in legal if len(a) > MAX_ACTION_CHARS), None)
        if long is not None:
            raise Broken(f"{spot.where()}: legal_actions() lists {excerpt(long)}, longer than "
                         f"{MAX_ACTION_CHARS} characters: make the notation short")
        for action in sample(legal, spot):
            run.doing = f"play({action!r})"
            trial = run.visit(spot)
            try:
                trial.play(action)
            except IllegalAction as refused:
                raise Broken(f"{spot.where()}: legal_actions() lists {excerpt(action)} but play({action!r}) "
                             f"refuses it ({refused}): is_legal() and legal_actions() must agree") from None
            if trial.history[-1] != action:
                raise Broken(f"{spot.where()}: play({action!r}) wrote {excerpt(trial.history[-1])} in the history")


def undo(run: Run) -> None:
    for spot, state in run.running():
        before = (state.record(), state.view(None))
        trial = run.visit(spot)
        for action in sample(state.legal_actions(), spot):  # on the same trial: each undo is checked to restore
            trial.play(action)
            run.doing = "undo"
            taken = trial.undo()
            if taken != action or trial != state or (trial.record(), trial.view(None)) != before:
                raise Broken(f"{spot.where()}: after play({action!r}) and undo() the position is not the one "
                             "before (undo replays the moves from the seed on a new state): keep the whole "
                             "position in the state (nothing in class attributes or module globals shared by "
                             "every game), and make key() describe all of it")


RECORDS = Promise("records", "record() goes through JSON and rebuilds the same game; a seed always deals the same "
                  "game", records)
NOTATION = Promise("notation", "every legal action is plain text that play() takes back", notation)
UNDO = Promise("undo", "undo() takes back the last action and restores the position exactly", undo)

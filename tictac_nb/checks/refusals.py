"""Illegal and junk actions are refused with a reason and change nothing; every legal action has words."""

from __future__ import annotations

from typing import Any

from ..core.engine import IllegalAction, Target, excerpt
from .run import Broken, Promise, Run

JUNK: tuple[Any, ...] = (None, 5, 3.5, b"5", ["5"], {"a": 1}, "", " ", "zzz", "@@", "999", "\x00", "1" * 500)


def refusals(run: Run) -> None:
    for spot, state in run.running():
        legal = set(state.legal_actions())
        tried = [junk for junk in JUNK if not (isinstance(junk, str) and junk in legal)]
        tried += [move for move in dict.fromkeys(spot.moves[-3:]) if move not in legal]
        before = (state.key(), state.record(), state.view(None), list(state.legal_actions()))
        for junk in tried:  # on the same state: each refusal is checked to have changed nothing
            run.doing = f"play({excerpt(junk)})"
            try:
                state.play(junk)
            except IllegalAction as refused:
                reason = str(refused)
            else:
                raise Broken(f"{spot.where()}: play({excerpt(junk)}) was accepted, though legal_actions() does "
                             "not list it: is_legal() must refuse it")
            if not reason.strip():
                raise Broken(f"{spot.where()}: play({excerpt(junk)}) was refused with no reason: refusal() "
                             "says which rule it breaks")
            if (state.key(), state.record(), state.view(None), list(state.legal_actions())) != before:
                raise Broken(f"{spot.where()}: play({excerpt(junk)}) was refused ({reason}) but changed the "
                             "state: refusal() only explains, it must not change the position")


def words(run: Run) -> None:
    for spot, state in run.running():
        run.doing = "status"
        status = state.status()
        if type(status) is not str or not status.strip():
            raise Broken(f"{spot.where()}: status() gave {excerpt(status)}; it says whose turn it is in a sentence")
        legal = list(state.legal_actions())
        for action in legal[:50]:
            run.doing = f"describe({action!r})"
            said = state.describe(action)
            if type(said) is not str or not said.strip():
                raise Broken(f"{spot.where()}: describe({action!r}) gave {excerpt(said)}; it words the action "
                             "for screen readers, such as 'mark square 5'")
        run.doing = "targets"
        targets = state.targets()
        for target in targets:
            if not (isinstance(target, Target) and type(target.action) is str and type(target.label) is str
                    and target.label.strip()):
                raise Broken(f"{spot.where()}: targets() lists {excerpt(target)}; each is a Target(action, label) "
                             "of two texts")
            if not any(a.startswith(target.action) for a in legal):
                raise Broken(f"{spot.where()}: targets() lists {target.action!r}, which is neither a legal action "
                             "nor the first step of one")
        missing = set(legal) - {t.action for t in targets}
        if missing:
            raise Broken(f"{spot.where()}: targets() leaves out the legal action {excerpt(min(missing))}: the "
                         "board could not play it")


REFUSALS = Promise("refusals", "illegal and junk actions raise IllegalAction with a reason and change nothing",
                   refusals)
WORDS = Promise("words", "describe() and targets() give words to every legal action", words)

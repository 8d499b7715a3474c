"""Determinized copies keep `Game.copies_replay`: they undo and replay the same game, or refuse to undo."""

from __future__ import annotations

from ..core.engine import IllegalAction, State
from .run import Broken, Promise, Run


def copies(run: Run) -> None:
    promised = run.game.copies_replay
    for spot in run.spots():
        if not spot.count:
            continue
        state = run.visit(spot)
        last = state.history[-1]
        for viewer in run.seats(state):
            run.doing = f"determinize({viewer}, rng)"
            copy = state.determinize(viewer, run.rng(spot, viewer))
            if copy.replayable != promised or copy.clone().replayable != promised:
                raise Broken(f"{spot.where()}: a copy determinized for viewer {viewer} says replayable = "
                             f"{copy.replayable}, but the Game declares copies_replay={promised}: "
                             + (why_unpinned(run, state) if promised else "make the two agree"))
            if not promised:
                try:
                    copy.undo()
                except IllegalAction:
                    continue
                raise Broken(f"{spot.where()}: a copy determinized for viewer {viewer} undid a move, though its "
                             "hidden parts were made up: set copy.replayable = False in determinize")
            again = copy.clone()
            run.doing = "undo (on a determinized copy)"
            if again.undo() != last:
                raise Broken(f"{spot.where()}: undo() on a determinized copy took back another move than {last!r}")
            run.doing = f"play({last!r}) (on a determinized copy)"
            try:
                again.play(last)
            except IllegalAction as refused:
                raise Broken(f"{spot.where()}: a copy determinized for viewer {viewer} replays another game on "
                             f"undo, where {last!r} is refused ({refused}): {why_unpinned(run, state)}") from None
            if again != copy or again.record() != copy.record():
                raise Broken(f"{spot.where()}: a copy determinized for viewer {viewer} replays another game "
                             f"after undo() and play({last!r}): {why_unpinned(run, state)}")


def why_unpinned(run: Run, state: State) -> str:
    if run.game.state_class.determinize is not State.determinize:
        return ("the copy's seed and options must replay the copy's own setup (pin what determinize made up "
                "in its options, as Tic Tac Two pins `tiles`)")
    return ("the copy has a fresh seed, so whatever setup() draws from the seed must be named in "
            "setup_record() under the option that fixes it (as Tyc's {'first_player': 1}); then the default "
            "determinize pins it")


COPIES = Promise("determinized copies", lambda game: "a determinized copy undoes and replays the same game"
                 if game.copies_replay else "a determinized copy refuses undo (copies_replay=False)", copies)

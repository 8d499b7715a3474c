"""Hidden information stays hidden: a copy determinized for a seat shows that seat the same view and board,
and is the same copy from every game the kit deals that the seat cannot tell apart (`lookalikes`), so a
`determinize` that keeps a secret fails."""

from __future__ import annotations

import random

from ..core.engine import State, excerpt
from .lookalikes import lookalikes, snapshot
from .run import Broken, Promise, Run, Spot
from .sentences import seat_words


def hidden(run: Run) -> None:
    for spot in run.spots():
        state = run.visit(spot)
        before = (state.key(), state.record())
        for viewer in run.seats(state):
            run.doing = f"determinize({viewer}, rng)"
            copy = state.determinize(viewer, run.rng(spot, viewer))
            if (state.key(), state.record()) != before:
                raise Broken(f"{spot.where()}: determinize({viewer}, rng) changed the real game: it must work on "
                             "a clone()")
            if not isinstance(copy, State) or copy is state:
                raise Broken(f"{spot.where()}: determinize({viewer}, rng) must return a new state (a clone with "
                             f"the hidden parts made up), not {excerpt(copy)}")
            same_view(run, spot, state, copy, viewer)
            if copy.history != state.history:
                raise Broken(f"{spot.where()}: a copy from determinize({viewer}, rng) has other moves in its "
                             "history; it keeps the real moves")
            if copy.seed == state.seed:
                raise Broken(f"{spot.where()}: a copy from determinize({viewer}, rng) keeps the real seed, which "
                             "may rebuild every secret and the chance to come: give it a fresh seed, "
                             "copy.seed = rng.randrange(2**32)")
            for other in lookalikes(run, spot, state, viewer):
                run.doing = f"determinize({viewer}, rng) (on a game the kit dealt)"
                theirs = other.determinize(viewer, run.rng(spot, viewer))
                mine = run.visit(spot)  # as untouched as the kit's deal: no cache filled by the checks above
                mine.view(viewer)
                run.doing = f"determinize({viewer}, rng)"
                if snapshot(theirs) != snapshot(mine.determinize(viewer, run.rng(spot, viewer))):
                    raise Broken(f"{spot.where()}: determinize({viewer}, rng) keeps something {seat_words(viewer)} "
                                 f"cannot see: the kit dealt the same moves from seed {other.seed}, a game "
                                 f"{seat_words(viewer)} cannot tell apart (the same view({viewer})), and the copy "
                                 "made from it differs from the copy made from this game. A copy must make up "
                                 "every hidden part from rng (declare per-seat secrets in SECRETS and the kit "
                                 "deals them; State.determinize alone keeps every secret)")
            again = state.determinize(viewer, random.Random(1)).determinize(viewer, run.rng(spot, viewer))
            if again.record() != copy.record() or again.key() != copy.key():
                raise Broken(f"{spot.where()}: determinize({viewer}, rng) gives another copy when the hidden "
                             f"parts were already made up than from the real game, so it reads something "
                             f"player {viewer} may not know (the seed, an option or part of the position that "
                             f"view({viewer}) does not show): make it up from the view, the moves and rng only")


def same_view(run: Run, spot: Spot, state: State, copy: State, viewer: int | None) -> None:
    seat = "the onlooker" if viewer is None else f"player {viewer}"
    real, made_up = state.view(viewer), copy.view(viewer)
    if real != made_up:
        key = next((k for k in real if made_up.get(k) != real[k]), None) or next(iter(made_up.keys() - real))
        raise Broken(f"{spot.where()}: view({viewer}) shows {key!r} as {excerpt(real.get(key))} but as "
                     f"{excerpt(made_up.get(key))} on a copy determinized for {seat}, so the view holds something "
                     f"{seat} may not know: view_body({viewer}) must leave out (or hide as None) what {seat} may "
                     "not see, or determinize must keep what they do see")
    if not drawn_alike(run, state, copy, viewer):
        board = run.board(spot, state, viewer)
        run.doing = f"render_svg({viewer})"
        if board != copy.render_svg(viewer):
            raise Broken(f"{spot.where()}: the board drawn for {seat} differs on a copy determinized for them, "
                         "though their view is the same: the renderer must draw from the view only")
    if viewer is not None and viewer == state.to_move and list(state.legal_actions()) != list(copy.legal_actions()):
        raise Broken(f"{spot.where()}: the mover's legal actions differ on a copy determinized for them, so they "
                     "tell the mover a secret: a mover's choices may depend only on what the mover knows")


def drawn_alike(run: Run, state: State, copy: State, viewer: int | None) -> bool:
    """Whether the engine draws both boards for `viewer` with the same renderer from the same view (checked the same
    before) and the same targets, so that they cannot differ and are not drawn to compare; never where a state
    class draws its own way (its own render_svg)."""
    if state.game.render is not copy.game.render:
        return False
    if any(type(s).render_svg is not State.render_svg for s in (state, copy)):
        return False
    moves = [viewer is not None and viewer == s.to_move for s in (state, copy)]
    run.doing = "targets"
    return moves[0] == moves[1] and (not moves[0] or list(state.targets()) == list(copy.targets()))


HIDDEN_INFORMATION = Promise("hidden information", "a seat's view and board are the same on a copy determinized "
                             "for that seat, and the copy is the same from every game the kit deals that the seat "
                             "cannot tell apart", hidden)

"""Declared secrets (`State.SECRETS`) stay secret: no other seat's view, board or choices change when only one
seat's secret does, and `key()` holds them."""

from __future__ import annotations

from .lookalikes import swapped
from .run import Broken, Promise, Run
from .sentences import seat_words


def secrets(run: Run) -> None:
    names = run.game.state_class.SECRETS
    if not names:
        return
    for spot, state in run.running():
        for name in names:
            for seat in range(state.num_players):
                twin = swapped(run, state, name, seat)
                if twin is None:
                    continue
                run.doing = "key"
                if twin.key() == state.key():
                    raise Broken(f"{spot.where()}: key() is the same when player {seat}'s secret {name!r} differs: "
                                 "key() describes the whole position, hidden parts included (add the secrets "
                                 "to it; GridState's key() has them)")
                for viewer in run.seats(state):
                    if viewer == seat:
                        continue
                    who = seat_words(viewer)
                    run.doing = f"view({viewer})"
                    if twin.view(viewer) != state.view(viewer):
                        key = next((k for k, v in state.view(viewer).items() if twin.view(viewer).get(k) != v), "?")
                        raise Broken(f"{spot.where()}: view({viewer}) shows player {seat}'s {name!r}, which the "
                                     f"game declares secret (SECRETS): its {key!r} changes when only player "
                                     f"{seat}'s {name!r} does, and {who} may not see it. Leave {name!r} out of "
                                     f"view_body (the kit adds each seat's own)")
                    run.doing = f"render_svg({viewer})"
                    if twin.render_svg(viewer) != state.render_svg(viewer):
                        raise Broken(f"{spot.where()}: the board drawn for {who} shows player {seat}'s {name!r}, "
                                     "which the game declares secret (SECRETS): the renderer must draw from "
                                     "the view only")
                    if viewer is not None and viewer == state.to_move and \
                            list(twin.legal_actions()) != list(state.legal_actions()):
                        raise Broken(f"{spot.where()}: the mover's legal actions change with player {seat}'s "
                                     f"secret {name!r}, so they tell the mover that secret")


SECRETS = Promise("secrets", lambda game: "a seat's view and board stay the same when another seat's declared "
                  "secret changes" if game.state_class.SECRETS else "no secrets declared (State.SECRETS)", secrets)

"""Test support for the arena: bots of known strengths, and a class of them submitted through the arena's API
(`tictac_nb.rooms.submit.submit`, as a student's notebook does) to a `tictac-nb serve` in a subprocess."""

from __future__ import annotations

import json
import random
import sys
import time
import urllib.error
import urllib.request
from typing import Any

import cloudpickle

cloudpickle.register_pickle_by_value(sys.modules[__name__])  # as a notebook's bots travel: by value
GAME = "tic-tac-two"
ITERATIONS = 200
"""MCTS iterations of a skilled move: far stronger than random at Tic Tac Two, a tenth of the default bot's cost."""
WAIT = 600.0
"""Seconds a test waits for the arena to reach a state before it fails (a guard, never a measure)."""


class Skill:
    """Plays an MCTS bot's move (`ITERATIONS` a move) with probability `p`, a random legal move otherwise; prints
    a line with its `secret` at the start of a game (what only its author may see)."""

    def __init__(self, p: float, secret: str, seed: int | None = None) -> None:
        self.p, self.secret, self.rng = p, secret, random.Random(seed)
        self.name = f"skill {p:g}"

    def choose(self, state: Any) -> str:
        from tictac_nb.core.bots import MCTSBot

        if len(state.history) < 2:
            print(f"{self.secret}: thinking")
        if self.rng.random() < self.p:
            return MCTSBot(ITERATIONS, seed=self.rng.randrange(2**30)).choose(state)
        return self.rng.choice(state.legal_actions())


def teacher(server: Any, body: dict) -> Any:
    return server.api("POST", "/api/arena", body)


def assignment_with_links(server: Any, count: int, game: str = GAME) -> tuple[str, list[str]]:
    """A new assignment of `game` and `count` student links (full URLs with their token in the fragment)."""
    made = teacher(server, {"do": "create", "game": game, "title": "Test arena"})
    tokens = teacher(server, {"do": "links", "assignment": made["id"], "count": count})["tokens"]
    return made["id"], [f"{server.url}/arena/{made['id']}#{token}" for token in tokens]


def get(server: Any, path: str, token: str) -> tuple[int, Any]:
    """GET `path` with `token` as a Bearer: (status, JSON or text)."""
    request = urllib.request.Request(f"{server.url}{path}", headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            status, body = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, body = error.code, error.read()
    try:
        return status, json.loads(body)
    except ValueError:
        return status, body.decode()


def ladder(server: Any, assignment: str) -> dict:
    status, body = get(server, f"/api/arena/{assignment}", server.teacher)
    assert status == 200, body
    return body


def wait_for(server: Any, assignment: str, done: Any, what: str) -> dict:
    """The teacher's view of the ladder once `done(view)` holds (a state, polled; `WAIT` only guards a hang)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        view = ladder(server, assignment)
        if done(view):
            return view
        time.sleep(0.5)
    raise AssertionError(f"the arena never reached: {what}\n{server.logged()[-3000:]}")

"""Play pages with no kernel: the static site runs the kit in the page itself (Pyodide) and draws
`widgets/board.js` on a real `Board`, whose synced state travels through a `PageComm` instead of a
kernel's comm. The page's controls (options, seats, a new game) are plain HTML drawn from `play.Dealer`'s
description, so the site's pages offer exactly what the Voila play pages offer.

    >>> page = SitePage("tyc", push=print)          # push(json) receives every state update of the board
    >>> page.describe()                             # the controls and seats, as JSON for the page
    >>> page.deal('{"options": {}, "seats": ["human", 0], "seed": "7"}')   # its state and "game_number"
    >>> page.receive('{"type": "act", "target": "51A", "turn": 1}')   # a click, as board.js sends it
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import comm

from ..core.engine import Game
from ..notebook.play import Dealer, game_number, told
from ..notebook.widget import Board

MAX_MESSAGE = 4096
"""Characters in one message from the page: every message board.js or the controls send is far shorter."""


class PageComm(comm.base_comm.BaseComm):
    """The comm of a widget whose front end is this very page: every state update goes to `push` as JSON,
    and the page's messages come back through `receive`, checked by the widget as a kernel's would be."""

    def __init__(self, push: Callable[[str], Any], **kwargs: Any) -> None:
        self._push = push
        super().__init__(**kwargs)

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                    **keys: Any) -> None:
        if msg_type == "comm_msg" and isinstance(data, dict) and data.get("method") in ("update", "echo_update"):
            self._push(json.dumps(data["state"]))

    def receive(self, content: Any) -> None:
        """A message the page's front end sent, handed to the widget as the kernel would hand it."""
        self.handle_msg({"content": {"comm_id": self.comm_id, "data": {"method": "custom", "content": content}},
                         "buffers": []})


class SitePage:
    """One game's play page in the static site: the page calls `describe`, `seats`, `deal` and `receive`
    with JSON text, and `push` receives the board's state (all of it after a deal, then each update), with
    the game number the page shows and its sentence (`play.told`: a fresh game's once it has ended)."""

    def __init__(self, game: str | Game, push: Callable[[str], Any]) -> None:
        self.dealer = Dealer(game)
        self.push = push
        self.board: Board | None = None
        self.comm: PageComm | None = None
        self.asked: int | None = None
        self.shown: dict[str, str | None] = {}

    def describe(self) -> str:
        """The page's title, line, option controls and seats, as JSON."""
        return json.dumps(self.dealer.describe())

    def seats(self, options: str) -> str:
        """The seats for these option choices (their number can depend on them), as JSON; [] if refused."""
        return json.dumps(self.dealer.seat_menus(self._choices(options)))

    def deal(self, request: str) -> str:
        """A new game for {"options": {name: choice index}, "seats": [...], "seed": its game number as typed
        (text of digits) or null}: its state, with the game number shown (as text: JavaScript's numbers would
        round one above 2**53) and its sentence, as JSON, or {"error": words} with the current game kept."""
        try:
            asked = json.loads(request) if isinstance(request, str) and len(request) <= MAX_MESSAGE else None
            if not isinstance(asked, dict):
                raise ValueError("a new game is asked for with options, seats and a seed")
            number = game_number(asked.get("seed"))
            seats: Any = asked.get("seats")  # the page's word: `deal` checks it
            board = self.dealer.deal(self._choices(asked.get("options")), seats, number)
        except ValueError as error:  # InvalidOption included: the words say which option and why
            return json.dumps({"error": str(error)})
        if self.board is not None:
            self.board.close()
        self.comm = PageComm(self._pushed, target_name="jupyter.widget")
        board.comm = self.comm
        self.board = board
        self.asked = number
        self.shown = told(board.state, self.asked)
        return json.dumps({"state": {**board.get_state(), **self.shown}})

    def _pushed(self, update: str) -> None:
        """A board's update to the page, then the game number and its sentence where they changed (its game
        ended, or the board's own New game dealt another)."""
        self.push(update)
        assert self.board is not None  # only a board pushes
        now = told(self.board.state, self.asked)
        if now != self.shown:
            self.shown = now
            self.push(json.dumps(now))

    def receive(self, message: str) -> None:
        """A message from the board's front end (JSON text); the board answers every one."""
        if self.comm is None:
            return
        try:
            content = json.loads(message) if isinstance(message, str) and len(message) <= MAX_MESSAGE else None
        except ValueError:
            content = None
        self.comm.receive(content)

    def _choices(self, options: Any) -> dict[str, int]:
        if isinstance(options, str):
            options = json.loads(options) if len(options) <= MAX_MESSAGE else None
        return options if isinstance(options, dict) else {}

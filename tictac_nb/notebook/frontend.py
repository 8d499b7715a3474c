"""The board's widget: the traits it syncs (`BoardFront`), which the notebook `Board`, a room seat's `RemoteBoard`
and the replay widget share, so none of them imports another for it."""

from __future__ import annotations

import anywidget
import traitlets

from ..core.front_end import FRONTEND


class BoardFront(anywidget.AnyWidget):
    """The board's front end (widgets/board.js) and the traits it syncs: what every board widget shares, the
    `Board` that holds its game and the `RemoteBoard` of a room's seat alike."""

    _esm = FRONTEND / "board.js"
    _css = FRONTEND / "board.css"

    svg = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    said = traitlets.Unicode("").tag(sync=True)
    """The last action in words (`State.describe`), for the live region."""
    message = traitlets.Unicode("").tag(sync=True)
    turn = traitlets.Int(0).tag(sync=True)
    """The position shown: it grows with every move, undo and new game, and never repeats on one board."""
    played = traitlets.Int(0).tag(sync=True)
    """How many actions the game has had: what a reader (or a test) counts as moves."""
    answers = traitlets.Int(0).tag(sync=True)
    """Messages answered so far: the page knows its queued click was handled even when nothing changed."""
    cover = traitlets.Unicode("").tag(sync=True)
    thinking = traitlets.Bool(False).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_new = traitlets.Bool(True).tag(sync=True)
    """New game may be asked for (not on a room's spectator page, nor in a room the teacher ended)."""
    choosing = traitlets.Bool(False).tag(sync=True)
    """A first step is open (the page shows Cancel)."""
    can_hint = traitlets.Bool(False).tag(sync=True)
    """The viewer is the human to move on an uncovered board (the page shows Hint)."""
    hint_words = traitlets.Unicode("").tag(sync=True)
    """The coach's sentence while its hint is drawn, for the live region (empty otherwise)."""

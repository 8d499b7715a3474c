"""How long a reader waits for the bot: the milliseconds from the click that played their action to the bot's
reply drawn on the board, measured inside the page (`performance.now`).

One click is dispatched on a target and the board is watched (a MutationObserver on the widget) until the
click is answered. The board says what happened through what the kernel syncs in one update: `data-played`
(actions so far), `data-turn` (a new position or an open choice), the SVG (targets only while the reader is
to move) and the status ("... is thinking" while a bot is to move); `data-thinking` follows, and the page
drops `data-queued` once Python has answered the click. The bot's reply is in the page when `data-played` has
grown past the reader's action and `data-thinking` is false, and on screen once the next frame is painted
(two animation frames later), where the clock stops. A first step that only opens a choice, or an action
after which the reader is still to move (such as a Peek), is reported as such, and the caller clicks on.
"""

from __future__ import annotations

import inspect
import statistics
from dataclasses import dataclass, field

from browser_support import played, targets_of, wait_until_human

from tictac_nb import Board
from tictac_nb.notebook.widget import FOLLOW_UP_DELAY

BOT_DELAY = inspect.signature(Board).parameters["bot_delay"].default  # the boards under test keep the default

CLICK_AND_WATCH = r"""([el, name, limit]) => new Promise((resolve) => {
  const svg = el.querySelector('.ttn-svg');
  const target = [...svg.querySelectorAll('[data-target]')].find((t) => t.dataset.target === name);
  if (!target) { resolve({ kind: 'missing' }); return; }
  const start = Number(el.dataset.played), turn = Number(el.dataset.turn);
  const text = (selector) => el.querySelector(selector).textContent;
  let acted = null, shown = null, done = false, replied = false;
  const thinkers = [];
  const finish = (result) => {
    if (done) return;
    done = true;
    watcher.disconnect();
    clearTimeout(timer);
    resolve({ ...result, acted, thinkers, start, said: text('.ttn-said').trim(), message: text('.ttn-message'),
              played: Number(el.dataset.played), changed: shown !== null && shown !== svg.innerHTML });
  };
  const check = () => {
    const now = Number(el.dataset.played), answered = !('queued' in el.dataset);
    const targets = svg.querySelector('[data-target]') !== null;
    if (replied) return;
    if (now > start + 1 && el.dataset.thinking === 'false') {
      replied = true;  // in the page now; on screen once the next frame is painted
      requestAnimationFrame(() => requestAnimationFrame(() => finish({ kind: 'reply', ms: performance.now() - t0 })));
    } else if (now === start + 1 && acted === null) {
      acted = performance.now() - t0;
      shown = svg.innerHTML;
    }
    if (!answered || done) return;
    if (now >= start + 1) {  // once answered, the status is Python's again: note each bot said to think
      const thinker = /^(.+?) \(.*\) is thinking/.exec(text('.ttn-status'));
      if (thinker && !thinkers.includes(thinker[1])) thinkers.push(thinker[1]);
    }
    if (now === start && text('.ttn-message') !== '') finish({ kind: 'refused' });
    else if (now === start && Number(el.dataset.turn) > turn) finish({ kind: 'step' });
    else if (now === start + 1 && targets) finish({ kind: 'again' });
    else if (text('.ttn-message') !== '') finish({ kind: 'stalled' });
    else if (now === start + 1 && el.dataset.thinking === 'false' && !thinkers.length) finish({ kind: 'over' });
  };
  const watcher = new MutationObserver(check);
  watcher.observe(el, { attributes: true, childList: true, subtree: true, characterData: true });
  const timer = setTimeout(() => finish({ kind: 'timeout' }), limit);
  const t0 = performance.now();
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
})"""


@dataclass
class Replies:
    """The bot's replies seen on one board: milliseconds each, and whether the game ended."""

    ms: list[float] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    """How many actions the bot played in each reply: the board pauses `Board.bot_delay` before a bot's
    first action and `FOLLOW_UP_DELAY` before each next one in the same turn."""
    over: bool = False

    def line(self, where: str) -> str:
        if not self.ms:
            return f"{where}: no bot reply"
        return (f"{where}: bot reply median {statistics.median(self.ms):.0f} ms, max {max(self.ms):.0f} ms "
                f"over {len(self.ms)} replies (ms/bot actions: "
                f"{', '.join(f'{x:.0f}/{n}' for x, n in zip(self.ms, self.actions, strict=True))})"
                + (", then the game ended" if self.over else "")
                + f"; the board pauses {1000 * BOT_DELAY:.0f} ms before a bot's turn, "
                  f"{1000 * FOLLOW_UP_DELAY:.0f} ms between its actions")


def pick(names: list[str], opened: str | None) -> str:
    """The target to click: inside the choice `opened` if one is open (never `opened` itself, which would
    close it), else the first."""
    inside = [n for n in names if opened is not None and n.startswith(opened) and n != opened]
    return inside[0] if inside else next((n for n in names if n != opened), names[0])


def time_replies(page, board, replies: int = 5, clicks: int = 80, limit_ms: int = 120_000) -> Replies:
    """Play by clicking on `board` until the bot has replied `replies` times or the game ends, timing each
    reply; every reply must show the bot's move (its player's words for the action, a changed board) and no
    message. Fails if the bot never replied."""
    found = Replies()
    opened = None
    for _ in range(clicks):
        if len(found.ms) >= replies:
            break
        wait_until_human(page, board)
        names = targets_of(board)
        if not names:  # no bot thinks and the reader has nothing to click: the game is over
            found.over = True
            break
        name = pick(names, opened)
        result = page.evaluate(CLICK_AND_WATCH, [board.element_handle(), name, limit_ms])
        kind = result["kind"]
        assert kind not in ("missing", "refused", "stalled", "timeout"), f"clicking {name!r}: {result}"
        opened = name if kind == "step" else None
        if kind == "over":
            found.over = True
            break
        if kind == "reply":
            check_reply(result)
            found.ms.append(result["ms"])
            found.actions.append(result["played"] - result["start"] - 1)
    assert found.ms, f"the bot never replied in {clicks} clicks (game over: {found.over}, {played(board)} actions)"
    return found


def check_reply(result: dict) -> None:
    """The bot moved: the last action is said by a player the status named as thinking after the reader's
    action (one of several bots, in a game with more), and the board changed."""
    assert result["thinkers"], f"the board did not say a bot was thinking after the reader's action: {result}"
    spoke = any(result["said"].startswith(f"{name} ") for name in result["thinkers"])  # "O marked square 1."
    assert spoke and result["said"].endswith("."), f"the bot's move is not shown: {result}"
    assert result["changed"], f"the board looks the same after the bot's move: {result}"
    assert result["message"] == "", f"a message after the bot's move: {result}"

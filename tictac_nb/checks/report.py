"""What `check_game` says: a `Check` per promise, the report with its warnings and figures, and the error a
failed report raises."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from ..core.engine import Game

AIM_MOVES_PER_SECOND = 50_000
"""The kit's aim for random play: the design lab plays hundreds of games a cell."""


AIM_BOT_MS = 100
"""The kit's aim for the default bot: a move within 100 ms of one core."""



class GameCheckFailed(AssertionError):
    """`GameReport.raise_for_failures()`: the game breaks the contract; the message has every sentence."""


@dataclass(frozen=True)
class Check:
    """One rule of the contract and how the game kept it: `failure` is None, or the sentence that says why not."""

    name: str
    rule: str
    failure: str | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None


@dataclass
class GameReport:
    """What `check_game` found: a `Check` per rule, warnings (nothing broken, but short of the kit's aims or
    of what the print sheet reads), and figures (random moves a second, the default bot's ms a move)."""

    game: Game
    checks: list[Check]
    warnings: list[str] = field(default_factory=list)
    figures: dict[str, float] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)

    @property
    def failures(self) -> list[str]:
        """The sentences of the failed checks, in order."""
        return [f"{check.name}: {check.failure}" for check in self.checks if not check.ok]

    def raise_for_failures(self) -> GameReport:
        """Raise `GameCheckFailed` with every failure's sentence, if any check failed; else return the report."""
        if not self.ok:
            raise GameCheckFailed(f"{self.game.title} breaks the game contract:\n- " + "\n- ".join(self.failures))
        return self

    def figure_lines(self) -> list[str]:
        names = {"random moves/s": "random play: {:,.0f} moves a second",
                 "bot ms/move": "default bot: {:,.1f} ms a move"}
        return [names[key].format(value) for key, value in self.figures.items() if key in names]

    def __repr__(self) -> str:
        lines = [f"check_game({self.game.name!r}): "
                 + ("every check passed" if self.ok else f"{len(self.failures)} of {len(self.checks)} checks failed")]
        for check in self.checks:
            lines.append(f"{'✓' if check.ok else '✗'} {check.name}: {check.rule if check.ok else check.failure}")
        lines += [f"! {warning}" for warning in self.warnings]
        lines += ["  " + line for line in self.figure_lines()]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = []
        for check in self.checks:
            mark = ('<span style="color:#1a7f37">✓</span>' if check.ok
                    else '<span style="color:#cf222e">✗</span>')
            words = html.escape(check.rule if check.ok else check.failure or "")
            rows.append(f"<li>{mark} <b>{html.escape(check.name)}</b>: {words}</li>")
        rows += [f'<li><span style="color:#9a6700">!</span> {html.escape(w)}</li>' for w in self.warnings]
        figures = "".join(f"<li>{html.escape(line)}</li>" for line in self.figure_lines())
        verdict = ("every check passed" if self.ok else f"{len(self.failures)} of {len(self.checks)} checks failed")
        return (f"<div><p><b>check_game({html.escape(repr(self.game.name))})</b>: {verdict}</p>"
                f'<ul style="list-style:none;padding-left:0">{"".join(rows)}</ul><ul>{figures}</ul></div>')




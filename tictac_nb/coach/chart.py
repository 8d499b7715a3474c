"""The evaluation chart: each seat's chance after its own moves, as a small SVG line chart on its own paper.

One line per seat, in the seat's colour, through the chances the coach gave that seat's moves (a chance
is always the mover's own, from the seat that moved); a dashed line at an even chance; a ring at each
marked move, named for screen readers with the move, its mark and the coach's preferred move.
"""

from __future__ import annotations

from ..svg import PALETTE, canvas, label, player_colour, to_text
from . import words
from .analysis import Analysis

MARK_SIZE = {"blunder": 7.0, "mistake": 6.0, "inaccuracy": 5.0}


def evaluation_chart(analysis: Analysis, *, width: float = 600, height: float = 180) -> str:
    """SVG text of `analysis` as a line chart `width` x `height` px: readable in light and dark themes,
    since it carries its own paper like the board."""
    n = len(analysis.players)
    left, right, top, bottom = 40.0, 12.0, 14.0, 44.0
    plot_w, plot_h = width - left - right, height - top - bottom
    total = max(analysis.total, 1)
    marked = analysis.marked
    summary = f"{len(analysis.moves)} of {analysis.total} moves judged" + (
        f", {len(marked)} marked: " + "; ".join(m.words for m in marked) if marked else ", none marked")
    title = f"Evaluation of the game by the coach ({analysis.bot or 'no moves judged'}): {summary}"
    d = canvas(width, height, title)
    d.attribs["class"] = "ttn-board ttn-evaluation"

    def at(number: float, chance: float) -> tuple[float, float]:
        return left + plot_w * number / total, top + plot_h * (1 - chance)

    d.add(d.rect((0, 0), (width, height), rx=8, fill=PALETTE["paper"], stroke=PALETTE["line"], stroke_width=1))
    axes = d.add(d.g(**{"aria-hidden": "true"}))
    for chance in (0.0, 0.5, 1.0):
        y = at(0, chance)[1]
        axes.add(d.line((left, y), (left + plot_w, y), stroke=PALETTE["muted"], stroke_width=1,
                        stroke_dasharray="4 3" if chance == 0.5 else "none"))
        axes.add(label(d, left - 6, y + 4, words.percent(chance), 11, text_anchor="end", fill=PALETTE["muted"]))
    axis_y = top + plot_h + 15
    axes.add(label(d, left, axis_y, "move 1", 11, fill=PALETTE["muted"]))
    axes.add(label(d, left + plot_w, axis_y, f"move {analysis.total}", 11, text_anchor="end", fill=PALETTE["muted"]))
    for seat in range(n):
        points = [at(m.number, m.chance) for m in analysis.moves if m.seat == seat and m.chance is not None]
        colour = player_colour(seat)
        if len(points) > 1:
            axes.add(d.polyline(points, fill="none", stroke=colour, stroke_width=2.5, stroke_linejoin="round"))
        for x, y in points:
            axes.add(d.circle((x, y), 2.5, fill=colour))
        lx = left + seat * 96
        axes.add(d.line((lx, height - 12), (lx + 16, height - 12), stroke=colour, stroke_width=3))
        axes.add(label(d, lx + 20, height - 8, analysis.players[seat], 11, fill=PALETTE["ink"]))
    if marked:
        d.attribs["role"] = "group"  # the marks are announced one by one, so the chart is no single image
    for move in marked:
        if move.chance is None:
            continue
        x, y = at(move.number, move.chance)
        group = d.add(d.g(**{"role": "img", "aria-label": move.words, "class": f"ttn-mark ttn-{move.mark}"}))
        group.add(d.circle((x, y), MARK_SIZE.get(move.mark or "", 5.0), fill="none", stroke=PALETTE["coach"],
                           stroke_width=2.5))
    return to_text(d)

"""The evaluation chart: one side's chance after every move, as an SVG line chart on its own paper.

As on lichess's analysis board, one line runs over the whole game from one side's view: after a move of
that side, the coach's chance for the move; after an opponent's move, with two sides, its complement (with
more sides, the side's chance holds until it moves again). Marked moves carry their mark's own shape and
colour, explained by a legend; every move has a column that a click (or a mark, also by keyboard) takes to
that move: each carries `data-step`, which the replay's front end reads.
"""

from __future__ import annotations

from ..core.svg import PALETTE, canvas, label, player_colour, to_text
from . import words
from .analysis import Analysis

MARK_STYLE = {"inaccuracy": ("circle", "#8a5a00"), "mistake": ("square", "#c2410c"), "blunder": ("triangle", "#b91c1c")}
"""Each mark's shape and colour (each reads at 4.5:1 or more on the paper, as its sign beside it must)."""
NARROW = 400
"""Below this width the legend takes two rows."""


def viewed_side(analysis: Analysis, seat: int | None = None) -> int:
    """The side the chart is seen from: the analysis's own seat's (hidden information), else `seat`'s, else
    the first seat's."""
    chosen = analysis.seat_of_view if analysis.seat_of_view is not None else (seat or 0)
    return analysis.sides[chosen]


def series(analysis: Analysis, side: int) -> list[tuple[int, float]]:
    """(move number, `side`'s chance after it) for every judged move, starting at an even chance at move 0."""
    count = len(set(analysis.sides))
    current = 1 / count
    points = [(0, current)]
    for move in analysis.moves:
        if move.chance is None:
            continue
        if analysis.sides[move.seat] == side:
            current = move.chance
        elif count == 2:
            current = 1 - move.chance
        points.append((move.number, current))
    return points


def side_name(analysis: Analysis, side: int) -> str:
    seats = [analysis.players[s] for s in range(len(analysis.players)) if analysis.sides[s] == side]
    return seats[0] if len(seats) == 1 else f"{' and '.join(seats)}'s team"


def _shape(d, kind: str, x: float, y: float, r: float, colour: str, **extra):
    if kind == "circle":
        return d.circle((x, y), r, fill="none", stroke=colour, stroke_width=2.5, **extra)
    if kind == "square":
        return d.rect((x - r, y - r), (2 * r, 2 * r), fill=colour, stroke=PALETTE["paper"], stroke_width=1, **extra)
    return d.polygon([(x, y - r * 1.2), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)], fill=colour,
                     stroke=PALETTE["paper"], stroke_width=1, **extra)


def evaluation_chart(analysis: Analysis, *, seat: int | None = None, width: float = 600, height: float = 200) -> str:
    """SVG text of `analysis` as a line chart `width` x `height` px seen from `viewed_side(analysis, seat)`:
    readable in light and dark themes, since it carries its own paper like the board."""
    side = viewed_side(analysis, seat)
    legend_rows = 2 if width < NARROW else 1
    left, right, top, bottom = 40.0, 14.0, 22.0, 30.0 + 20.0 * legend_rows
    plot_w, plot_h = width - left - right, height - top - bottom
    total = max(analysis.total, 1)
    marked = analysis.marked
    who = side_name(analysis, side)
    summary = f"{len(analysis.moves)} of {analysis.total} moves judged" + (
        f", {len(marked)} marked: " + "; ".join(m.words for m in marked) if marked else ", none marked")
    title = f"{who}'s chance to win after every move, by the coach ({words.how_judged(analysis.bot)}): {summary}"
    d = canvas(width, height, title)
    d.attribs["class"] = "ttn-board ttn-evaluation"
    d.attribs["role"] = "group"

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
    axes.add(label(d, left, axis_y, "start", 11, fill=PALETTE["muted"]))
    axes.add(label(d, left + plot_w, axis_y, f"move {analysis.total}", 11, text_anchor="end", fill=PALETTE["muted"]))
    colour = player_colour(analysis.sides.index(side))
    points = series(analysis, side)
    columns = d.add(d.g(**{"aria-hidden": "true", "class": "ttn-steps"}))
    step_w = plot_w / total
    for number, _chance in points[1:]:
        x = at(number, 0)[0]
        columns.add(d.rect((x - step_w / 2, top), (step_w, plot_h), fill="transparent", **{"data-step": str(number)}))
    if len(points) > 1:
        axes.add(d.polyline([at(n, c) for n, c in points], fill="none", stroke=colour, stroke_width=2.5,
                            stroke_linejoin="round"))
    for number, chance in points[1:]:
        axes.add(d.circle(at(number, chance), 2.5, fill=colour, **{"data-step": str(number)}))
    chance_of = dict(points)
    for move in marked:
        if move.number not in chance_of:
            continue
        kind, mark_colour = MARK_STYLE[move.mark or "inaccuracy"]
        x, y = at(move.number, chance_of[move.number])
        group = d.add(d.g(**{"role": "button", "tabindex": "0", "aria-label": f"{move.words}: go to this move",
                             "class": f"ttn-mark ttn-{move.mark}", "data-step": str(move.number)}))
        group.add(_shape(d, kind, x, y, 6.5, mark_colour))
        above = y - 10 if y > top + 14 else y + 20
        group.add(label(d, x, above, words.SYMBOLS[move.mark or "inaccuracy"], 12, text_anchor="middle",
                        font_weight="bold", fill=mark_colour))
    legend = d.add(d.g(**{"aria-hidden": "true", "class": "ttn-legend"}))
    row_y = height - 12 - 20 * (legend_rows - 1)
    legend.add(d.line((left, row_y - 4), (left + 16, row_y - 4), stroke=colour, stroke_width=3))
    legend.add(label(d, left + 20, row_y, f"{who} to win", 11))
    x, y = (left + 20 + 6.2 * len(f"{who} to win") + 14, row_y) if legend_rows == 1 else (left, row_y + 20)
    for name, (kind, mark_colour) in MARK_STYLE.items():
        legend.add(_shape(d, kind, x + 5, y - 4, 5, mark_colour))
        text = f"{words.SYMBOLS[name]} {name}"
        legend.add(label(d, x + 14, y, text, 11))
        x += 14 + 6.4 * len(text) + 12
    return to_text(d)

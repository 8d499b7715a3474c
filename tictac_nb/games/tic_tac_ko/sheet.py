"""Tic Tac K.O.'s box on paper: both teams' decks as the options set them (home-made cards included), the
12 Objectives with their Standard and Advanced patterns, and the Grid of the `grid` option as card-sized
spaces to lay out on the table (a card lies on its space)."""

from __future__ import annotations

from ...classroom.printing import Component
from ...core import svg
from ...core.svg import PALETTE
from .cards import ADVANCED_SPACES, STANDARD_SPACES, TYPE_WORDS, Card, Objective
from .render import BOLD, FALLBACK, TEAM_COLOURS, team_mark, wrap
from .rules import TicTacKO

WIDTH, HEIGHT = 60.0, 84.0   # mm: a card
UNIT = 4.0                   # drawing units per mm
NAME_SIZE, NAME_X = 19, 52   # a card's name: bold, right of the team mark, clear of the frame by 22 units
TEXT_SIZE = 12.5             # units: 3.1 mm, about 9 pt
SMALLEST = 9.0               # units: the text shrinks no further; a longer text makes more lines


def components(state: TicTacKO) -> list[Component]:
    pieces = []
    for team, deck in enumerate(state.decks):
        colours = TEAM_COLOURS.get(deck.name, FALLBACK[team])
        section = f"{state.team_names[team]} deck"
        for card in deck.cards:
            pieces += [_card(card, team, colours, section)] * card.count
    pieces += [_objective(objective) for objective in state.objective_cards]
    pieces += [_space(label, state.size) for label in state.labels]
    return pieces


def _card(card: Card, team: int, colours: tuple[str, str], section: str) -> Component:
    ink, tint = colours
    w, h = WIDTH * UNIT, HEIGHT * UNIT
    d = svg.canvas(w, h, f"{card.name} ({TYPE_WORDS[card.type]}): {card.text}")
    d.add(d.rect((6, 6), (w - 12, h - 12), rx=16, fill=tint, stroke=ink, stroke_width=5))
    watermark = team_mark(d, team, w - 72, h - 86, 48, ink)
    watermark["opacity"] = 0.12
    d.add(watermark)
    d.add(team_mark(d, team, 30, 34, 13, ink))
    names = wrap(card.name, w - NAME_X - 22, NAME_SIZE, BOLD)
    for i, words in enumerate(names):
        d.add(svg.label(d, NAME_X, 42 + i * 22, words, NAME_SIZE, font_weight="bold"))
    y = 42 + len(names) * 22
    d.add(svg.label(d, 22, y, TYPE_WORDS[card.type], 13, fill=ink, font_style="italic"))
    d.add(d.line((22, y + 10), (w - 22, y + 10), stroke=ink, stroke_width=1.5))
    size = TEXT_SIZE
    room = h - 50 - (y + 30)
    while True:
        lines = svg.wrap(card.text, int((w - 44) / (size * 0.52)))
        if len(lines) * size * 1.25 <= room or size <= SMALLEST:
            break
        size -= 0.5
    for i, words in enumerate(lines):
        d.add(svg.label(d, 22, y + 34 + i * size * 1.25, words, size))
    d.add(svg.label(d, 22, h - 22, f"{section} · {'rulebook card' if card.design == 'rulebook' else card.design}",
                    10, fill=PALETTE["muted"]))
    return Component(section, card.name, svg.to_text(d), WIDTH, HEIGHT)


def _objective(objective: Objective) -> Component:
    w, h = WIDTH * UNIT, HEIGHT * UNIT
    d = svg.canvas(w, h, f"Objective {objective.name}")
    d.add(d.rect((6, 6), (w - 12, h - 12), rx=16, fill="#fbf3dc", stroke=PALETTE["win"], stroke_width=5))
    d.add(svg.label(d, w / 2, 40, "Objective", 13, text_anchor="middle", fill=PALETTE["muted"], font_style="italic"))
    d.add(svg.label(d, w / 2, 66, objective.name, 20, text_anchor="middle", font_weight="bold"))
    _pattern(d, w / 2, 84, 3, objective.standard, STANDARD_SPACES, 26, "Standard")
    _pattern(d, w / 2, 200, 4, objective.advanced, ADVANCED_SPACES, 22, "Advanced")
    return Component("Objectives", objective.name, svg.to_text(d), WIDTH, HEIGHT)


def _pattern(d, cx: float, top: float, size: int, spaces: tuple[str, ...], labels: tuple[str, ...], cell: float,
             words: str) -> None:
    left = cx - size * cell / 2
    for index, label in enumerate(labels):
        row, col = divmod(index, size)
        on = label in spaces
        x, y = left + col * cell, top + row * cell
        d.add(d.rect((x + 1, y + 1), (cell - 2, cell - 2), rx=3, fill=PALETTE["win"] if on else "white",
                     stroke=PALETTE["line"], stroke_width=1.2))
        d.add(svg.label(d, x + cell / 2, y + cell / 2 + 4, label, 10, text_anchor="middle",
                        font_weight="bold" if on else "normal", fill=PALETTE["ink"] if on else PALETTE["muted"]))
    d.add(svg.label(d, left - 6, top + size * cell / 2 + 4, words, 10, text_anchor="end", fill=PALETTE["muted"],
                    transform=f"rotate(-90 {left - 10:g} {top + size * cell / 2:g})"))


def _space(label: str, size: int) -> Component:
    """One space of the Grid, as large as a card so that a card can lie on it; its map shows where it goes."""
    w, h = WIDTH * UNIT, HEIGHT * UNIT
    labels = STANDARD_SPACES if size == 3 else ADVANCED_SPACES
    lettered = not label.isdigit()
    d = svg.canvas(w, h, f"the Grid: space {label}")
    d.add(d.rect((6, 6), (w - 12, h - 12), rx=16, fill="#ebe5d6" if lettered else "#f6f2e8",
                 stroke=PALETTE["line"], stroke_width=3))
    d.add(svg.label(d, w / 2, h / 2 + 10, label, 110, text_anchor="middle", font_weight="bold", fill="#d9d2c0"))
    grid = "advanced 4 by 4" if size == 4 else "standard 3 by 3"
    d.add(svg.label(d, 22, h - 22, f"The Grid, {grid}: space {label}", 10, fill=PALETTE["muted"]))
    cell, left, top = 13, w - 22 - size * 13, 20
    for index, other in enumerate(labels):
        row, col = divmod(index, size)
        d.add(d.rect((left + col * cell, top + row * cell), (cell - 2, cell - 2), rx=2,
                     fill=PALETTE["ink"] if other == label else "white", stroke=PALETTE["line"], stroke_width=0.8))
    return Component("Grid", f"space {label}", svg.to_text(d), WIDTH, HEIGHT)

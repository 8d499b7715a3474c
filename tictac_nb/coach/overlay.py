"""A hint drawn on the board: the SVG the renderer drew, with the coach's best few targets labelled with their
chance to win (`LABELLED`, or all), shaded by rank, the coach's choice in its own mark (a filled label, its
number or a "best" badge, on it or beside a small control, and a thick outline; where its second step is not
drawn yet, a dashed outline where it lands), and the numbers in every target's name. Every shade is light
enough that any text drawn under it keeps 4.5:1 contrast.

It edits the SVG as XML (a pure function of the text and the hint), so it works for any game's renderer:
a target is any element with `data-target`, and its area is the first rectangle drawn in it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

from ..core.engine import State
from ..core.svg import FONT, PALETTE
from . import words as coach_words
from .hints import Hint

SVG_NS = "http://www.w3.org/2000/svg"
for _prefix, _uri in (("", SVG_NS), ("xlink", "http://www.w3.org/1999/xlink"), ("ev", "http://www.w3.org/2001/xml-events")):
    ET.register_namespace(_prefix, _uri)

SHADES = (0.5, 0.3, 0.12)
"""Fill opacity of a target's shade: the coach's choice, the others labelled, the rest with a chance."""
BANDS = (0.0, 0.75, 0.35)
"""Stroke opacity of the band that shades a card-like target by level (the choice has its outline instead)."""
SHADE = "#5eead4"
"""The shade's colour: a light teal, so a shade tints what it covers but keeps its text's contrast (a dark
one at any strength that separates would take a board's grey numbers under 4.5:1)."""
LABELLED = 3
"""Targets labelled with their chance by default: the coach's choice and the next best (None: all)."""
WHITE = "#ffffff"
LABEL_ROOM = (40.0, 40.0)
"""A target narrower or lower than this (SVG units) holds no pill: the coach's choice (and the best second step
of a first step the student opened) gets one beside it, the others none (their names still say it)."""
PILL_HEIGHT = 18.0
"""A pill's height, in SVG units."""
ASCENT, DESCENT = 0.8, 0.25
"""How far above and below its baseline a text reaches, in font sizes (capitals and tall letters; the tails of
g, p, y)."""


def _q(tag: str) -> str:
    return f"{{{SVG_NS}}}{tag}"


def _area(element: ET.Element) -> tuple[ET.Element, ET.Element, tuple[float, float, float, float]] | None:
    """The first rectangle drawn in a target, its parent (whose coordinates the overlay takes), and its box."""
    for parent in element.iter():
        for child in parent:
            if child.tag == _q("rect"):
                try:
                    box = tuple(float(child.get(k, "0")) for k in ("x", "y", "width", "height"))
                except ValueError:
                    return None
                return child, parent, box  # type: ignore[return-value]
    return None


def overlay_svg(svg_text: str, hint: Hint, *, labelled: int | None = LABELLED, lands: str | None = None,
                opened: str | None = None) -> str:
    """`svg_text` (a board drawn for the hinted seat, its targets clickable) with the hint laid over it: the
    best `labelled` targets drawn there (None: all) show their chance; `lands` is the SVG of the same board
    with the coach's first step open, whose target for the coach's choice is outlined here too; `opened`, the
    first step open on the board: where it is not the coach's, its best second step shows its chance too."""
    root = ET.fromstring(svg_text)
    parents = {child: parent for parent in root.iter() for child in parent}
    drawn = [e for e in root.iter() if e.get("data-target") in hint.targets]
    shown = {k for k, t in hint.targets.items() if t.rank is not None and (labelled is None or t.rank <= labelled)}
    lead = _lead(hint, opened)
    on_top: list[ET.Element] = []
    for element in drawn:
        key = element.get("data-target")
        assert key is not None  # `drawn` holds targets only
        found = hint.targets[key]
        if found.words:
            element.set("aria-label", f"{element.get('aria-label', key)}, {found.words}")
        area = _area(element)
        if area is None:
            continue
        rect, parent, (x, y, w, h) = area
        if found.chance is not None or found.best:
            level = 0 if found.best else 1 if key in shown else 2
            parent.insert(list(parent).index(rect) + 1, _shade(rect, x, y, w, h, level))
        if found.chance is not None and (key in shown or key == lead) or found.best:
            label = _label_for(root, parents, element, parent, (x, y, w, h), found.chance, found.best,
                               found.best or key == lead)
            if label is not None:
                (on_top if _untransformed(parent, parents) else parent).append(label)
        if found.best:
            parent.append(_outline(x, y, w, h, rect.get("rx", "6"), "ttn-coach-best"))
    if lands is not None:
        boxes: list[tuple[float, ...]] = []
        pictures: list[tuple[float, ...]] = []
        for element in root.iter():
            kind = boxes if element.get("data-target") else pictures if element.get("role") == "img" else None
            area = _area(element) if kind is not None and element is not root else None
            if area is not None and _untransformed(area[1], parents):
                x, y, w, h = area[2]
                kind.append((x, y, x + w, y + h))  # type: ignore[union-attr]
        on_top.extend(_landing(lands, hint, boxes, pictures))
    root.extend(on_top)
    root.set("aria-label", f"{root.get('aria-label', '')}. {hint.sentence}".lstrip(". "))
    return ET.tostring(root, encoding="unicode")


def _shade(rect: ET.Element, x: float, y: float, w: float, h: float, level: int) -> ET.Element:
    """The shade of a target by its `level` (0: the coach's choice): a light fill on a target's own ground, or,
    on a clear rectangle laid over drawn words (a card), a band inside its edge, which leaves the words as
    they were."""
    clear = rect.get("fill") == "none" or rect.get("fill-opacity") in ("0", "0.0")
    style = ({"fill": "none", "stroke": PALETTE["coach"], "stroke-width": "5", "stroke-opacity": f"{BANDS[level]:.2f}"}
             if clear else {"fill": SHADE, "fill-opacity": f"{SHADES[level]:.2f}"})
    inset = 2.5 if clear else 0
    return ET.Element(_q("rect"), {
        "x": f"{x + inset:g}", "y": f"{y + inset:g}", "width": f"{w - 2 * inset:g}", "height": f"{h - 2 * inset:g}",
        "rx": rect.get("rx", "6"), **style, "class": "ttn-coach-shade", "pointer-events": "none"})


def _outline(x: float, y: float, w: float, h: float, rx: str, cls: str, dashed: bool = False) -> ET.Element:
    return ET.Element(_q("rect"), {
        "x": f"{x - 2:g}", "y": f"{y - 2:g}", "width": f"{w + 4:g}", "height": f"{h + 4:g}", "rx": rx, "fill": "none",
        "stroke": PALETTE["coach"], "stroke-width": "4", "class": cls, "pointer-events": "none",
        **({"stroke-dasharray": "8 5"} if dashed else {})})


def _landing(lands: str, hint: Hint, boxes: list[tuple[float, ...]],
             pictures: list[tuple[float, ...]]) -> list[ET.Element]:
    """The dashed outline of the coach's choice where its second step lands (a K.O. card's space), taken from
    the board drawn with the first step open: only where it draws in the SVG's own coordinates, covers no
    target of the board as drawn (`boxes`) and lies on a thing the board pictures (`pictures`, a space), so
    a picker that opens beside or over the board (Tyc's letters) gets none."""
    root = ET.fromstring(lands)
    parents = {child: parent for parent in root.iter() for child in parent}
    for element in root.iter():
        if element.get("data-target") == hint.best:
            area = _area(element)
            if area is None or not _untransformed(area[1], parents):
                return []
            x, y, w, h = area[2]
            box = (x, y, x + w, y + h)
            if any(_overlaps(box, other) for other in boxes) or not any(_inside(box, p) for p in pictures):
                return []
            return [_outline(x, y, w, h, area[0].get("rx", "6"), "ttn-coach-lands", dashed=True)]
    return []


def _inside(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


def _overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def hinted_svg(state: State, hint: Hint, pending: str | None = None, width: float | None = None,
               labelled: int | None = LABELLED) -> str:
    """The board of the hinted seat (`render_svg(hint.seat, pending, width)`) with `hint` laid over it; where the
    coach's choice is a second step not drawn yet, the board with its first step open shows where it lands."""
    drawn = state.render_svg(hint.seat, pending, width)
    lands = None
    if f'data-target="{_attr(hint.best)}"' not in drawn:
        first = next((t.action for t in state.targets() if t.action != hint.best and hint.best.startswith(t.action)
                      and f'data-target="{_attr(t.action)}"' in drawn), None)
        if first is not None:
            lands = state.render_svg(hint.seat, first, width)
    return overlay_svg(drawn, hint, labelled=labelled, lands=lands, opened=pending)


def _lead(hint: Hint, opened: str | None) -> str | None:
    """The best second step of the first step `opened` (the highest ranked action it opens), where `opened` is
    not the coach's own first step; None otherwise."""
    if opened is None or hint.best.startswith(opened):
        return None
    led = [t for k, t in hint.targets.items() if k.startswith(opened) and k != opened and t.rank is not None]
    return min(led, key=lambda t: t.rank or 0).target if led else None  # `led` holds ranked targets only


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def _box(rect: ET.Element) -> tuple[float, float, float, float] | None:
    """A rect's box as (left, top, right, bottom)."""
    try:
        x, y = float(rect.get("x", "0")), float(rect.get("y", "0"))
        return x, y, x + float(rect.get("width", "0")), y + float(rect.get("height", "0"))
    except ValueError:
        return None


def _text_boxes(text: ET.Element) -> list[tuple[float, float, float, float]]:
    """A text's boxes, roughly (from its anchor, size and length, with a unit's margin and its descent), one per
    line: a `tspan` with its own y is a line of its own (a card's name on two lines)."""
    lines = [t for t in text if t.tag == _q("tspan") and t.get("y")] or [text]
    found = []
    for line in lines:
        try:
            x = float(line.get("x", text.get("x", "0")))
            y, size = float(line.get("y", "0")), float(text.get("font-size", "12"))
        except ValueError:
            continue
        width = 0.62 * size * len("".join(line.itertext()))
        left = {"middle": x - width / 2, "end": x - width}.get(text.get("text-anchor", ""), x)
        found.append((left - 1, y - ASCENT * size, left + width + 1, y + DESCENT * size))
    return found


def _covers_words(label: ET.Element, texts: Iterable[ET.Element]) -> bool:
    """Whether the label would hide any of `texts` (a letter to pick, a square's number)."""
    return _hidden(label, texts) > 0


def _hidden(label: ET.Element, texts: Iterable[ET.Element]) -> float:
    """How much of `texts` the label would hide (the area of their boxes under its pill)."""
    pill = _box(label[0])
    if pill is None:
        return 0.0
    return sum(_shared_area(pill, box) for text in texts for box in _text_boxes(text))


def _shared_area(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _untransformed(element: ET.Element, parents: dict[ET.Element, ET.Element]) -> bool:
    """Whether `element` draws in the SVG's own coordinates (no group above it moves or scales it)."""
    while element is not None:
        if element.get("transform"):
            return False
        element = parents.get(element)  # type: ignore[assignment]
    return True


def _label_for(root: ET.Element, parents: dict[ET.Element, ET.Element], target: ET.Element, parent: ET.Element,
               box: tuple[float, float, float, float], chance: float | None, best: bool,
               beside: bool) -> ET.Element | None:
    """The pill of a target (filled for the coach's choice, `best`): inside its upper right corner where there
    is room and it hides none of the target's words (with `beside`: none of the board's, as a card's title
    under a clear target); else, with `beside` only (the coach's choice, or the best second step of the first
    step open: its number must show wherever its control is, a button, a letter), on the target's top edge at
    its right end, or on its bottom edge, or just above it, or just below, or inside: the first that hides the
    least of the board's words (`box` is the target's area in `parent`'s coordinates; a target drawn in a moved
    or scaled group keeps its pill inside, as before)."""
    x, y, w, h = box
    words = coach_words.percent(chance) if chance is not None else coach_words.BEST_BADGE
    inside = _chance_label(x + w, y, words, best)
    roomy = w >= LABEL_ROOM[0] and h >= LABEL_ROOM[1]
    if not beside or not _untransformed(parent, parents):
        return inside if roomy and not _covers_words(inside, target.iter(_q("text"))) else None
    texts = [t for t in root.iter(_q("text")) if _untransformed(t, parents)]
    if roomy and not _covers_words(inside, texts):
        return inside
    room = _view_box(root)
    half = PILL_HEIGHT / 2
    places = [_chance_label(x + w, top - 3, words, best)
              for top in (y - half, y + h - half, y - PILL_HEIGHT + 1, y + h - 1, y)]
    inside_room = [p for p in places if room is None or _inside(_box(p[0]) or (0, 0, 0, 0), room)] or places
    return min(inside_room, key=lambda label: _hidden(label, texts))


def _view_box(root: ET.Element) -> tuple[float, float, float, float] | None:
    try:
        left, top, width, height = (float(v) for v in root.get("viewBox", "").replace(",", " ").split())
    except ValueError:
        return None
    return left, top, left + width, top + height


def _chance_label(right: float, top: float, words: str, best: bool) -> ET.Element:
    """"64%" (or the badge of a choice with no number) on a pill whose upper right corner is 3 units inside
    (`right`, `top`): the coach's choice white on its colour, the others its colour on paper (hidden from
    screen readers: the target's name says it; clicks pass through it)."""
    width = 8 + 7.2 * len(words)
    group = ET.Element(_q("g"), {"class": "ttn-coach-chance" + (" ttn-coach-top" if best else ""),
                                 "aria-hidden": "true", "pointer-events": "none"})
    group.append(ET.Element(_q("rect"), {
        "x": f"{right - width - 3:g}", "y": f"{top + 3:g}", "width": f"{width:g}",
        "height": f"{PILL_HEIGHT:g}", "rx": "5",
        "fill": PALETTE["coach"] if best else PALETTE["paper"], "stroke": PALETTE["coach"], "stroke-width": "1"}))
    text = ET.SubElement(group, _q("text"), {
        "x": f"{right - width / 2 - 3:g}", "y": f"{top + 16.5:g}", "font-size": "12", "font-weight": "bold",
        "text-anchor": "middle", "fill": WHITE if best else PALETTE["coach"], "font-family": FONT})
    text.text = words
    return group

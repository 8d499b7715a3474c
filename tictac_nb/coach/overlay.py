"""A hint drawn on the board: the SVG the renderer drew, with each click target shaded by its share of the
search, labelled with its chance to win, the coach's choice outlined, and the numbers in every target's name.

It edits the SVG as XML (a pure function of the text and the hint), so it works for any game's renderer:
a target is any element with `data-target`, and its area is the first rectangle drawn in it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..engine import State
from ..svg import FONT, PALETTE
from .hints import Hint

SVG_NS = "http://www.w3.org/2000/svg"
for _prefix, _uri in (("", SVG_NS), ("xlink", "http://www.w3.org/1999/xlink"), ("ev", "http://www.w3.org/2001/xml-events")):
    ET.register_namespace(_prefix, _uri)

SHADE = (0.08, 0.45)
"""Fill opacity of a target's shade: the least tried target to the most tried (share relative to the top one)."""
LABEL_ROOM = (40.0, 40.0)
"""A target narrower or lower than this (SVG units) gets no visible percentage: its name still says it."""


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


def overlay_svg(svg_text: str, hint: Hint) -> str:
    """`svg_text` (a board drawn for the hinted seat, its targets clickable) with the hint laid over it."""
    root = ET.fromstring(svg_text)
    top = max((t.share for t in hint.targets.values() if t.share is not None), default=0.0) or 1.0
    colour = PALETTE["coach"]
    parents = {child: parent for parent in root.iter() for child in parent}
    on_top: list[ET.Element] = []
    for element in list(root.iter()):
        key = element.get("data-target")
        found = hint.targets.get(key) if key is not None else None
        if found is None:
            continue
        if found.words:
            element.set("aria-label", f"{element.get('aria-label', key)}, {found.words}")
        area = _area(element)
        if area is None:
            continue
        rect, parent, (x, y, w, h) = area
        if found.share is not None or found.best:
            low, high = SHADE
            strength = found.share / top if found.share is not None else 1.0
            shade = ET.Element(_q("rect"), {
                "x": f"{x:g}", "y": f"{y:g}", "width": f"{w:g}", "height": f"{h:g}", "rx": rect.get("rx", "6"),
                "fill": colour, "fill-opacity": f"{low + (high - low) * strength:.3f}", "class": "ttn-coach-shade",
                "pointer-events": "none"})
            parent.insert(list(parent).index(rect) + 1, shade)
        if found.chance is not None and w >= LABEL_ROOM[0] and h >= LABEL_ROOM[1]:
            label = _chance_label(x + w, y, found.chance)
            if not _covers_words(label, element):
                (on_top if _untransformed(parent, parents) else parent).append(label)
        if found.best:
            parent.append(ET.Element(_q("rect"), {
                "x": f"{x - 2:g}", "y": f"{y - 2:g}", "width": f"{w + 4:g}", "height": f"{h + 4:g}",
                "rx": rect.get("rx", "6"), "fill": "none", "stroke": colour, "stroke-width": "4",
                "class": "ttn-coach-best", "pointer-events": "none"}))
    root.extend(on_top)
    root.set("aria-label", f"{root.get('aria-label', '')}. Hint: {hint.sentence}".lstrip(". "))
    return ET.tostring(root, encoding="unicode")


def hinted_svg(state: State, hint: Hint, pending: str | None = None, width: float | None = None) -> str:
    """The board of the hinted seat (`render_svg(hint.seat, pending, width)`) with `hint` laid over it."""
    return overlay_svg(state.render_svg(hint.seat, pending, width), hint)


def _box(element: ET.Element) -> tuple[float, float, float, float] | None:
    """A rect's box, or a text's (roughly, from its anchor, size and length), as (left, top, right, bottom)."""
    try:
        x, y = float(element.get("x", "0")), float(element.get("y", "0"))
        if element.tag == _q("rect"):
            return x, y, x + float(element.get("width", "0")), y + float(element.get("height", "0"))
        size = float(element.get("font-size", "12"))
    except ValueError:
        return None
    width = 0.62 * size * len("".join(element.itertext()))
    left = {"middle": x - width / 2, "end": x - width}.get(element.get("text-anchor", ""), x)
    return left, y - size, left + width, y


def _covers_words(label: ET.Element, target: ET.Element) -> bool:
    """Whether the label would hide words the target shows (a letter to pick, a square's number)."""
    pill = _box(label[0])
    for text in target.iter(_q("text")):
        box = _box(text)
        if pill and box and box[0] < pill[2] and pill[0] < box[2] and box[1] < pill[3] and pill[1] < box[3]:
            return True
    return False


def _untransformed(element: ET.Element, parents: dict[ET.Element, ET.Element]) -> bool:
    """Whether `element` draws in the SVG's own coordinates (no group above it moves or scales it)."""
    while element is not None:
        if element.get("transform"):
            return False
        element = parents.get(element)  # type: ignore[assignment]
    return True


def _chance_label(right: float, top: float, chance: float) -> ET.Element:
    """"64%" on a paper pill in the target's upper right corner, drawn above the whole board where it can be
    (hidden from screen readers: the target's name says it)."""
    words = f"{round(100 * chance)}%"
    width = 8 + 7.2 * len(words)
    group = ET.Element(_q("g"), {"class": "ttn-coach-chance", "aria-hidden": "true", "pointer-events": "none"})
    group.append(ET.Element(_q("rect"), {
        "x": f"{right - width - 3:g}", "y": f"{top + 3:g}", "width": f"{width:g}", "height": "18", "rx": "5",
        "fill": PALETTE["paper"], "stroke": PALETTE["coach"], "stroke-width": "1"}))
    text = ET.SubElement(group, _q("text"), {
        "x": f"{right - width / 2 - 3:g}", "y": f"{top + 16.5:g}", "font-size": "12", "font-weight": "bold",
        "text-anchor": "middle", "fill": PALETTE["coach"], "font-family": FONT})
    text.text = words
    return group

"""The drawing vocabulary every board shares: canvas, palette, marks, cards and click targets.

Renderers are pure functions from a player's view to SVG text. A click target is any element
with `data-target` (the action, or the first part of one) and an `aria-label`; the front end
needs nothing else to make it clickable and reachable from the keyboard. `to_text` starts a target's name
with the words drawn inside it, where the name does not already say them.
"""

from __future__ import annotations

import base64
import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any, TypedDict

import svgwrite
from svgwrite.container import Group


class Palette(TypedDict):
    """The kit's colours by use: each a CSS colour, `player` one a seat."""

    ink: str
    muted: str
    paper: str
    line: str
    face_down: str
    highlight: str
    target: str
    player: tuple[str, ...]
    win: str
    coach: str


# Every colour used for text reads at 4.5:1 or more on "paper" (WCAG AA; tests/test_svg.py measures).
PALETTE: Palette = {
    "ink": "#1f2933",
    "muted": "#56606b",  # secondary text (6.3:1 on the paper) and quiet lines
    "paper": "#fffdf7",
    "line": "#3e4c59",
    "face_down": "#5f6b78",
    "highlight": "#f7c948",
    "target": "#1f6fd1",
    "player": ("#c53030", "#1f6fd1", "#2f7a33", "#8e44ad", "#b45309", "#0e7490", "#be185d", "#4d7c0f"),
    "win": "#f0b429",
    "coach": "#0f766e",  # the coach's shades, outlines and numbers (a teal apart from targets and players)
}
FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif"


def canvas(width: float, height: float, title: str, view_box: tuple[float, float, float, float] | None = None):
    """A drawing with a view box, scaled to its container, described for screen readers."""
    x, y, w, h = view_box or (0, 0, width, height)
    drawing = svgwrite.Drawing(
        size=(f"{width}px", f"{height}px"),
        viewBox=f"{x:g} {y:g} {w:g} {h:g}",
        debug=False,
        **{"role": "img", "aria-label": title, "class": "ttn-board", "font-family": FONT},
    )
    drawing.set_desc(title=title)
    return drawing


def target(drawing: Any, action: str, label: str, parent: Any = None) -> Group:
    """A group that the front end makes clickable: clicking it sends `action`. A drawing with targets is a
    group of controls for screen readers, no longer a single image (an image's parts are not announced)."""
    drawing.attribs["role"] = "group"
    group = drawing.g(
        **{"class": "ttn-target", "data-target": action, "role": "button", "aria-label": label}
    )
    (parent or drawing).add(group)
    return group


def cross(drawing: Any, cx: float, cy: float, r: float, colour: str, width: float = 6) -> Group:
    group = drawing.g(stroke=colour, stroke_width=width, stroke_linecap="round")
    group.add(drawing.line((cx - r, cy - r), (cx + r, cy + r)))
    group.add(drawing.line((cx - r, cy + r), (cx + r, cy - r)))
    return group


def ring(drawing: Any, cx: float, cy: float, r: float, colour: str, width: float = 6) -> Any:
    return drawing.circle((cx, cy), r, fill="none", stroke=colour, stroke_width=width)


def label(drawing: Any, x: float, y: float, words: str, size: float = 14, **extra: Any) -> Any:
    extra.setdefault("fill", PALETTE["ink"])
    return drawing.text(words, insert=(x, y), font_size=size, **extra)


def grid_lines(drawing: Any, x: float, y: float, cell: float, size: int = 3, *, rows: int | None = None,
               cols: int | None = None, **extra: Any) -> Group:
    """The inner lines of a grid of square cells whose top left is (x, y): size x size, or rows x cols.

    >>> d = canvas(100, 60, "grid")
    >>> len(grid_lines(d, 0, 0, 20, rows=3, cols=5).elements)  # 4 lines between columns, 2 between rows
    6
    """
    rows = size if rows is None else rows
    cols = size if cols is None else cols
    extra.setdefault("stroke", PALETTE["line"])
    extra.setdefault("stroke_width", 3)
    group = drawing.g(stroke_linecap="round", **extra)
    for i in range(1, max(rows, cols)):
        if i < cols:
            group.add(drawing.line((x + i * cell, y), (x + i * cell, y + rows * cell)))
        if i < rows:
            group.add(drawing.line((x, y + i * cell), (x + cols * cell, y + i * cell)))
    return group


def player_colour(seat: int) -> str:
    """The colour of seat `seat` (0 is the first) for any number of seats: the palette's eight, each 4.5:1 or
    more on the paper, then the same again (marks and names tell seats apart past eight).

    >>> player_colour(0), player_colour(9)
    ('#c53030', '#1f6fd1')
    """
    colours = PALETTE["player"]
    return colours[seat % len(colours)]


def status_line(drawing: Any, lines: Sequence[str] = (), x: float = 0, y: float = 0, size: float = 15,
                step: float = 20, parent: Any = None, band: tuple[float, float] | None = None,
                **extra: Any) -> Group:
    """The group a board holds its status in, and only there (class `ttn-status-line`): the widget shows the
    status below the board and hides this group, so that it is not shown twice. `lines` (already wrapped)
    go in it at (x, y), `step` apart; a renderer with its own text layout fills the group itself.
    `band` is the strip of the drawing (top and bottom y) given over to the status, see `page_band`.

    >>> d = canvas(200, 40, "board")
    >>> status_line(d, ["X to move"], 10, 20, band=(0, 30)).attribs["data-band"]
    '0 30'
    """
    group = drawing.g(class_="ttn-status-line")
    (parent or drawing).add(group)
    for i, words in enumerate(lines):
        group.add(label(drawing, x, y + step * i, words, size, **extra))
    if band is not None:
        page_band(group, *band)
    return group


def page_band(element: Any, top: float, bottom: float) -> None:
    """Say that the strip from `top` to `bottom` holds nothing but what the page around a live board already
    says (the status line, which the board says below the drawing; the game's title, a play page's heading):
    the live board cuts that strip off when it lies at the top or the bottom of the drawing, so nothing is
    shown twice and no empty band is left; a still picture, an export's frame and a print keep it."""
    element.attribs["data-band"] = f"{top:g} {bottom:g}"


def paper(drawing: Any, width: float, height: float = 100) -> Any:
    """The board's paper, the first thing drawn: `fit` sizes it once the content's height is known."""
    return drawing.add(drawing.rect((0, 0), (width, height), fill=PALETTE["paper"]))


def fit(drawing: Any, sheet: Any, height: float) -> str:
    """Size the drawing and its paper `sheet` to `height` (the content's bottom) at the paper's width, and
    return the SVG text: the finish of every board drawn top to bottom.

    >>> d = canvas(300, 100, "board")
    >>> fit(d, paper(d, 300), 212.5).count('viewBox="0 0 300 212.5"')
    1
    """
    drawing["height"] = f"{height:g}px"
    drawing["viewBox"] = f"0 0 {sheet['width']:g} {height:g}"
    sheet["height"] = height
    return to_text(drawing)


def card(drawing: Any, x: float, y: float, w: float, h: float, fill: str, title: str = "",
         body: str = "", face_up: bool = True, stroke: str | None = None, title_size: float = 12,
         body_size: float = 10) -> Group:
    """A playing card: rounded, with a title and a short body, or its back when face down. Sizes are in
    SVG units: a board drawn smaller than its view box needs larger ones to stay readable (11 CSS px)."""
    group = drawing.g()
    group.add(drawing.rect((x, y), (w, h), rx=8, ry=8, fill=fill if face_up else PALETTE["face_down"],
                           stroke=stroke or PALETTE["line"], stroke_width=2))
    if not face_up:
        group.add(drawing.rect((x + 6, y + 6), (w - 12, h - 12), rx=5, ry=5, fill="none",
                               stroke=PALETTE["paper"], stroke_width=2, stroke_dasharray="4 3"))
        return group
    if title:
        group.add(label(drawing, x + w / 2, y + 6 + title_size, title, title_size, text_anchor="middle",
                        font_weight="bold"))
    step = 1.3 * body_size
    for i, line in enumerate(wrap(body, max(8, int(w / (0.65 * body_size))))[:6]):
        group.add(label(drawing, x + w / 2, y + 36 + step * i, line, body_size, text_anchor="middle"))
    return group


def wrap(text: str, width: int) -> list[str]:
    """Greedy word wrap for SVG text, which does not wrap by itself."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""The characters XML 1.0 forbids: C0 controls but tab, newline and carriage return; surrogates; U+FFFE
and U+FFFF."""
REFERENCE = re.compile("&#(?:[xX]([0-9a-fA-F]{1,8})|([0-9]{1,10}));")


def _reference(match: re.Match) -> str:
    code = int(match[1], 16) if match[1] else int(match[2])
    return "\ufffd" if code > 0x10FFFF or NOT_XML.match(chr(code)) else match[0]


def xml_safe(text: str) -> str:
    """`text` with every character XML 1.0 forbids, written as itself or as a character reference (as a
    serializer writes a lone surrogate), replaced by U+FFFD, whatever put it there: one of them makes an SVG,
    a notebook's `image/svg+xml` output or an XHTML page unreadable (a parse error page)."""
    return REFERENCE.sub(_reference, NOT_XML.sub("\ufffd", text))


def to_text(drawing: Any) -> str:
    """The drawing as SVG text, always well-formed XML, every target named with the words it shows."""
    root = drawing.get_xml()
    for text in root.iter("text"):
        text.tail = " "  # words apart, as read aloud: "Mark Basic", never "MarkBasic"
    for element in root.iter():
        if element.get("data-target") is not None:
            name_with_words(element)
    return xml_safe(ET.tostring(root, encoding="unicode"))


def shown_words(element: ET.Element) -> str:
    """The words drawn inside `element`, one text after another."""
    return " ".join(" ".join("".join(text.itertext()).split()) for text in element.iter("text")).strip()


def _word_list(words: str) -> list[str]:
    return re.findall(r"[^\W_]+", words.casefold())


def name_with_words(target: ET.Element) -> None:
    """Start a target's name with the words it shows unless the name already says them (WCAG 2.5.3, label in
    name: a voice-control user says what they read; a screen reader hears it first), the name's own words
    (its place, what a click does) after them."""
    words, label = shown_words(target), target.get("aria-label", "")
    shown, said = _word_list(words), _word_list(label)
    if any(said[i:i + len(shown)] == shown for i in range(len(said) - len(shown) + 1)):
        return
    target.set("aria-label", f"{words}, {label}" if label else words)


def still_picture(svg_text: str, words: str) -> dict[str, str]:
    """What a saved notebook shows of a widget where no widget runs: the SVG (GitHub, nbviewer, nbconvert),
    Markdown holding it as an image with `words` below (JupyterLab and JupyterLite show it in an untrusted
    notebook, where they draw neither widgets nor SVG), and the words as plain text."""
    picture = base64.b64encode(svg_text.encode()).decode("ascii")
    words = html.escape(" ".join(words.split()), quote=True)
    return {"image/svg+xml": svg_text, "text/markdown": f'<img src="data:image/svg+xml;base64,{picture}" '
            f'alt="{words}">\n\n{words}\n', "text/plain": words}

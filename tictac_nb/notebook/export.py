"""`export_html`: one self-contained HTML file that steps through a game, to share or to open anywhere.

The file holds the frames as inline SVG, the public move list and the replay front end (widgets/replay.js
and replay.css, inlined): no kernel, no network, no other file. It holds only what its viewer may see:
each frame is `render_svg(viewer)` of a position, the move words are public, and nothing of the record
(seed, setup, options) is written. Identical pieces of markup are stored once, and each frame as the runs
it shares with the frame before plus what changed, so a long game stays small. Every frame is drawn twice,
wide and for a narrow screen, and the page shows the one that fits, as a board lays itself out.
"""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Iterable
from difflib import SequenceMatcher
from pathlib import Path

from .. import coach
from ..core.engine import State
from ..core.front_end import FRONTEND
from ..core.svg import xml_safe
from .timeline import RecordSource, Timeline, analysis_html, analysis_marks, analysis_seat, move_lines, viewer_label

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
/* the page's own theme, light or dark as the reader's system is: the replay reads JupyterLab's variables */
:root {{ color-scheme: light dark; --jp-layout-color1: #ffffff; --jp-layout-color2: #f3f4f6;
  --jp-layout-color3: #e4e7eb; --jp-ui-font-color1: #1f2933; --jp-ui-font-color2: #52606d;
  --jp-border-color1: #9aa5b1; --jp-border-color2: #d9dee3; --jp-brand-color1: #2186eb; --jp-error-color1: #a61b1b; }}
@media (prefers-color-scheme: dark) {{
  :root {{ --jp-layout-color1: #111418; --jp-layout-color2: #1f252c; --jp-layout-color3: #2d353e;
    --jp-ui-font-color1: #e6e9ed; --jp-ui-font-color2: #b3bcc6; --jp-border-color1: #6b7785;
    --jp-border-color2: #3a434d; --jp-brand-color1: #6cb4ff; --jp-error-color1: #ff8a80; }}
}}
body {{ margin: 1em auto; max-width: 64em; padding: 0 0.5em; background: var(--jp-layout-color1);
  color: var(--jp-ui-font-color1); font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }}
{css}
</style>
</head>
<body>
<main id="replay"><noscript>This replay steps through the game with JavaScript; please allow it.</noscript></main>
<script type="application/json" id="ttr-data">{data}</script>
<script type="module">
{js}
// A stand-in for the notebook's widget model: it answers "go" from the frames stored in this page.
const data = JSON.parse(document.getElementById("ttr-data").textContent);
// Each frame's part numbers, rebuilt from the runs it shares with the frame before, for both layouts.
const rebuild = (frames) => {{
  const pieces = [];
  for (const ops of frames) {{
    const previous = pieces[pieces.length - 1] || [];
    pieces.push(ops.flatMap((op) => (Array.isArray(op) ? previous.slice(op[0], op[1]) : [op])));
  }}
  return pieces;
}};
const layouts = {{ wide: rebuild(data.frames.wide), narrow: rebuild(data.frames.narrow) }};
// Like a board, the page lays out for the room it has: the narrow drawing where the wide one would shrink.
const room = () => document.getElementById("replay").clientWidth;
const layout = () => (room() < data.wide_px ? "narrow" : "wide");
const frame = (step) => layouts[layout()][step].map((i) => data.parts[i]).join("");
const values = {{ ...data.fixed, step: 0, svg: frame(0), status: data.statuses[0], message: "" }};
const listeners = {{}};
const model = {{
  get: (name) => values[name],
  on: (event, callback) => {{ (listeners[event] ||= []).push(callback); }},
  off: (event, callback) => {{ listeners[event] = (listeners[event] || []).filter((f) => f !== callback); }},
  send: (message) => {{
    const step = message.step;
    if (message.type !== "go" || !Number.isInteger(step) || step < 0 || step > values.count) return;
    for (const [name, value] of Object.entries({{ step, svg: frame(step), status: data.statuses[step] }})) {{
      values[name] = value;
      for (const callback of listeners[`change:${{name}}`] || []) callback();
    }}
  }},
}};
render({{ model, el: document.getElementById("replay") }});
let shown = layout();
new ResizeObserver(() => {{
  if (layout() === shown) return;
  shown = layout();
  values.svg = frame(values.step);
  for (const callback of listeners["change:svg"] || []) callback();
}}).observe(document.getElementById("replay"));
document.querySelector(".ttr-root").focus();
</script>
</body>
</html>
"""


NARROW = 360
"""CSS px the narrow drawing of every frame is laid out for: a phone held upright (400 px less the page margins)."""
WIDTH = re.compile(r'<svg[^>]*? width="([0-9.]+)')


def _split(svg: str) -> list[str]:
    """An SVG cut before every tag: frames of one game share most of these pieces."""
    pieces = svg.split("<")
    return ([pieces[0]] if pieces[0] else []) + ["<" + piece for piece in pieces[1:]]


def _delta(previous: list[int], current: list[int]) -> list:
    """`current` as part numbers and [start, end] runs copied from `previous`: a move changes little."""
    ops: list = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, previous, current).get_opcodes():
        if tag == "equal":
            ops.append([i1, i2])
        else:
            ops.extend(current[j1:j2])
    return ops


def _xml_safe_data(value: object) -> object:
    """`value` (JSON data) with every text made `xml_safe`: the page puts these texts into its SVG and DOM."""
    if isinstance(value, str):
        return xml_safe(value)
    if isinstance(value, list):
        return [_xml_safe_data(item) for item in value]
    if isinstance(value, dict):
        return {key: _xml_safe_data(item) for key, item in value.items()}
    return value


def _script_json(value: object) -> str:
    """JSON that is safe inside a <script> element: no "</" or "<!--" can end or bend it, and no text in it
    holds a character XML forbids."""
    text = json.dumps(_xml_safe_data(value), ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "<\\u0021--")


def page(positions: Iterable[State], viewer: int | None = None, analysis: coach.Analysis | None = None) -> str:
    """The HTML of a replay from a game's positions after 0, 1, ... moves, as `viewer` saw them.

    It reads of each position only `render_svg(viewer)`, `status()`, the move words (`describe`) and
    public names, so positions whose hidden parts were resampled for `viewer` give the same page.
    `analysis` (judged from what `viewer` may know) adds its chart and marked moves inside the replay, in its
    frame and font, each going to its move as in the notebook.
    """
    positions = list(positions)
    first = positions[0]
    first.check_viewer(viewer)
    parts: dict[str, int] = {}
    frames: dict[str, list[list]] = {}
    for layout, width in (("wide", None), ("narrow", NARROW)):
        frames[layout] = []
        previous: list[int] = []
        for state in positions:
            current = [parts.setdefault(piece, len(parts)) for piece in _split(state.render_svg(viewer, width=width))]
            frames[layout].append(_delta(previous, current))
            previous = current
    seen = viewer_label(first, viewer)
    title = f"{first.game.title} replay, seen by {'the onlooker' if viewer is None else seen}"
    wide = WIDTH.search(positions[0].render_svg(viewer))
    data = {
        "fixed": {"title": first.game.title, "count": len(positions) - 1, "moves": move_lines(positions),
                  "viewer": viewer, "viewers": [{"value": viewer, "label": seen}], "live": False,
                  "analysis_html": "" if analysis is None else analysis_html(analysis, viewer),
                  "marks": {} if analysis is None else analysis_marks(analysis)},
        "statuses": [state.status() for state in positions],
        "parts": list(parts),
        "frames": frames,
        "wide_px": float(wide[1]) if wide else 2 * NARROW,
    }
    js = (FRONTEND / "replay.js").read_text(encoding="utf-8")
    css = (FRONTEND / "replay.css").read_text(encoding="utf-8")
    if "</script" in js.lower() or "</style" in css.lower():
        raise ValueError("the replay front end cannot be inlined: it contains a closing script or style tag")
    return xml_safe(PAGE.format(title=html.escape(title), css=css, js=js, data=_script_json(data)))


def export_html(source: RecordSource, path: str | os.PathLike, viewer: int | None = None, *,
                analysis: bool = False) -> Path:
    """Write one self-contained HTML file replaying a game (a state or a record) as `viewer` saw it.

    It opens from file:// in any browser, with no kernel and no network. Returns the path written.
    `analysis=True` adds the coach's evaluation chart, judged from what `viewer` may know (a game with
    hidden information needs a seat as viewer).
    """
    timeline = Timeline(source)
    timeline.final.check_viewer(viewer)
    judged = None
    if analysis:
        seat = analysis_seat(timeline.final, viewer)
        judged = coach.analyse(timeline.final.record(), seat_of_view=seat)
    path = Path(path)
    path.write_text(page(timeline.positions(), viewer, judged), encoding="utf-8")
    return path

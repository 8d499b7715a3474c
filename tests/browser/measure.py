"""Sizes as a reader meets them: an SVG board shown in a box of a given CSS width, measured in Chromium.

The board's `<svg>` is drawn like the widget draws it (`max-width: 100%; height: auto`), so text and
targets shrink with the box; these figures are in CSS px after that scaling.
"""

from __future__ import annotations

PAGE = """<!doctype html><html><head><style>
body {{ margin: 0; }} #box {{ width: {width}px; }} #box svg {{ max-width: 100%; height: auto; display: block; }}
</style></head><body><div id="box">{svg}</div></body></html>"""

SCRIPT = """() => {
  const svg = document.querySelector('#box svg');
  const scale = svg.getScreenCTM().a;
  const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim()).map((t) => ({
    text: t.textContent.trim().slice(0, 40),
    px: parseFloat(getComputedStyle(t).fontSize) * scale,
  }));
  const targets = [...svg.querySelectorAll('[data-target]')].map((t) => {
    const r = t.getBoundingClientRect();
    return { target: t.getAttribute('data-target'), px: Math.min(r.width, r.height) };
  });
  return { scale, width: svg.getBoundingClientRect().width, texts, targets };
}"""


def measure_svg(page, svg: str, width: float) -> dict:
    """Every text's font size and every target's smaller side, in CSS px, for `svg` shown `width` px wide."""
    page.set_content(PAGE.format(width=width, svg=svg))
    return page.evaluate(SCRIPT)


def too_small(figures: dict, min_text: float = 11, min_target: float | None = None) -> list[str]:
    """What falls under the limits, as readable lines (empty when all is well)."""
    found = [f"text {t['text']!r} is {t['px']:.1f} px" for t in figures["texts"] if t["px"] < min_text - 0.01]
    if min_target is not None:
        found += [f"target {t['target']!r} is {t['px']:.1f} px" for t in figures["targets"]
                  if t["px"] < min_target - 0.01]
    return found

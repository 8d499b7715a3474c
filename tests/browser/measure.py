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


OVERLAPS = """() => {
  const boxes = [...document.querySelectorAll('#box svg text')].filter((t) => t.textContent.trim())
    .map((t) => [t.textContent.trim().slice(0, 30), t.getBoundingClientRect()]);
  const found = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, r] = boxes[i], [b, s] = boxes[j];
    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
    const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    if (w > 2 && h > 2) found.push(`${a} / ${b}`);
  }
  return found;
}"""


def overlapping_texts(page) -> list[str]:
    """Pairs of texts of the board last measured whose boxes overlap by more than 2 px each way."""
    return page.evaluate(OVERLAPS)


def assert_drawn_for_the_width(page, boards, width: float) -> None:
    """Each (name, state, viewer, pending) board drawn for `width` is shown at its own size within that width,
    with no text under 11 px and, at 400 px, no target under 24 px."""
    for name, state, viewer, pending in boards:
        figures = measure_svg(page, state.render_svg(viewer, pending, width), width)
        assert too_small(figures, 11, 24 if width == 400 else None) == [], name
        assert figures["width"] <= width and figures["scale"] == 1, name


def readability_problems(page, boards, width: float, more=None) -> list[str]:
    """Each (name, state, viewer, pending) board drawn for `width` must be shown at its own size (asserted);
    returned, as lines naming the board: texts under 11 px, targets under 24 px, overlapping texts and
    whatever `more(page)` finds."""
    problems = []
    for name, state, viewer, pending in boards:
        figures = measure_svg(page, state.render_svg(viewer, pending, width=width), width)
        assert abs(figures["scale"] - 1) < 1e-6, name  # drawn at the width it is shown at
        problems += [f"{name}: {line}" for line in too_small(figures, 11, 24)]
        problems += [f"{name}: overlap {pair}" for pair in overlapping_texts(page)]
        problems += [f"{name}: {line}" for line in (more(page) if more else [])]
    return problems

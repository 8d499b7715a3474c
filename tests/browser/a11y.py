"""Readability checks run inside the page: the contrast and size of every text in a board widget, the size
of its click targets, and axe-core's audit (npm package `axe-core`, installed by `make setup-test` into
tests/browser/node_modules and injected with Playwright).

Contrast follows WCAG 2: relative luminance of the text colour composited over its effective background.
For HTML text the background is the stack of ancestors' background colours; for SVG text it is whatever is
painted under the text's centre (SVG shapes' fills, then the HTML behind the SVG), found with
`elementsFromPoint`. Sizes are CSS px as shown (SVG font sizes times the SVG's scale on screen).
"""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
MIN_CONTRAST = 4.5
MIN_TEXT_PX = 11
MIN_TARGET_PX = 24

MEASURE = """(root) => {
  const parse = (c) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(c || '');
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, bottom) => {
    const a = top[3] + bottom[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    const mix = (i) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
    return [mix(0), mix(1), mix(2), a];
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const WHITE = [255, 255, 255, 1];
  const SHAPES = new Set(['rect', 'circle', 'ellipse', 'path', 'polygon', 'polyline']);
  // The colour a layer paints: an HTML element's background, an SVG shape's fill (times its opacities).
  const paint = (node) => {
    const style = getComputedStyle(node);
    let colour;
    if (node instanceof SVGElement) {
      if (!SHAPES.has(node.tagName.toLowerCase())) return null;
      colour = parse(style.fill);
      if (colour) colour[3] *= Number(style.fillOpacity) * Number(style.opacity);
    } else {
      colour = parse(style.backgroundColor);
    }
    return colour && colour[3] > 0 ? colour : null;
  };
  const backdrop = (layers) => {
    let colour = [0, 0, 0, 0];
    for (const node of layers) {
      const c = paint(node);
      if (!c) continue;
      colour = over(colour, c);
      if (colour[3] >= 0.999) return colour;
    }
    return over(colour, WHITE);
  };
  const ancestors = (node) => {
    const found = [];
    for (let n = node; n && n !== document.documentElement; n = n.parentElement) found.push(n);
    return found;
  };
  const found = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!t.textContent.trim()) continue;
    const svgText = t.parentElement.closest('text');
    const node = svgText || t.parentElement;
    if (seen.has(node)) continue;
    seen.add(node);
    let box = node.getBoundingClientRect();
    if (box.bottom > innerHeight || box.top < 0 || box.right > innerWidth || box.left < 0) {
      node.scrollIntoView({ block: 'center', inline: 'center' });  // what lies under it is only known in view
      box = node.getBoundingClientRect();
    }
    const style = getComputedStyle(node);
    if (!box.width || !box.height || style.visibility === 'hidden' || !node.getClientRects().length) continue;
    let size, colour, layers;
    if (svgText) {
      const svg = node.ownerSVGElement;
      size = parseFloat(style.fontSize) * svg.getScreenCTM().a;
      colour = parse(style.fill);
      if (!colour) continue;
      colour[3] *= Number(style.fillOpacity) * Number(style.opacity);
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      // shapes that let clicks through (a hint's labels and shades) still paint: hit-test them too
      const probe = document.createElement('style');
      probe.textContent = 'svg * { pointer-events: auto !important; }';
      document.head.append(probe);
      const stack = document.elementsFromPoint(x, y).filter((n) => !n.closest('text'));
      probe.remove();
      if (stack.length && !svg.contains(stack[0]) && !stack[0].contains(svg)) continue;  // covered
      layers = stack;
    } else {
      size = parseFloat(style.fontSize);
      colour = parse(style.color);
      layers = ancestors(node);
    }
    const behind = backdrop(layers);
    found.push({
      text: t.textContent.trim().slice(0, 40), svg: Boolean(svgText), px: size,
      contrast: ratio(over(colour, behind), behind), colour: style.fill && svgText ? style.fill : style.color,
      background: `rgb(${behind.slice(0, 3).map(Math.round).join(', ')})`,
    });
  }
  const targets = [...root.querySelectorAll('[data-target]')].map((t) => {
    const r = t.getBoundingClientRect();
    return { target: t.getAttribute('data-target'), px: Math.min(r.width, r.height) };
  });
  return { width: root.getBoundingClientRect().width, texts: found, targets };
}"""


def measure(element) -> dict:
    """Every visible text of a widget (its size, contrast and colours) and its targets' sizes."""
    return element.evaluate(MEASURE)


def problems(figures: dict, min_target: float | None = None) -> list[str]:
    """What falls under the limits, as readable lines (empty when all is well)."""
    found = [f"text {t['text']!r}: contrast {t['contrast']:.2f} ({t['colour']} on {t['background']})"
             for t in figures["texts"] if t["contrast"] < MIN_CONTRAST - 0.005]
    found += [f"text {t['text']!r} is {t['px']:.1f} px" for t in figures["texts"] if t["px"] < MIN_TEXT_PX - 0.01]
    if min_target is not None:
        found += [f"target {t['target']!r} is {t['px']:.1f} px" for t in figures["targets"]
                  if t["px"] < min_target - 0.01]
    return found


def axe_violations(page, selector: str = ".ttn-root") -> list[str]:
    """axe-core's serious and critical violations inside every element matching `selector`."""
    if not AXE.exists():
        raise AssertionError(f"axe-core is not installed at {AXE}: run `npm ci --prefix tests/browser`")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async (selector) => {
        const roots = document.querySelectorAll(selector);
        const found = await axe.run(roots, { resultTypes: ['violations'] });
        return { roots: roots.length, passed: found.passes.length, violations: found.violations
          .filter((v) => ['serious', 'critical'].includes(v.impact))
          .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} nodes, e.g. `
                      + `${v.nodes[0].target.join(' ')}: ${v.nodes[0].failureSummary.replace(/\\s+/g, ' ')})`) };
    }""", selector)
    assert result["roots"] and result["passed"], f"axe checked nothing: {result}"
    return result["violations"]

"""Where a board's parts land on a laptop screen: measured in the browser, in CSS pixels of the page.

    with Lab(notebooks=...) as lab, browser_page(1280, 800) as page:
        ...
        m = measure(board)        # board: the .neko-board locator, scrolled to the top of the notebook
        m["prompt"]["bottom"] <= m["viewport"]["height"]

`measure` scrolls the board so that its top stands at the top of the notebook area (as a learner
scrolls to it), then reports the rectangles of the picture (and how far it is scrolled), the prompt,
the choices, the message line, the newest of the last moves, the hint box, hint 1 in it and the
choice marked "hint 1" (with their texts), the lesson text, the line naming the
step's move and the step's explanation (as laid out in the lesson box, whose text may scroll), the Undo
and Restart buttons, and every lit target, whether the picture is cut on the right, the width of each
of its pictures (SVG) as shown and as drawn (and where each stands), the smallest text size as shown (an SVG's text size times
its scale on the screen), the texts, tokens (class neko-token) and other lit targets the lesson's
callout lies over, and the lines of text the top of the picture's scrolled box cuts in half (cutTop).
"""
from __future__ import annotations

MEASURE = """(board, still) => {
  const pic = board.querySelector('.neko-picture');
  if (!still) board.scrollIntoView({block: 'start'});
  const r = (el) => { if (!el) return null; const b = el.getBoundingClientRect();
    return {left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width, height: b.height}; };
  const lit = [...pic.querySelectorAll('[data-target].neko-lit')].map(
    (el) => Object.assign({name: el.getAttribute('data-target')}, r(el)));
  let small = 1e9, smallText = '';
  for (const t of pic.querySelectorAll('text')) {
    if (!t.getClientRects().length || !t.textContent.trim()) continue;
    const ctm = t.getScreenCTM();
    const size = parseFloat(getComputedStyle(t).fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1);
    if (size < small) { small = size; smallText = t.textContent; }
  }
  for (const t of pic.querySelectorAll('div, span, td, th, b, li')) {
    if (!t.getClientRects().length || ![...t.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const size = parseFloat(getComputedStyle(t).fontSize);
    if (size < small) { small = size; smallText = t.textContent.slice(0, 40); }
  }
  const area = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer') ||
               document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  const callout = pic.querySelector('.neko-callout');
  const expected = pic.querySelector('.neko-expected');
  // the texts of the picture the lesson's callout lies over (the target's own text aside)
  const covers = [];
  if (callout) {
    const c = callout.getBoundingClientRect(), hit = pic.querySelector('[data-callout]');
    const walk = document.createTreeWalker(pic, NodeFilter.SHOW_TEXT), seen = new Set();
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const p = n.parentElement;
      if (!p || !n.textContent.trim() || callout.contains(p) || (hit && hit.contains(p))) continue;
      let rects;
      if (p.closest('svg')) {
        const t = p.closest('text');
        if (!t || seen.has(t)) continue;
        seen.add(t);
        rects = [t.getBoundingClientRect()];
      } else {
        const range = document.createRange();
        range.selectNodeContents(n);
        rects = [...range.getClientRects()];
      }
      for (const b of rects) {
        const w = Math.min(c.right, b.right) - Math.max(c.left, b.left), h = Math.min(c.bottom, b.bottom) - Math.max(c.top, b.top);
        if (w > 0.5 && h > 0.5) { covers.push(n.textContent.trim().slice(0, 40)); break; }
      }
    }
    for (const mark of pic.querySelectorAll('.neko-token')) {                 // a piece on the table hidden
      const b = mark.getBoundingClientRect();
      const w = Math.min(c.right, b.right) - Math.max(c.left, b.left), h = Math.min(c.bottom, b.bottom) - Math.max(c.top, b.top);
      if (w > 0.5 && h > 0.5) covers.push('token ' + (mark.textContent.trim().slice(0, 40) || mark.tagName));
    }
    for (const other of pic.querySelectorAll('[data-target].neko-lit')) {      // another legal choice hidden
      if (!hit || other === hit || other.contains(hit) || hit.contains(other)) continue;
      const b = other.getBoundingClientRect();
      const w = Math.min(c.right, b.right) - Math.max(c.left, b.left), h = Math.min(c.bottom, b.bottom) - Math.max(c.top, b.top);
      if (w > 0.5 && h > 0.5) covers.push('target ' + other.getAttribute('data-target'));
    }
  }
  // the lines of the picture's text that the top of its scrolled box cuts across (half shown)
  const cutTop = [], edge = pic.getBoundingClientRect().top, seenText = new Set();
  const walker = document.createTreeWalker(pic, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement;
    if (!p || !n.textContent.trim() || p.closest('.neko-callout')) continue;
    let rects;
    if (p.closest('svg')) {
      const t = p.closest('text');
      if (!t || seenText.has(t)) continue;
      seenText.add(t);
      rects = [t.getBoundingClientRect()];
    } else {
      const range = document.createRange();
      range.selectNodeContents(n);
      rects = [...range.getClientRects()];
    }
    if (rects.some((b) => b.height && b.top < edge - 0.5 && b.bottom > edge + 0.5))
      cutTop.push(n.textContent.trim().slice(0, 50));
  }
  return {
    viewport: {width: window.innerWidth, height: window.innerHeight}, cutTop: cutTop,
    notebook: r(area), picture: r(pic), scroll: pic.scrollTop, view: pic.clientHeight, cut: pic.scrollWidth - pic.clientWidth,
    overflowRight: Math.max(0, ...[...pic.querySelectorAll('svg, table, div')].map((e) => e.getBoundingClientRect().right)) - r(pic).right,
    prompt: r(board.querySelector('.neko-prompt')), choices: r(board.querySelector('.neko-choices')),
    lesson: r(board.querySelector('.neko-lesson')), step: r(board.querySelector('.neko-lesson .neko-step')),
    move: r(board.querySelector('.neko-lesson .neko-your-move')),
    message: r(board.querySelector('.neko-msg')), newest: r(board.querySelector('.neko-move')),
    hint: r(board.querySelector('.neko-hint')),
    hintFirst: (() => { const h = board.querySelector('.neko-hint .neko-hint-first');
                        return h ? Object.assign({text: h.innerText}, r(h)) : null; })(),
    hinted: (() => { const c = board.querySelector('.neko-choices .neko-hinted');
                     return c ? Object.assign({name: c.getAttribute('data-target'), text: c.innerText}, r(c)) : null; })(),
    svgs: [...pic.querySelectorAll('svg')].filter((s) => !s.parentElement.closest('svg')).map(
      (s) => ({width: s.getBoundingClientRect().width, left: s.getBoundingClientRect().left,
               top: s.getBoundingClientRect().top, natural: parseFloat(s.getAttribute('width')) || 0,
               naturalHeight: parseFloat(s.getAttribute('height')) || 0})),
    box: pic ? parseFloat(getComputedStyle(pic).maxHeight) || 0 : 0,
    undo: r([...board.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Undo')),
    restart: r([...board.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Restart')),
    lit: lit, smallest: small, smallestText: smallText,
    expected: expected ? r(expected) : null, callout: callout ? Object.assign({text: callout.textContent}, r(callout)) : null, calloutCovers: covers,
  };
}"""


def measure(board, still: bool = False) -> dict:
    """The board's layout as shown (see the module docstring); `still`: as the page is scrolled now,
    the board not scrolled to the top first."""
    return board.evaluate(MEASURE, still)


def scrolled_too_far(m: dict) -> bool:
    """Is the picture scrolled further down than its lit targets need (its top hidden for nothing)?"""
    if not m["lit"]:
        return False
    bottom = max(t["bottom"] for t in m["lit"]) - m["picture"]["top"] + m["scroll"] + 8
    return m["scroll"] > max(0.0, bottom - m["view"]) + 1


def outside(m: dict, rects, within: dict | None = None) -> list:
    """The rectangles (dicts with left/top/right/bottom, maybe a name) not wholly in sight: inside the
    notebook area on the screen (and inside `within`, e.g. the picture's own scrolled box)."""
    area = dict(m["notebook"] or {"left": 0, "top": 0, "right": m["viewport"]["width"],
                                  "bottom": m["viewport"]["height"]})
    area["bottom"] = min(area["bottom"], m["viewport"]["height"])
    if within:
        area = {k: (max if k in ("left", "top") else min)(area[k], within[k])
                for k in ("left", "top", "right", "bottom")}
    return [x for x in rects if x and (x["top"] < area["top"] - 0.5 or x["left"] < area["left"] - 0.5
                                       or x["bottom"] > area["bottom"] + 0.5 or x["right"] > area["right"] + 0.5)]

"""A picture you click: HTML/SVG whose elements carry the target they stand for.

Any element with a ``data-target`` attribute is a click target; a click in the browser sends its
target (a short string such as ``"pile:3"`` or ``"action:5"``) back to Python, where the board turns
it into an action. Build targets with `target()`:

    from neko_lab.widgets.picture import ClickPicture
    from neko_lab.core.svg import target
    pic = ClickPicture(on_click=lambda t: print("clicked", t))
    pic.value = f'<svg ...>{target("<rect .../>", "pile:1", "draw the top card of pile 1")}</svg>'
    pic.click("pile:1")        # what a click in the browser does (tests call this)

The SVG <title> inside a target is what hovering it says. Targets drawn with ``lit=True`` carry the
class ``neko-lit`` (a legal move now); the others are ``neko-off``. With ``on_miss``, a click off the
lit targets (on an unlit target, or on the table) is sent too, so the board can say why nothing
happened. A target marked ``neko-expected`` (a lesson's move) is drawn in orange, and the text of its
``data-callout`` attribute is pinned beside it, covering no text, no lit target and no element of class
``neko-token`` (the pieces on the table) where there is room. A board's table (``table=True``) fits the
screen's height and scrolls so that its lit targets are in sight, never stopping with a line of its text
cut in half at the top of its box. A list (the choices, not a table)
scrolls to its ``neko-expected`` row, else to its ``neko-hinted`` one (hint 1's choice); when a hint has
just been asked for, that row is brought in sight on the screen too, a few lines clear of its bottom. A
click off the lit targets brings the board's refusal (``neko-msg``, above its choices) in sight when the
page has been scrolled down past it. Every lit target can be reached with Tab and played with Enter or
Space (its tip names it to a screen reader); after a redraw the focus stays on the same target, or goes to
the first lit one.
"""
from __future__ import annotations

import re
from html import unescape
from typing import Any, Callable

import anywidget
import traitlets

from ..core.svg import target

_ESM = """
// what shows of the page around `node`, as [top, bottom] on the screen: the screen, cut by each box
// around it whose content is taller than itself and whose overflow is one of `overflows`
function shownSpan(node, overflows) {
  let top = 0, bottom = window.innerHeight;
  for (let p = node.parentElement; p && p !== document.body; p = p.parentElement) {
    const r = p.getBoundingClientRect();
    if (r.height > 0 && p.scrollHeight > p.clientHeight + 1 && overflows.includes(getComputedStyle(p).overflowY)) {
      top = Math.max(top, r.top);
      bottom = Math.min(bottom, r.bottom);
    }
  }
  return [top, bottom];
}

function render({ model, el }) {
  el.classList.add("neko-picture");
  // the lesson's callout: a note pinned beside the target marked data-callout, inside the picture, with
  // an arrow to the target. Placements are tried above, under, right and left of it (each also shifted
  // along the target), then at its corners, then further along its row past the texts and targets
  // beside it; the first in sight that covers no text of the picture, no token (an element of class
  // neko-token: a team, a marker, an empty place), no other lit target (nor the target) and, moved away
  // from its target, lies no nearer another lit target wins, else the one covering the least text, then
  // not astray, then covering the least of the tokens
  const textBoxes = (skip, ox, oy) => {       // the boxes of the picture's lines of text, not of their containers
    const out = [], seen = new Set(), walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const p = n.parentElement;
      if (!p || !n.textContent.trim() || skip.some((s) => s === p || s.contains(p))) continue;
      let rects;
      if (p.closest("svg")) {
        const t = p.closest("text");
        if (!t || seen.has(t)) continue;
        seen.add(t);
        rects = [t.getBoundingClientRect()];
      } else {
        const range = document.createRange();
        range.selectNodeContents(n);
        rects = [...range.getClientRects()];
      }
      for (const r of rects) if (r.width && r.height) out.push([r.left + ox, r.top + oy, r.right + ox, r.bottom + oy]);
    }
    return out;
  };
  const overlap = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) *
                            Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const pin = () => {
    el.querySelectorAll(":scope > .neko-callout").forEach((n) => n.remove());
    const hit = el.querySelector("[data-callout]");
    if (!hit) return;
    const box = hit.getBoundingClientRect(), root = el.getBoundingClientRect();
    if (!box.width && !box.height) return;
    const text = hit.getAttribute("data-callout");
    const note = document.createElement("div");
    note.className = "neko-callout";
    el.appendChild(note);
    const ox = el.scrollLeft - root.left, oy = el.scrollTop - root.top;
    const left = box.left + ox, top = box.top + oy, right = left + box.width, bottom = top + box.height;
    const room = el.scrollWidth, floor = el.scrollHeight;
    const texts = textBoxes([note, hit], ox, oy);
    const marks = [], others = [];
    for (const mark of el.querySelectorAll(".neko-token")) {      // nor a token drawn on the table
      const r = mark.getBoundingClientRect();
      if (r.width && r.height) marks.push([r.left + ox, r.top + oy, r.right + ox, r.bottom + oy]);
    }
    for (const other of el.querySelectorAll("[data-target].neko-lit")) {    // nor another legal choice
      if (other === hit || other.contains(hit) || hit.contains(other)) continue;
      const r = other.getBoundingClientRect();
      if (r.width && r.height) others.push([r.left + ox, r.top + oy, r.right + ox, r.bottom + oy]);
    }
    texts.push(...others);
    // a note away from its target (moved along a row past what it would cover) and nearer another
    // legal choice seems to point at that one
    const gap = (a, b) => Math.hypot(Math.max(0, b[0] - a[2], a[0] - b[2]), Math.max(0, b[1] - a[3], a[1] - b[3]));
    const size = (label) => { note.textContent = label; return [note.offsetWidth, note.offsetHeight]; };
    // x positions past the texts and targets in the band y0..y1 that a note of width w at x0 would
    // cover, going right (dir 1) or left (-1), no further than 160 px from the target
    const past = (x0, y0, y1, w, dir) => {
      const band = texts.concat(marks).filter((b) => b[3] > y0 && b[1] < y1);
      return dir > 0
        ? band.filter((b) => b[2] > x0).map((b) => b[2] + 6).filter((x) => x - right < 160).sort((a, b) => a - b)
        : band.filter((b) => b[0] < x0 + w).map((b) => b[0] - w - 6).filter((x) => left - x - w < 160)
            .sort((a, b) => b - a);
    };
    const mid = (h) => [top + box.height / 2 - h / 2, top - h + 12, bottom - 12];
    const along = (w) => [left + box.width / 2 - w / 2, left, right - w, left - w + 24, right - 24];
    const places = [    // [label, x positions for its size, y positions for its height], in order of preference
      [text + " \u25bc", along, (h) => [top - h - 6, top - h - 2]],
      ["\u25b2 " + text, along, (h) => [bottom + 6, bottom + 2]],
      ["\u25c0 " + text, (w) => [right + 10], mid],
      [text + " \u25b6", (w) => [left - w - 10], mid],
      // at the corners, and on along the line above or under the target past what would be covered
      ["\u2199 " + text, (w, h) => [right + 4, ...past(right + 4, top - h - 2, top - 2, w, 1)], (h) => [top - h - 2]],
      [text + " \u2198", (w, h) => [left - w - 4, ...past(left - w - 4, top - h - 2, top - 2, w, -1)],
       (h) => [top - h - 2]],
      ["\u2196 " + text, (w, h) => [right + 4, ...past(right + 4, bottom + 2, bottom + 2 + h, w, 1)],
       (h) => [bottom + 2]],
      [text + " \u2197", (w, h) => [left - w - 4, ...past(left - w - 4, bottom + 2, bottom + 2 + h, w, -1)],
       (h) => [bottom + 2]],
      // further along the target's own row, past the texts and targets beside it
      ["\u25c0 " + text, (w) => past(right, top, bottom, w, 1), mid],
      [text + " \u25b6", (w) => past(left - w, top, bottom, w, -1), mid],
    ];
    const tries = [];
    for (const [label, across, down] of places) {
      const [w, h] = size(label);
      const xs = across(w, h), ys = down(h);
      for (const x0 of xs) for (const y0 of ys) {
        const x = Math.max(0, Math.min(x0, room - w)), y = y0;
        if (y < 0 || y + h > floor) continue;
        const r = [x, y, x + w, y + h];
        const hidden = y < el.scrollTop || y + h > el.scrollTop + el.clientHeight;   // scrolled out of sight
        const own = gap(r, [left, top, right, bottom]);
        const astray = own > 24 && others.some((b) => gap(r, b) < own);
        // in order: text (and targets) covered, then astray, then tokens covered (a note is smaller
        // than 5000 px², so the tokens it covers never outweigh being astray): where nothing is clear,
        // a part of an empty place rather than a word
        const covered = 1e4 * (texts.reduce((sum, b) => sum + overlap(r, b), 0) +
                               10 * overlap(r, [left, top, right, bottom])) +
                        (astray ? 5e3 : 0) + marks.reduce((sum, b) => sum + overlap(r, b), 0) +
                        (hidden ? 1e13 : 0);
        tries.push({label, x, y, covered});
      }
    }
    let best = tries.find((c) => c.covered === 0) ||
               tries.reduce((a, c) => (a === null || c.covered < a.covered ? c : a), null);
    if (best === null) best = {label: text + " \u25bc", x: Math.max(0, left), y: Math.max(0, top - 30)};
    note.textContent = best.label;
    note.style.left = best.x + "px";
    note.style.top = best.y + "px";
  };
  // a board's table: no taller than the screen allows, and after every change it scrolls so that all
  // the legal targets are in sight (when they fit; else the lesson's move, else the first target),
  // unless they already are; after a resize, back up as far as they allow
  const span = (els) => {
    const root = el.getBoundingClientRect();
    let top = Infinity, bottom = -Infinity;
    for (const w of els) {
      const b = w.getBoundingClientRect();
      if (!b.width && !b.height) continue;
      top = Math.min(top, b.top - root.top + el.scrollTop);
      bottom = Math.max(bottom, b.bottom - root.top + el.scrollTop);
    }
    return top === Infinity ? null : [top - 8, bottom + 8];
  };
  const HINT_SPARE = 60;       // px kept in sight under hint 1's choice (three lines of a refusal)
  const focus = (settle) => {
    if (!model.get("table")) {       // a list (the choices): scroll it to the lesson's move, else to hint 1
      const exp = el.querySelector(".neko-expected") || el.querySelector(".neko-hinted");
      const box = exp && exp.closest(".neko-choices");
      if (!box) return;
      if (!settle && el.querySelector(".neko-hinted")) {
        // a hint just asked for: hint 1's choice (or the lesson's move) in sight on the screen beside the
        // hint, not only in the list's own box, with a few lines to spare below (a refusal above may push
        // it down). Where what shows of the list ends: the nearest box that cuts it (one whose content is
        // taller than itself: the notebook's), or the screen
        const bottom = shownSpan(box, ["auto", "scroll", "hidden"])[1];
        const shown = Math.min(box.clientHeight, bottom - HINT_SPARE - box.getBoundingClientRect().top);
        if (exp.offsetTop < box.scrollTop || exp.offsetTop + exp.offsetHeight > box.scrollTop + shown) {
          // to the top of the list, room made under the last choice when the list is too short to scroll there
          const tall = parseFloat(getComputedStyle(box).maxHeight) || box.clientHeight;
          const need = exp.offsetTop - 8 + tall - box.scrollHeight;
          if (need > 0) {
            const room = document.createElement("div");
            room.style.height = need + "px";
            box.appendChild(room);
          }
          box.scrollTop = Math.max(0, exp.offsetTop - 8);
        }
        exp.style.scrollMarginBottom = HINT_SPARE + "px";   // the page scrolls only if the list's top is
        exp.scrollIntoView({block: "nearest"});             // out of sight, and no further than that needs
        return;
      }
      if (exp.offsetTop < box.scrollTop || exp.offsetTop + exp.offsetHeight > box.scrollTop + box.clientHeight)
        box.scrollTop = Math.max(0, exp.offsetTop - 8);
      return;
    }
    const h = el.clientHeight;
    const lit = [...el.querySelectorAll("[data-target].neko-lit")];
    const expected = [...el.querySelectorAll(".neko-expected")];
    let want = span(lit);
    if (want && want[1] - want[0] > h) want = span(expected.length ? expected : lit.slice(0, 1));
    if (!want) return;
    const [top, bottom] = want;
    const least = bottom - top <= h ? Math.max(0, bottom - h) : Math.max(0, top);
    if (top >= el.scrollTop && bottom <= el.scrollTop + h) {
      // in sight; after a resize (a wider window, where the table lays out anew) scrolled no further
      // than they need, so the top of the table shows whenever it can
      el.scrollTop = uncut(settle && el.scrollTop > least ? least : el.scrollTop, want);
      return;
    }
    el.scrollTop = uncut(least, want);
  };
  // a scroll position near `s` that cuts no line of the table's text in half at the top of the box
  // (Neptune's "Now: ..." line, when its targets needed a few pixels more than the box): that line
  // back in sight when the targets `want` (their span, 8 px to spare around it) still show whole, else
  // scrolled wholly out of sight when they still do, else `s`
  const uncut = (s, want) => {
    if (s <= 0) return s;
    const h = el.clientHeight, root = el.getBoundingClientRect();
    const lines = textBoxes([...el.querySelectorAll(":scope > .neko-callout")], el.scrollLeft - root.left,
                            el.scrollTop - root.top);
    const cut = (y) => lines.filter((b) => b[1] < y - 0.5 && b[3] > y + 0.5);
    let up = s, down = s;
    for (let i = 0; i < 4 && cut(up).length; i++) up = Math.max(0, Math.min(...cut(up).map((b) => b[1])) - 1);
    for (let i = 0; i < 4 && cut(down).length; i++) down = Math.max(...cut(down).map((b) => b[3])) + 1;
    if (up === s) return s;
    const [top, bottom] = want ? [want[0] + 8, want[1] - 8] : [up, up];
    if (!cut(up).length && bottom <= up + h) return up;
    if (!cut(down).length && top >= down && down <= el.scrollHeight - h) return down;
    return s;
  };
  // a board's table on a notebook narrower than one of its areas: that area is scaled down to the
  // width there is (rather than cut, or scrolled sideways). A table drawn as one picture grows with a
  // wider column, up to GROW times its size (areas side by side wrap to the width instead); one that
  // fits the box's height grows no further than the height keeps it whole (no scrolling for a bigger
  // picture), one taller than the box scrolls anyway and grows to GROW
  const GROW = 1.5;
  const fit = () => {
    if (!model.get("table")) return;
    const root = el.getBoundingClientRect();
    const tops = [...el.querySelectorAll("svg")].filter((svg) => !svg.parentElement.closest("svg"));
    for (const svg of tops) {
      const px = (a) => /^\\s*[\\d.]+(px)?\\s*$/.test(svg.getAttribute(a) || "") ? parseFloat(svg.getAttribute(a)) : 0;
      const w = px("width"), h = px("height");            // sizes in pixels only (a "100%" is left alone)
      if (!(w > 0 && h > 0)) continue;
      if (!svg.getAttribute("viewBox")) svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
      const margin = parseFloat(getComputedStyle(svg.parentElement).marginRight) || 0;   // an area's gap
      const room = el.clientWidth - (svg.getBoundingClientRect().left - root.left + el.scrollLeft) - margin - 2;
      const tall = parseFloat(getComputedStyle(el).maxHeight) || Infinity;   // the box's height
      const most = h <= tall - 4 ? Math.min(w * GROW, Math.max(w, w * (tall - 4) / h)) : w * GROW;
      const width = w > room && room > 0 ? room : (tops.length === 1 ? Math.max(w, Math.min(room, most)) : w);
      svg.style.width = width + "px";
      svg.style.height = (h * width / w) + "px";
    }
  };
  // played by keyboard too: every lit target is a button in the tab order, named by its tip (what
  // hovering it says); Enter or Space on it is a click, and JupyterLab's own meaning of those keys (Enter:
  // edit the cell) is kept from acting then. A redrawn picture gives the focus back to the same target,
  // or to its first lit one (the next choice after a move), or to itself
  el.tabIndex = -1;
  const tipOf = (t) => {
    const title = [...t.children].find((c) => c.tagName.toLowerCase() === "title");
    return (t.getAttribute("title") || (title && title.textContent) || t.textContent || "").replace(/\\s+/g, " ").trim();
  };
  const reachable = () => {
    for (const t of el.querySelectorAll("[data-target]")) {
      if (t.classList.contains("neko-lit")) {
        t.setAttribute("tabindex", "0");
        t.setAttribute("role", "button");
        t.setAttribute("aria-label", tipOf(t));
      } else {
        t.setAttribute("aria-disabled", "true");
      }
    }
  };
  const draw = () => {
    const had = el.contains(document.activeElement) ? document.activeElement : null;
    const name = had && had.closest("[data-target]") && had.closest("[data-target]").getAttribute("data-target");
    el.classList.toggle("neko-table", !!model.get("table"));
    el.innerHTML = model.get("value");
    reachable();
    if (had) {
      const lit = [...el.querySelectorAll("[data-target].neko-lit")];
      (lit.find((t) => t.getAttribute("data-target") === name) || lit[0] || el).focus({preventScroll: true});
    }
    fit();
    requestAnimationFrame(() => { fit(); focus(false); pin(); });
  };
  draw();
  model.on("change:value", draw);
  if (window.ResizeObserver) {
    new ResizeObserver(() => requestAnimationFrame(() => { fit(); focus(true); pin(); })).observe(el);
  }
  el.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const hit = event.target.closest && event.target.closest("[data-target]");
    if (!hit || !el.contains(hit)) return;
    event.preventDefault();                   // Space would scroll the page
    event.stopPropagation();
    hit.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  el.addEventListener("click", (event) => {
    const hit = event.target.closest("[data-target]");
    if (hit && el.contains(hit) && !hit.classList.contains("neko-off")) {
      event.preventDefault();
      model.send({ target: hit.getAttribute("data-target") });
    } else if (model.get("explain_misses")) {
      // not a legal target: the board says why (the name of an unlit target, or "" for the table)
      const board = el.closest(".neko-board");
      const before = board && board.querySelector(".neko-msg");
      model.send({ miss: hit && el.contains(hit) ? hit.getAttribute("data-target") : "" });
      if (board) showRefusal(board, before);
    }
  });
}

// after a click off the lit targets, the board's refusal (over the choices, at the top of the board) is
// brought in sight when the page has been scrolled down past it: else nothing seems to happen
function showRefusal(board, before, waited = 0) {
  const msg = board.querySelector(".neko-msg.neko-error");
  if ((!msg || msg === before) && waited < 1500) {
    setTimeout(() => showRefusal(board, before, waited + 100), 100);
    return;
  }
  if (!msg) return;
  const [top, bottom] = shownSpan(msg, ["auto", "scroll"]);
  const r = msg.getBoundingClientRect();
  if (r.top < top || r.bottom > bottom) msg.scrollIntoView({block: "start"});
}
export default { render };
"""

_CSS = """
.neko-picture { position: relative; }
.neko-picture.neko-table { max-height: max(420px, calc(100vh - 190px)); overflow: auto; }
.neko-picture [data-target].neko-lit { cursor: pointer; }
.neko-picture:focus { outline: none; }
.neko-picture [data-target].neko-lit:focus { outline: none; }
.neko-picture [data-target].neko-lit:focus-visible { outline: 3px solid #1565c0; outline-offset: 1px; }
.neko-picture svg [data-target].neko-lit:focus-visible { filter: drop-shadow(0 0 2px #1565c0) drop-shadow(0 0 3px #1565c0); }
.neko-picture svg [data-target].neko-lit:hover { filter: brightness(0.88) drop-shadow(0 0 2px #1b7a1b); }
.neko-picture div[data-target].neko-lit:hover { background: #e3f2e3; }
.neko-picture svg [data-target].neko-expected { filter: drop-shadow(0 0 2px #e65100) drop-shadow(0 0 3px #e65100); }
.neko-picture div[data-target].neko-expected, .neko-picture span[data-target].neko-expected {
  outline: 3px solid #e65100; outline-offset: 1px; }
.neko-picture > .neko-callout { position: absolute; z-index: 5; max-width: 220px; padding: 3px 8px;
  background: #e65100; color: #fff; font: bold 13px/1.3 sans-serif; border-radius: 4px;
  box-shadow: 0 1px 4px rgba(0,0,0,.35); pointer-events: none; }
"""

_LIT = re.compile(r'class="neko-target neko-lit(?: [\w-]+)*"(?: data-callout="[^"]*")? data-target="([^"]*)"')
_ANY = re.compile(r'class="neko-target neko-(?:lit|off)(?: [\w-]+)*"(?: data-callout="[^"]*")? '
                  r'data-target="([^"]*)"')


def lit_targets(markup: str) -> list[str]:
    """The names of the lit (clickable) targets in a picture's markup, in drawing order."""
    return [unescape(m) for m in _LIT.findall(markup)]


class ClickPicture(anywidget.AnyWidget):
    """An HTML/SVG picture whose ``data-target`` elements send clicks to Python (`on_click(target)`)."""

    _esm = _ESM
    _css = _CSS
    value = traitlets.Unicode("").tag(sync=True)
    explain_misses = traitlets.Bool(False).tag(sync=True)
    table = traitlets.Bool(False).tag(sync=True)      # a board's table: fits the screen, scrolls to targets

    def __init__(self, on_click: Callable[[str], Any] | None = None,
                 on_miss: Callable[[str], Any] | None = None, **kwargs: Any):
        super().__init__(explain_misses=on_miss is not None, **kwargs)
        self._handlers: list[Callable[[str], Any]] = [on_click] if on_click is not None else []
        self._miss: Callable[[str], Any] | None = on_miss
        self.on_msg(self._receive)

    def on_click(self, handler: Callable[[str], Any]) -> None:
        self._handlers.append(handler)

    def _receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("target"), str):
            self.click(content["target"])
        elif isinstance(content, dict) and isinstance(content.get("miss"), str):
            self.miss(content["miss"])

    def miss(self, name: str = "") -> None:
        """Act as if the picture had been clicked off its lit targets: on the unlit target `name`, or
        on the table itself ("")."""
        if self._miss is not None:
            self._miss(name)

    def click(self, name: str) -> None:
        """Act as if the element with data-target=`name` had been clicked."""
        for handler in self._handlers:
            handler(name)

    def targets(self, lit_only: bool = True) -> list[str]:
        """The targets the picture holds now, in drawing order (the lit ones by default)."""
        return lit_targets(self.value) if lit_only else [unescape(m) for m in _ANY.findall(self.value)]

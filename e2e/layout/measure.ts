/**
 * The layout check's measurements, taken inside the page (`page.evaluate(measureLayout)`): the
 * function is sent to the browser as its source text, so it uses nothing from outside itself.
 *
 * It reports:
 * - `sideways-scroll`: the document (or a scrolling box inside it) scrolls sideways;
 * - `sticks-out`: text, a control, an image or frame, or a box sticks out of the box that holds
 *   it: its nearest ancestor with a border, a background, or clipped overflow;
 * - `overlap`: two interactive targets overlap;
 * - `small-target`: a button, input or stand-alone link is smaller than 24×24 CSS px (WCAG 2.2,
 *   2.5.8; links inside a sentence are exempt, as the rule says).
 *
 * What is not judged, and why (docs/decisions/021-install-scripts-and-layout-check.md):
 * - what nobody sees: `display: none`, `visibility: hidden`, `opacity: 0`, `inert`, and text for
 *   screen readers only (a 1×1 box, or clipped away by `clip`/`clip-path`);
 * - decorations: an `aria-hidden` element placed with `position: absolute` or `fixed`;
 * - the inside of an embedded frame (another origin): only the frame's own box;
 * - the part of a box's content a vertical scroller scrolls to (its purpose); sideways, only a
 *   box marked `data-scroll-x` may scroll, on purpose;
 * - text its own box cuts short with an ellipsis (`text-overflow: ellipsis`) when the box's
 *   `title` holds the whole text: truncation on purpose, with the text still available;
 * - a button over the padding a text field keeps free for it (a password field's show/hide
 *   toggle) does not count as overlapping the field;
 * - when a dialog is open, the page behind it (covered, and measured on its own without it); the
 *   document's sideways scroll is judged either way.
 * Edges are compared with a tolerance of `tolerance` px (default 1) for sub-pixel rounding.
 */
export type LayoutFinding = {
  kind: 'sideways-scroll' | 'sticks-out' | 'overlap' | 'small-target';
  /** A CSS path to the element (a selector that finds it). */
  path: string;
  /** Its text, shortened. */
  text: string;
  /** What is wrong, with the distances in CSS px. */
  detail: string;
};

export function measureLayout(options: { tolerance?: number } = {}): LayoutFinding[] {
  const tol = options.tolerance ?? 1;
  const root = document.documentElement;
  const findings: LayoutFinding[] = [];
  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (el: Element) => {
    let s = styles.get(el);
    if (!s) styles.set(el, (s = getComputedStyle(el)));
    return s;
  };
  const px = (n: number) => Math.round(n * 10) / 10;

  const simpleClass = /^[a-z][a-z0-9-]*$/;
  const cssPath = (el: Element): string => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== root; e = e.parentElement) {
      if (e.id && /^[A-Za-z][\w-]*$/.test(e.id)) {
        parts.unshift(`#${e.id}`);
        break;
      }
      let part = e.localName;
      const classes = [...e.classList].filter((c) => simpleClass.test(c)).slice(0, 2);
      if (classes.length) part += `.${classes.join('.')}`;
      const parent = e.parentElement;
      if (parent) {
        const same = [...parent.children].filter((c) => c.localName === e!.localName);
        if (same.length > 1) part += `:nth-of-type(${same.indexOf(e) + 1})`;
      }
      parts.unshift(part);
      if (e === document.body) break;
    }
    return parts.join(' > ');
  };
  const textOf = (el: Element | Text) => {
    const t = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const label =
      el instanceof Element
        ? el.getAttribute('aria-label') ||
          (el instanceof HTMLInputElement ? el.value || el.placeholder || el.type : '')
        : '';
    const s = t || label;
    return s.length > 60 ? `${s.slice(0, 57)}…` : s;
  };

  const transparent = (c: string) =>
    c === 'transparent' || /rgba\(.*,\s*0\)$/.test(c) || /\/\s*0\)$/.test(c);

  // Screen-reader-only text: a 1×1 clipping box, or clipped away entirely.
  const srOnly = (s: CSSStyleDeclaration) =>
    (s.position === 'absolute' || s.position === 'fixed') &&
    ((parseFloat(s.width) <= 1 && parseFloat(s.height) <= 1 && s.overflow !== 'visible') ||
      s.clip === 'rect(0px, 0px, 0px, 0px)' ||
      s.clipPath === 'inset(50%)');

  const hiddenMemo = new Map<Element, boolean>();
  /** Not seen, or not meant to be judged by its box (see the list above). */
  const unseen = (el: Element): boolean => {
    const memo = hiddenMemo.get(el);
    if (memo !== undefined) return memo;
    const s = style(el);
    const own =
      s.display === 'none' ||
      s.visibility === 'hidden' ||
      s.opacity === '0' ||
      el.hasAttribute('inert') ||
      srOnly(s) ||
      (el.getAttribute('aria-hidden') === 'true' &&
        (s.position === 'absolute' || s.position === 'fixed'));
    const result = own || (el.parentElement ? unseen(el.parentElement) : false);
    hiddenMemo.set(el, result);
    return result;
  };

  const isBox = (el: Element) => {
    const s = style(el);
    const sides = ['Top', 'Right', 'Bottom', 'Left'] as const;
    const border = sides.some(
      (side) =>
        parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
        s.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none' &&
        !transparent(s.getPropertyValue(`border-${side.toLowerCase()}-color`)),
    );
    const fill = !transparent(s.backgroundColor) || s.backgroundImage !== 'none';
    const clips = s.overflowX !== 'visible' || s.overflowY !== 'visible';
    return border || fill || clips;
  };
  /** The nearest box holding `el` (starting with `el` itself when `self`). */
  const holder = (el: Element | null, self: boolean): Element | null => {
    for (let e = self ? el : (el?.parentElement ?? null); e; e = e.parentElement) {
      if (e === root) return null;
      if (isBox(e)) return e;
    }
    return null;
  };
  const scrolls = (v: string) => v === 'auto' || v === 'scroll';

  /** How far `r` reaches past the inside of `box` on each side (positive = past). */
  const judge = (what: Element | Text, r: DOMRect, box: Element) => {
    const s = style(box);
    const b = box.getBoundingClientRect();
    const inner = {
      left: b.left + parseFloat(s.borderLeftWidth),
      right: b.right - parseFloat(s.borderRightWidth),
      top: b.top + parseFloat(s.borderTopWidth),
      bottom: b.bottom - parseFloat(s.borderBottomWidth),
    };
    const past: string[] = [];
    // Text its own box cuts with an ellipsis, the whole of it in the box's title, is cut on purpose.
    const ellipsis =
      what instanceof Text &&
      what.parentElement === box &&
      s.textOverflow === 'ellipsis' &&
      (box.getAttribute('title') ?? '').trim() === (what.textContent ?? '').trim();
    const sideways = !box.hasAttribute('data-scroll-x') && !ellipsis;
    const upDown = !scrolls(s.overflowY);
    if (sideways && r.right - inner.right > tol) past.push(`right by ${px(r.right - inner.right)}`);
    if (sideways && inner.left - r.left > tol) past.push(`left by ${px(inner.left - r.left)}`);
    if (upDown && r.bottom - inner.bottom > tol)
      past.push(`bottom by ${px(r.bottom - inner.bottom)}`);
    if (upDown && inner.top - r.top > tol) past.push(`top by ${px(inner.top - r.top)}`);
    if (past.length === 0) return;
    const el = what instanceof Element ? what : what.parentElement!;
    findings.push({
      kind: 'sticks-out',
      path: cssPath(el),
      text: textOf(what),
      detail: `${what instanceof Text ? 'its text' : el.localName} sticks out ${past.join(
        ' px, ',
      )} px of ${cssPath(box)}`,
    });
  };

  // What is on top: an open dialog covers the page (Radix marks the rest aria-hidden and inert to
  // the pointer), so only the last open dialog is judged then.
  const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter(
    (d) => !unseen(d),
  );
  const scope: Element = dialogs.at(-1) ?? document.body;

  // 1. The document scrolls sideways.
  if (root.scrollWidth > root.clientWidth + tol - 1) {
    const widest = [...document.body.querySelectorAll('*')]
      .filter((e) => !unseen(e) && e.getBoundingClientRect().right > root.clientWidth + tol)
      .filter(
        (e) =>
          ![...e.children].some((c) => c.getBoundingClientRect().right > root.clientWidth + tol),
      )
      .slice(0, 3);
    findings.push({
      kind: 'sideways-scroll',
      path: 'html',
      text: '',
      detail: `the page scrolls sideways: ${root.scrollWidth} px wide in a ${root.clientWidth} px window${
        widest.length
          ? `; reaching past it: ${widest
              .map(
                (e) =>
                  `${cssPath(e)} ("${textOf(e)}", right edge ${px(e.getBoundingClientRect().right)})`,
              )
              .join('; ')}`
          : ''
      }`,
    });
  }

  const elements = [...scope.querySelectorAll('*')];
  if (scope !== document.body) elements.unshift(scope);
  const skipped = (el: Element) =>
    el.closest('svg, script, style, template, noscript') !== null && el.localName !== 'svg';

  // 1b. A scrolling box inside the page scrolls sideways without meaning to.
  for (const el of elements) {
    if (skipped(el) || unseen(el) || el.hasAttribute('data-scroll-x')) continue;
    const s = style(el);
    if (!scrolls(s.overflowX)) continue;
    if (el.scrollWidth > el.clientWidth + tol)
      findings.push({
        kind: 'sideways-scroll',
        path: cssPath(el),
        text: textOf(el),
        detail: `this box scrolls sideways: its content is ${el.scrollWidth} px wide in ${el.clientWidth} px`,
      });
  }

  // 2. Text, controls, media and boxes stick out of the box that holds them.
  const CONTROL =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, iframe, img, video, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"]';
  for (const el of elements) {
    if (skipped(el) || el.localName === 'svg' || unseen(el)) continue;
    if (el !== scope && (el.matches(CONTROL) || isBox(el))) {
      const box = holder(el, false);
      const r = el.getBoundingClientRect();
      if (box && r.width > 0 && r.height > 0) judge(el, r, box);
    }
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      const box = holder(el, true);
      if (box && r.width > 0 && r.height > 0) judge(node as Text, r, box);
    }
  }

  // 3. Interactive targets: 24×24 at least, and none overlapping another.
  const TARGET =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"], [role="option"]';
  const targets = elements
    .filter((el) => el.matches(TARGET) && !skipped(el) && !unseen(el))
    .map((el) => {
      // A check box or radio button is also clicked through its label: the target is both.
      let r = el.getBoundingClientRect();
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio'))
        for (const label of el.labels ?? []) {
          const l = label.getBoundingClientRect();
          const left = Math.min(r.left, l.left);
          const top = Math.min(r.top, l.top);
          r = new DOMRect(
            left,
            top,
            Math.max(r.right, l.right) - left,
            Math.max(r.bottom, l.bottom) - top,
          );
        }
      return { el, r };
    })
    .filter(({ r }) => r.width > 0 && r.height > 0);

  /** A link inside a sentence: laid out inline among other words of its block. */
  const inSentence = (el: Element) => {
    if (!el.matches('a[href], [role="link"]') || style(el).display !== 'inline') return false;
    let block = el.parentElement;
    while (block && style(block).display.startsWith('inline')) block = block.parentElement;
    const all = (block?.textContent ?? '').replace(/\s+/g, '');
    const own = (el.textContent ?? '').replace(/\s+/g, '');
    return all.length > own.length;
  };
  const MIN = 24;
  for (const { el, r } of targets) {
    if (inSentence(el)) continue;
    if (r.width < MIN - 0.5 || r.height < MIN - 0.5)
      findings.push({
        kind: 'small-target',
        path: cssPath(el),
        text: textOf(el),
        detail: `target is ${px(r.width)}×${px(r.height)} px, under 24×24`,
      });
  }
  /**
   * A button set inside a text field, over the padding the field keeps free for it (a password
   * field's show/hide toggle): the field's text never reaches there, and a click there is the
   * button's.
   */
  const inFieldPadding = (field: { el: Element; r: DOMRect }, left: number, right: number) => {
    if (!field.el.matches('input, textarea')) return false;
    const s = style(field.el);
    const padRight = parseFloat(s.paddingRight) + parseFloat(s.borderRightWidth);
    const padLeft = parseFloat(s.paddingLeft) + parseFloat(s.borderLeftWidth);
    return left >= field.r.right - padRight - tol || right <= field.r.left + padLeft + tol;
  };
  for (let i = 0; i < targets.length; i++)
    for (let j = i + 1; j < targets.length; j++) {
      const a = targets[i]!;
      const b = targets[j]!;
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const left = Math.max(a.r.left, b.r.left);
      const right = Math.min(a.r.right, b.r.right);
      const w = right - left;
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > tol && h > tol && !inFieldPadding(a, left, right) && !inFieldPadding(b, left, right))
        findings.push({
          kind: 'overlap',
          path: cssPath(a.el),
          text: textOf(a.el),
          detail: `overlaps ${cssPath(b.el)} ("${textOf(b.el)}") by ${px(w)}×${px(h)} px`,
        });
    }
  return findings;
}

'use client';

// The first pointer, key, touch or focus on the page: what says a person is about to use a form.
// A pointer that moves, not one that comes "over": Chromium sends pointerover under a still cursor
// as the page lays out beneath it, which no person did.
const REACH = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin'] as const;
let reached: Promise<void> | undefined;
// Focus the page moves itself (its heading, components/ui/page-heading.tsx) is no reach.
export const PAGE_FOCUS = 'data-page-focus';
const moved = (el: EventTarget | Element | null) =>
  el instanceof HTMLElement && el.hasAttribute(PAGE_FOCUS);

/** Resolves at the first pointer move or press, key, touch or focus on the page (at once if a field has focus). */
export function firstReach(): Promise<void> {
  return (reached ??= new Promise<void>((resolve) => {
    const go = (event?: Event) => {
      if (event?.type === 'focusin' && moved(event.target)) return;
      for (const type of REACH) removeEventListener(type, go, true);
      resolve();
    };
    for (const type of REACH) addEventListener(type, go, { capture: true, passive: true });
    // An autofocused field was reached before this ran.
    if (
      document.activeElement &&
      document.activeElement !== document.body &&
      !moved(document.activeElement)
    )
      go();
  }));
}

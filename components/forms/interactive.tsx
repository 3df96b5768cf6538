'use client';

import {
  Suspense,
  lazy,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type RefObject,
} from 'react';
import { firstReach } from '@/components/ui/first-reach';
import { firstHydrationDone } from './hydration-mark';

// React does not replay a click on server HTML whose code has not arrived (a submit button and a
// link work without scripts, but a button of type "button", such as the passkey's, would do
// nothing): the last such press is kept, and pressed again once its form has hydrated.
const ready = new WeakSet<Element>();
let pressed: { button: HTMLButtonElement; host: Element; at: number } | undefined;
// Armed when a page with such a form loads its code, before that page hydrates.
if (typeof window !== 'undefined')
  addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      const host = button?.closest('[data-interactive]');
      if (button?.type === 'button' && host && !ready.has(host))
        pressed = { button, host, at: performance.now() };
    },
    { capture: true },
  );

/** Inside the boundary: runs once the form has hydrated, and presses what it missed. */
function Hydrated({ host, arrived }: { host: RefObject<HTMLDivElement | null>; arrived: number }) {
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    ready.add(element);
    const missed = pressed?.host === element ? pressed : undefined;
    if (!missed) return;
    pressed = undefined;
    // A press after the code arrived, React hydrated and handled itself.
    if (missed.at < arrived && missed.button.isConnected && !missed.button.disabled)
      missed.button.click();
  }, [host, arrived]);
  return null;
}

/**
 * A client component whose code loads when a person first reaches for the page, not with it
 * (decision 061). The server renders it whole, so the first response holds the working form (it
 * posts to its action before any script runs); the browser hydrates it once its code is in. Shown
 * by a navigation in the browser, where nothing waits to be hydrated, it loads at once.
 *
 * `onServer` is the component itself on the server and undefined in the browser: pass
 * `typeof window === 'undefined' ? require('./x').X : undefined`, which the build drops from the
 * browser's bundle; `load` imports the same component.
 */
export function interactive<P extends object>(
  onServer: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const atOnce = lazy(async () => ({ default: await load() }));
  const whenReached = lazy(async () => {
    await firstReach();
    const component = await load();
    // From here React hydrates a pressed form itself.
    arrived = performance.now();
    return { default: component };
  });
  let arrived = Infinity;
  function Interactive(props: P) {
    // Chosen once, with no update after: a boundary updated before it hydrates would be rendered
    // anew in the browser, its server HTML dropped.
    const [waits] = useState(() => !firstHydrationDone());
    const host = useRef<HTMLDivElement>(null);
    const Component = onServer ?? (waits ? whenReached : atOnce);
    // `display: contents`: the wrapper adds no box of its own. The same on server and browser.
    return (
      <div ref={host} className="contents" data-interactive="">
        <Suspense fallback={null}>
          <Component {...props} />
          <Hydrated host={host} arrived={waits ? arrived : 0} />
        </Suspense>
      </div>
    );
  }
  return Interactive;
}

'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { FADE_IN_THRESHOLD } from '@/lib/creatorcash/constants';

// Hidden only once the observer reports it off screen: visible without JS, no flicker on screen,
// and no layout reads at load (Lighthouse's LCP estimate counts every layout a script causes).
export function FadeIn({ children, className = '' }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;

    let first = true;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        if (first) {
          first = false;
          if (entry.isIntersecting) observer.disconnect();
          else el.dataset.fade = 'out';
          return;
        }
        if (!entry.isIntersecting) return;
        // A section taller than five screens can never be 20% visible: count a screen's share too.
        const screen = entry.rootBounds?.height ?? window.innerHeight;
        const seen =
          entry.intersectionRatio >= FADE_IN_THRESHOLD ||
          entry.intersectionRect.height >= screen * FADE_IN_THRESHOLD;
        if (!seen) return;
        el.dataset.fade = 'in';
        observer.disconnect();
      },
      { threshold: [0, FADE_IN_THRESHOLD, 0.5, 1] },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={ref}
      className={`data-[fade=in]:transition-[opacity,translate] data-[fade=in]:duration-700 data-[fade=in]:ease-out data-[fade=out]:translate-y-6 data-[fade=out]:opacity-0 ${className}`}
    >
      {children}
    </div>
  );
}

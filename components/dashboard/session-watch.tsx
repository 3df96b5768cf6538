'use client';

import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import {
  CHECK_EVERY_MS,
  PRESENCE_EVERY_MS,
  SESSION_CHANNEL,
  SESSION_ROUTE,
  isSessionAnswer,
  warningS,
  type SessionAnswer,
} from '@/lib/session/watch';
import { signOutNow } from './sign-out';

type Ended = 'elsewhere' | 'other-tab';
type Watch = { ended: Ended | null; present: () => void };
const SessionContext = createContext<Watch>({ ended: null, present: () => {} });

/** Null while the session holds; why it ended once the page knows it did. */
export const useSessionEnded = () => useContext(SessionContext).ended;
/** Counts something the person did that the page cannot see itself (a page opened in the frame). */
export const usePresence = () => useContext(SessionContext).present;

const ANSWER_WAIT_MS = 8_000;
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

async function ask(method: 'GET' | 'POST'): Promise<SessionAnswer | null> {
  try {
    const response = await fetch(SESSION_ROUTE, {
      method,
      cache: 'no-store',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(ANSWER_WAIT_MS),
    });
    if (response.status === 401) return { signedIn: false };
    const body: unknown = response.ok ? await response.json() : null;
    return isSessionAnswer(body) ? body : null;
  } catch {
    // Offline or slow: nothing learned, the page keeps what it knew (decision 047).
    return null;
  }
}

const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * The idle rule as a person meets it (decision 047): input on the page counts as presence, a
 * warning with "Stay signed in" comes before the sign-out, and a sign-out anywhere (another tab,
 * another device) hides the signed-in page and says so. The server's clock decides; the page
 * only asks it.
 */
export function SessionWatch({ idleS, children }: { idleS: number; children: React.ReactNode }) {
  const warnMs = warningS(idleS) * 1000;
  const [ended, setEnded] = useState<Ended | null>(null);
  const [warning, setWarning] = useState(false);
  const [left, setLeft] = useState(warnMs);
  const deadline = useRef(0);
  const lastReport = useRef(0);
  const lastCheck = useRef(0);
  const unreported = useRef(false);
  const busy = useRef(false);
  const warningRef = useRef(false);
  const endedRef = useRef<Ended | null>(null);
  const channel = useRef<BroadcastChannel | null>(null);

  const end = useCallback((why: Ended) => {
    if (endedRef.current) return;
    endedRef.current = why;
    warningRef.current = false;
    setWarning(false);
    setEnded(why);
    if (why === 'elsewhere') channel.current?.postMessage('signed-out');
  }, []);

  const learn = useCallback(
    (answer: SessionAnswer | null, why: Ended = 'elsewhere') => {
      if (!answer || endedRef.current) return;
      if (!answer.signedIn) {
        // Near or past the page's own deadline it is the idle rule: the guard's /login says so.
        if (Date.now() >= deadline.current - warnMs) window.location.reload();
        else end(why);
        return;
      }
      deadline.current = Date.now() + answer.idleLeftS * 1000;
      if (deadline.current - Date.now() > warnMs) {
        warningRef.current = false;
        setWarning(false);
      }
    },
    [end, warnMs],
  );

  const call = useCallback(
    async (method: 'GET' | 'POST', why?: Ended) => {
      if (busy.current || endedRef.current) return;
      busy.current = true;
      const now = Date.now();
      if (method === 'POST') {
        lastReport.current = now;
        unreported.current = false;
      }
      lastCheck.current = now;
      try {
        learn(await ask(method), why);
      } finally {
        busy.current = false;
      }
    },
    [learn],
  );

  const present = useCallback(() => {
    if (warningRef.current || endedRef.current) return;
    unreported.current = true;
    if (Date.now() - lastReport.current >= PRESENCE_EVERY_MS) void call('POST');
  }, [call]);

  useEffect(() => {
    const now = Date.now();
    // The page's own load was a request: the server counted it.
    deadline.current = now + idleS * 1000;
    lastReport.current = now;
    lastCheck.current = now;

    const tick = () => {
      if (endedRef.current) return;
      const now = Date.now();
      const remaining = deadline.current - now;
      if (warningRef.current) {
        setLeft(remaining);
        if (remaining <= 0) void call('GET');
        return;
      }
      if (remaining <= warnMs) {
        // Another tab may have kept the session alive: the server's clock first.
        void call('GET').then(() => {
          if (endedRef.current || deadline.current - Date.now() > warnMs) return;
          warningRef.current = true;
          setLeft(deadline.current - Date.now());
          setWarning(true);
        });
        return;
      }
      if (unreported.current && now - lastReport.current >= PRESENCE_EVERY_MS) void call('POST');
      else if (document.visibilityState === 'visible' && now - lastCheck.current >= CHECK_EVERY_MS)
        void call('GET');
    };
    const timer = setInterval(tick, 1000);

    const onInput = () => present();
    for (const type of INPUT_EVENTS)
      window.addEventListener(type, onInput, { passive: true, capture: true });
    // Focus moving into the embedded dashboard is the person using it.
    const onBlur = () => {
      if (document.activeElement instanceof HTMLIFrameElement) present();
    };
    window.addEventListener('blur', onBlur);
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      present();
      void call('GET');
    };
    document.addEventListener('visibilitychange', onVisible);

    if ('BroadcastChannel' in window) {
      channel.current = new BroadcastChannel(SESSION_CHANNEL);
      // Another tab signed out (or found the session gone): this one asks the server to be sure.
      channel.current.onmessage = (event) => {
        if (event.data === 'signed-out') void call('GET', 'other-tab');
      };
    }
    return () => {
      clearInterval(timer);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
      window.removeEventListener('blur', onBlur);
      document.removeEventListener('visibilitychange', onVisible);
      channel.current?.close();
      channel.current = null;
    };
  }, [call, idleS, present, warnMs]);

  const stay = () => {
    warningRef.current = false;
    void call('POST').then(() => {
      if (!endedRef.current && deadline.current - Date.now() <= warnMs) {
        warningRef.current = true;
        setWarning(true);
      }
    });
    setWarning(false);
  };

  return (
    <SessionContext.Provider value={{ ended, present }}>
      {children}
      <Dialog
        open={warning}
        onOpenChange={(open) => !open && stay()}
        title="Are you still there?"
        description={
          <>
            For your security, you’ll be signed out in{' '}
            <span className="tabular-nums">{clock(left)}</span> without activity.
          </>
        }
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => void signOutNow()}>
            Sign out
          </Button>
          <Button type="button" onClick={stay} autoFocus>
            Stay signed in
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={ended !== null}
        mandatory
        title={ended === 'other-tab' ? 'You signed out in another tab' : 'You were signed out'}
        description={
          ended === 'other-tab'
            ? 'Sign in again to go on.'
            : 'Your session here has ended, perhaps from another browser or device. Sign in again to go on.'
        }
      >
        <div className="flex justify-end">
          {/* A full load of this page: the guard sends it to /login and keeps it for after. */}
          <Button type="button" onClick={() => window.location.reload()} autoFocus>
            Sign in
          </Button>
        </div>
      </Dialog>
    </SessionContext.Provider>
  );
}

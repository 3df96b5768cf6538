'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  EMBED_TOKEN_ERRORS,
  EMBED_TOKEN_WAIT_MS,
  type EmbedTokenAnswer,
  type EmbedTokenError,
} from '@/lib/dashboard/embed-token';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Loader } from '@/components/ui/loader';
import { useShownTheme } from '@/components/ui/use-theme';
import { DEFAULT_PATH, embedSrc, menuTitle } from '@/lib/dashboard/menu';
import { APP_MSG } from '@/lib/messages';
import { usePresence, useSessionEnded } from './session-watch';
import { signOutNow } from './sign-out';
import { useDashboardPath } from './use-dashboard-path';

type FrameError = 'creator' | 'system' | 'connection';
const ERROR_TEXT: Record<FrameError, string> = {
  creator: APP_MSG.creatorSystemDown,
  system: APP_MSG.systemError,
  connection: APP_MSG.connectionFailed,
};

/** A token this close to expiry is replaced before use: the frame must open before it lapses. */
const TOKEN_MARGIN_MS = 30_000;

type Fetched =
  | { ok: true; token: string; until: number }
  | { ok: false; error: FrameError | 'no_channel' | 'unauthenticated' };

function isAnswer(body: unknown): body is EmbedTokenAnswer {
  const b = body as Partial<EmbedTokenAnswer> | null;
  return typeof b?.token === 'string' && b.token.length > 0 && typeof b.expiresIn === 'number';
}

async function fetchToken(): Promise<Fetched> {
  if (!navigator.onLine) return { ok: false, error: 'connection' };
  let res: Response;
  // A timer of the page's own (not AbortSignal.timeout), so it runs on the page's clock.
  const giveUp = new AbortController();
  const timer = setTimeout(() => giveUp.abort(), EMBED_TOKEN_WAIT_MS);
  let body: unknown;
  try {
    res = await fetch('/api/embed-token', {
      cache: 'no-store',
      headers: { accept: 'application/json' },
      signal: giveUp.signal,
    });
    body = await res.json().catch(() => null);
    if (giveUp.signal.aborted) return { ok: false, error: 'connection' };
  } catch {
    // No answer: the request failed, or nothing came back within the wait.
    return { ok: false, error: 'connection' };
  } finally {
    clearTimeout(timer);
  }
  if (res.ok && isAnswer(body))
    return { ok: true, token: body.token, until: Date.now() + body.expiresIn * 1000 };
  const failure = body as { error?: unknown } | null;
  const known = EMBED_TOKEN_ERRORS.find((e) => e === failure?.error) as EmbedTokenError | undefined;
  if (known === 'unauthenticated' || known === 'no_channel') return { ok: false, error: known };
  return { ok: false, error: known === 'creator_unavailable' ? 'creator' : 'system' };
}

export function EmbedFrame({ base }: { base: string }) {
  const path = useDashboardPath() ?? DEFAULT_PATH;
  const token = useRef<{ value: string; until: number } | null>(null);
  const [frame, setFrame] = useState<{ path: string; token: string } | null>(null);
  // The provider paints in the page's theme; a change of theme opens the frame again in it.
  const theme = useShownTheme() ?? 'light';
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const [error, setError] = useState<{ kind: FrameError; path: string } | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Signed out in another tab or on another device: the analytics go at once (decision 047).
  const sessionEnded = useSessionEnded() !== null;
  const present = usePresence();

  const load = useCallback(async (wanted: string, isCurrent: () => boolean) => {
    let value =
      token.current && token.current.until - Date.now() > TOKEN_MARGIN_MS
        ? token.current.value
        : null;
    if (!value || !navigator.onLine) {
      const fetched = await fetchToken();
      if (!isCurrent()) return;
      if (!fetched.ok) {
        // A full load, so the guard can send it on to /login?reason=…: the router may hold a
        // /login prefetched while signed in, which points home.
        if (fetched.error === 'unauthenticated') window.location.replace('/login');
        else if (fetched.error === 'no_channel') void signOutNow();
        else {
          setDismissed(false);
          setError({ kind: fetched.error, path: wanted });
        }
        return;
      }
      token.current = { value: fetched.token, until: fetched.until };
      value = fetched.token;
    }
    setError(null);
    setFrame({ path: wanted, token: value });
  }, []);

  useEffect(() => {
    let current = true;
    // Always after this render: a reused token must not set state inside the effect itself.
    void Promise.resolve().then(() => load(path, () => current));
    return () => {
      current = false;
    };
  }, [path, attempt, load]);

  const errorRef = useRef(error);
  useEffect(() => {
    errorRef.current = error;
  }, [error]);
  useEffect(() => {
    const offline = () => {
      if (!errorRef.current) setError({ kind: 'connection', path });
    };
    const online = () => {
      if (errorRef.current?.kind === 'connection') setAttempt((a) => a + 1);
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [path]);

  const retry = () => {
    setError(null);
    setAttempt((a) => a + 1);
  };

  const shownError = error && error.path === path ? error.kind : null;
  const src = frame ? embedSrc(base, frame.path, frame.token, theme) : null;
  const ready = frame !== null && frame.path === path && loadedSrc === src;
  const title = menuTitle(path);
  // The menu moves without a server render: the tab's title follows it (the layout's template).
  useEffect(() => {
    if (title) document.title = `${title} · Creator Dashboard`;
  }, [title]);

  return (
    <div className="relative flex flex-1 flex-col">
      {frame && !sessionEnded && (
        <iframe
          // A new element per address: changing an iframe's src would add entries to the page's
          // own history, and Back would then move the frame instead of the menu path.
          key={src}
          src={src ?? undefined}
          title={`Embedded dashboard: ${menuTitle(frame.path)}`}
          onLoad={() => {
            setLoadedSrc(src);
            // A page opened inside the frame is the person using it.
            present();
          }}
          referrerPolicy="no-referrer"
          // The provider runs in its own origin; it may not navigate or script this page.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads"
          className={`bg-surface-muted min-h-[calc(100dvh-9rem)] w-full flex-1 border-0 ${ready ? '' : 'invisible'}`}
        />
      )}
      {!ready && !shownError && (
        <div className="bg-surface-muted absolute inset-0 flex items-center justify-center">
          <Loader label={`Loading ${title}…`} />
        </div>
      )}
      {shownError && (
        <div className="bg-surface-muted absolute inset-0 flex flex-col items-center justify-center gap-4 px-6 text-center">
          <p className="text-ink max-w-md">{ERROR_TEXT[shownError]}</p>
          <Button type="button" onClick={retry}>
            Retry
          </Button>
        </div>
      )}
      <Dialog
        open={shownError !== null && !dismissed}
        onOpenChange={(open) => !open && setDismissed(true)}
        title={shownError ? ERROR_TEXT[shownError] : ''}
      >
        <div className="flex justify-end">
          <Button type="button" onClick={retry} autoFocus>
            Retry
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { Authenticator } from '@aws-amplify/ui-react';
import { fetchAuthSession } from 'aws-amplify/auth';

// The seed's design after sign-in: a server route asks the creator system for the embed token
// (the browser sends its access token), then the analytics frame for /dash/creator.
function Dashboard() {
  const [frame, setFrame] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    (async () => {
      const { tokens } = await fetchAuthSession();
      const res = await fetch('/api/embed-token', {
        headers: { authorization: `Bearer ${tokens?.accessToken?.toString() ?? ''}` },
      });
      if (!res.ok) throw new Error(String(res.status));
      const { token, embedOrigin } = (await res.json()) as { token: string; embedOrigin: string };
      if (live)
        setFrame(`${embedOrigin}/dash/creator?embed_token=${encodeURIComponent(token)}&embed=true`);
    })().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  if (failed) return <p role="alert">The dashboard could not load.</p>;
  if (!frame) return <p>Loading…</p>;
  return (
    <iframe title="Dashboard" src={frame} style={{ width: '100%', height: '80vh', border: 0 }} />
  );
}

export default function App() {
  return (
    <Authenticator signUpAttributes={['email']}>
      {({ signOut }) => (
        <main>
          <button onClick={signOut}>Sign out</button>
          <Dashboard />
        </main>
      )}
    </Authenticator>
  );
}

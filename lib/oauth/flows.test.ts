import { unsealAs } from '@/lib/session/seal';
import type { Env } from '@/lib/runtime/env';
import { IN_PROGRESS_S, beginFlow, takeFlow } from './flows';

const env = { sessionPasswords: { '1': 'p'.repeat(32) } } as unknown as Env;
const T = 2_000_000_000;

async function begin(cookie: string | undefined, now: number) {
  const begun = await beginFlow(cookie, env, now);
  if (!begun.ok) throw new Error('refused');
  return begun;
}

describe('hosted sign-ins under way', () => {
  it('keeps a new flow sealed: a 32-character state and a 128-character verifier', async () => {
    const { flow, cookie } = await begin(undefined, T);
    expect(flow.state).toHaveLength(32);
    expect(flow.verifier).toHaveLength(128);
    expect(cookie).not.toContain(flow.verifier);
    expect(cookie).not.toContain(flow.state);
    expect((await unsealAs('oauth', cookie, env))?.flows).toEqual([flow]);
  });

  it('keeps what a deletion round trip is for, and for whom, under the seal', async () => {
    const begun = await beginFlow(undefined, env, T, { purpose: 'delete', sub: 'sub-1' });
    if (!begun.ok) throw new Error('refused');
    expect(begun.cookie).not.toContain('sub-1');
    const taken = await takeFlow(begun.cookie, begun.flow.state, env, T + 1);
    expect(taken.flow).toMatchObject({ purpose: 'delete', sub: 'sub-1' });
  });

  it('refuses a second start within the in-progress wait, and allows it after', async () => {
    const first = await begin(undefined, T);
    expect(IN_PROGRESS_S).toBe(10);
    expect(await beginFlow(first.cookie, env, T + IN_PROGRESS_S - 1)).toEqual({ ok: false });
    const second = await begin(first.cookie, T + IN_PROGRESS_S);
    // Both tabs can still finish.
    expect((await unsealAs('oauth', second.cookie, env))?.flows.map((f) => f.state)).toEqual([
      first.flow.state,
      second.flow.state,
    ]);
  });

  it('keeps the three newest flows', async () => {
    let cookie: string | undefined;
    const states: string[] = [];
    for (let i = 0; i < 5; i++) {
      const begun = await begin(cookie, T + i * 60);
      cookie = begun.cookie;
      states.push(begun.flow.state);
    }
    const kept = (await unsealAs('oauth', cookie, env))?.flows.map((f) => f.state);
    expect(kept).toEqual(states.slice(-3));
  });

  it('hands a flow to its own callback once', async () => {
    const a = await begin(undefined, T);
    const b = await begin(a.cookie, T + 30);
    const taken = await takeFlow(b.cookie, a.flow.state, env, T + 40);
    expect(taken.flow).toEqual(a.flow);
    const again = await takeFlow(taken.cookie, a.flow.state, env, T + 41);
    expect(again.flow).toBeUndefined();
    // The other tab's flow is still there.
    expect((await takeFlow(again.cookie, b.flow.state, env, T + 42)).flow).toEqual(b.flow);
  });

  it('finds nothing for a state it did not make, a forged cookie, or a flow past its time', async () => {
    const a = await begin(undefined, T);
    expect((await takeFlow(a.cookie, 'B'.repeat(32), env, T + 1)).flow).toBeUndefined();
    expect((await takeFlow(a.cookie, null, env, T + 1)).flow).toBeUndefined();
    expect((await takeFlow('garbage', a.flow.state, env, T + 1)).flow).toBeUndefined();
    expect((await takeFlow(a.cookie, a.flow.state, env, T + 600)).flow).toBeUndefined();
    // The last one left nothing to keep: the cookie goes.
    expect((await takeFlow(a.cookie, a.flow.state, env, T + 600)).cookie).toBe('');
  });
});

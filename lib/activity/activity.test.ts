import {
  ACTIVITY_KEPT,
  ACTIVITY_MAX_BYTES,
  labelEvents,
  parseProofs,
  SIGN_IN_WAYS,
  TWO_STEP_UNFINISHED,
  wayRecord,
  withProof,
  type ProofRecord,
} from './';

const proof = (t: number, op = 'email', ok = true, b = 'Chrome on Linux'): ProofRecord => ({
  t,
  op,
  ok,
  b,
});

describe('the record of password confirmations', () => {
  it('reads what it wrote, newest first', () => {
    const raw = withProof([proof(100)], proof(200, 'phone', false));
    expect(parseProofs(raw)).toEqual([proof(200, 'phone', false), proof(100)]);
  });

  it('keeps the newest ten', () => {
    let list: ProofRecord[] = [];
    for (let t = 1; t <= 15; t++) list = parseProofs(withProof(list, proof(t)));
    expect(list).toHaveLength(ACTIVITY_KEPT);
    expect(list[0]!.t).toBe(15);
    expect(list.at(-1)!.t).toBe(6);
  });

  it('stays within what the attribute holds, even with long browser names', () => {
    let list: ProofRecord[] = [];
    for (let t = 1; t <= 15; t++)
      list = parseProofs(withProof(list, proof(t, 'x'.repeat(100), true, 'y'.repeat(300))));
    expect(Buffer.byteLength(withProof(list, proof(99)))).toBeLessThanOrEqual(ACTIVITY_MAX_BYTES);
  });

  it.each([undefined, '', 'not json', '{}', '[["x","email",1]]', '[null, 5]'])(
    'reads a missing or damaged record %p as empty',
    (raw) => expect(parseProofs(raw)).toEqual([]),
  );
});

describe('labelling sign-in events', () => {
  const event = (at: number, passed = true) => ({ at, passed, ip: '203.0.113.9' });

  it('labels the event a confirmation made, and leaves real sign-ins alone', () => {
    const events = [event(1000), event(400)];
    const out = labelEvents(events, [proof(1001)]);
    expect(out[0]).toEqual({ ...event(1000), proof: { op: 'email', browser: 'Chrome on Linux' } });
    expect(out[1]).toEqual(event(400));
  });

  it('matches the outcome: a wrong password labels a failed event only', () => {
    const out = labelEvents([event(1000, true), event(995, false)], [proof(1000, 'phone', false)]);
    expect(out[0]!.proof).toBeUndefined();
    expect(out[1]!.proof).toEqual({ op: 'phone', browser: 'Chrome on Linux' });
  });

  it('takes the closest event, each once: a sign-in a minute before a confirmation stays one', () => {
    const out = labelEvents([event(1000), event(940)], [proof(1002)]);
    expect(out.map((e) => Boolean(e.proof))).toEqual([true, false]);
  });

  it('reaches back five minutes (a sent code answered later), and no further', () => {
    expect(labelEvents([event(1000)], [proof(1290)])[0]!.proof).toBeDefined();
    expect(labelEvents([event(1000)], [proof(1301)])[0]!.proof).toBeUndefined();
    expect(labelEvents([event(1000)], [proof(960)])[0]!.proof).toBeUndefined();
  });

  it('two confirmations label two events', () => {
    const out = labelEvents([event(2000), event(1000)], [proof(1001), proof(2001, 'passkey')]);
    expect(out.map((e) => e.proof?.op)).toEqual(['passkey', 'email']);
  });
});

describe('how each sign-in was made (decision 058)', () => {
  const event = (at: number, passed = true) => ({ at, passed });

  it('labels a sign-in with its way and browser, and a wrong password with its browser', () => {
    const out = labelEvents(
      [event(2000), event(1000, false)],
      [
        wayRecord('passkey', true, 'Safari on iPhone', 2003),
        wayRecord('password', false, 'Firefox on Windows', 1000),
      ],
    );
    expect(out[0]!.way).toEqual({ how: 'passkey', browser: 'Safari on iPhone' });
    expect(out[0]!.proof).toBeUndefined();
    expect(out[1]!.way).toEqual({ how: 'password', browser: 'Firefox on Windows' });
  });

  it('keeps confirmations and sign-ins apart when both are recorded', () => {
    const out = labelEvents(
      [event(2000), event(1500)],
      [proof(2001, 'email'), wayRecord('password+app', true, undefined, 1502)],
    );
    expect(out[0]!.proof?.op).toBe('email');
    expect(out[1]!.way).toEqual({ how: 'password+app' });
  });

  it('reads an unknown way as no label, and survives the round trip through the attribute', () => {
    const raw = withProof([], { t: 100, op: 'in:carrier-pigeon', ok: true });
    expect(labelEvents([event(100)], parseProofs(raw))[0]).toEqual(event(100));
    const kept = parseProofs(
      withProof([], wayRecord('password+recovery', true, 'Chrome on Linux', 100)),
    );
    expect(labelEvents([event(100)], kept)[0]!.way).toEqual({
      how: 'password+recovery',
      browser: 'Chrome on Linux',
    });
    expect(Object.keys(SIGN_IN_WAYS)).toContain('password+recovery');
  });

  it("names a wrong code's browser, and never lends a wrong password's record to a wrong code", () => {
    const failedAt = (at: number, step: 'password' | 'two-step') => ({
      at,
      passed: false,
      failedAt: step,
    });
    const out = labelEvents(
      [failedAt(1010, 'two-step'), failedAt(1000, 'password')],
      [
        wayRecord('password', false, 'Firefox on Windows', 1011),
        wayRecord('password+app', false, 'Chrome on Linux', 1001),
      ],
    );
    expect(out[0]!.way).toEqual({ how: 'password+app', browser: 'Chrome on Linux' });
    expect(out[1]!.way).toEqual({ how: 'password', browser: 'Firefox on Windows' });
  });

  it("keeps an unfinished attempt's address through the attribute, beside its browser or alone", () => {
    const both = {
      t: 100,
      op: TWO_STEP_UNFINISHED,
      ok: false,
      b: 'Chrome on Linux',
      a: '2001:db8::1',
    };
    const alone = { t: 90, op: TWO_STEP_UNFINISHED, ok: false, a: '198.51.100.7' };
    expect(parseProofs(withProof([alone], both))).toEqual([both, alone]);
  });

  it('leaves the unfinished two-step record to its own row', () => {
    const out = labelEvents([event(100, false)], [{ t: 100, op: TWO_STEP_UNFINISHED, ok: false }]);
    expect(out[0]).toEqual(event(100, false));
  });
});

it('keeps a record written twice (a job run again) once', () => {
  const record = wayRecord('password', false, 'Chrome on Linux', 500);
  const once = parseProofs(withProof([], record));
  expect(parseProofs(withProof(once, record))).toEqual([record]);
  // Another at the same second is another record.
  expect(
    parseProofs(withProof(once, wayRecord('password', false, 'Firefox on Windows', 500))),
  ).toHaveLength(2);
});

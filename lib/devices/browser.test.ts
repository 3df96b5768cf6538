import { cookieOptions, DEVICES_PER_BROWSER, sealAs, type DeviceEntry } from '@/lib/session/seal';
import { DEVICE_COOKIE_MAX_BYTES, devicesIn, readDevices, sealDevices, listFirst } from './browser';

const env = { sessionPasswords: { '1': 'p'.repeat(32) } };

const entry = (n: number, long = false): DeviceEntry => ({
  sub: `sub-${n}`,
  email: long ? `${'e'.repeat(300)}${n}@creator.test` : `creator${n}@creator.test`,
  key: `us-east-1_${String(n).padEnd(36, long ? 'k' : '0')}`,
  groupKey: long ? 'g'.repeat(200) : `-group${n}`,
  secret: long ? 's'.repeat(200) : `secret-${n}`,
});

/** The Set-Cookie line a browser stores, as lib/session/seal.test.ts counts it. */
const setCookieLength = (value: string) => {
  const o = cookieOptions({ mode: 'production' }, 365 * 24 * 3600);
  return `cd_device=${value}; Path=${o.path}; Max-Age=${o.maxAge}; HttpOnly; Secure; SameSite=Lax`
    .length;
};

describe("this browser's devices, one per account", () => {
  it('puts the account that signed in first, in place of its own older one', () => {
    const list = listFirst(listFirst([], entry(1)), entry(2));
    expect(list.map((d) => d.sub)).toEqual(['sub-2', 'sub-1']);
    const again = listFirst(list, { ...entry(1), key: 'us-east-1_new' });
    expect(again.map((d) => [d.sub, d.key])).toEqual([
      ['sub-1', 'us-east-1_new'],
      ['sub-2', entry(2).key],
    ]);
  });

  it(`keeps at most ${DEVICES_PER_BROWSER}, dropping the longest unused`, () => {
    let list: DeviceEntry[] = [];
    for (let n = 1; n <= DEVICES_PER_BROWSER + 2; n++) list = listFirst(list, entry(n));
    expect(list).toHaveLength(DEVICES_PER_BROWSER);
    expect(list[0]!.sub).toBe(`sub-${DEVICES_PER_BROWSER + 2}`);
    expect(list.map((d) => d.sub)).not.toContain('sub-1');
  });

  it('round-trips through the sealed cookie, and reads the one-device cookie of before', async () => {
    const list = [entry(2), entry(1)];
    expect(await readDevices(await sealDevices(list, env), env)).toEqual(list);
    const before = await sealAs('device', { v: 1, ...entry(7) }, env);
    expect(await readDevices(before, env)).toEqual([entry(7)]);
    expect(devicesIn(null)).toEqual([]);
    expect(await readDevices('Fe26.2**garbage**', env)).toEqual([]);
    expect(await sealDevices([], env)).toBe('');
  });

  it('stays within what a browser keeps with the longest addresses and keys, newest kept', async () => {
    const list = [1, 2, 3, 4].map((n) => entry(n, true));
    const value = await sealDevices(list, env);
    expect(value.length).toBeLessThanOrEqual(DEVICE_COOKIE_MAX_BYTES);
    expect(setCookieLength(value)).toBeLessThan(4096);
    const kept = await readDevices(value, env);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBeLessThan(4);
    expect(kept).toEqual(list.slice(0, kept.length));
  });
});

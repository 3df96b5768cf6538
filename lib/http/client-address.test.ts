import {
  limitKeyOfAddress,
  PEER_HEADER_KEY,
  UNKNOWN_ADDRESS,
  clientAddress,
  clientAddressFromHeaders,
  normalizeAddress,
} from './client-address';

const PEER = '198.51.100.7';

describe('clientAddress with no trusted proxy (the default)', () => {
  it('is the peer, whatever X-Forwarded-For says', () => {
    expect(clientAddress(null, PEER, 0)).toBe(PEER);
    expect(clientAddress('203.0.113.1', PEER, 0)).toBe(PEER);
    expect(clientAddress('203.0.113.1, 203.0.113.2', PEER, 0)).toBe(PEER);
  });

  it('never falls back to the header when the peer is unknown', () => {
    expect(clientAddress('203.0.113.1', undefined, 0)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(null, undefined, 0)).toBe(UNKNOWN_ADDRESS);
  });

  it('gives every forged header the same answer', () => {
    const seen = new Set(
      Array.from({ length: 50 }, (_, i) => clientAddress(`10.0.${i}.1, 10.1.${i}.2`, PEER, 0)),
    );
    expect([...seen]).toEqual([PEER]);
  });
});

describe('clientAddress behind trusted proxies', () => {
  it('one hop (a balancer): the entry the balancer appended', () => {
    // The client sent "6.6.6.6"; the balancer appended the address it saw.
    expect(clientAddress('6.6.6.6, 203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
  });

  it('two hops (CDN then balancer): the entry the CDN appended, not the CDN itself', () => {
    // client -> CDN (appends the client) -> balancer (appends the CDN) -> us (peer: the balancer)
    const a = clientAddress('203.0.113.9, 192.0.2.50', '10.0.0.2', 2);
    const b = clientAddress('203.0.113.10, 192.0.2.50', '10.0.0.2', 2);
    expect(a).toBe('203.0.113.9');
    expect(b).toBe('203.0.113.10');
    // A forged prefix changes nothing.
    expect(clientAddress('6.6.6.6, 7.7.7.7, 203.0.113.9, 192.0.2.50', '10.0.0.2', 2)).toBe(
      '203.0.113.9',
    );
  });

  it('clamps to the leftmost entry when the chain is shorter than the hops', () => {
    expect(clientAddress('203.0.113.9', '10.0.0.2', 5)).toBe('203.0.113.9');
    expect(clientAddress(null, '10.0.0.2', 3)).toBe('10.0.0.2');
  });

  it('keeps an unknown peer in its place in the chain', () => {
    // Without the stamped peer, the last header entry still is the one the balancer appended.
    expect(clientAddress('6.6.6.6, 203.0.113.9', undefined, 1)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9, 192.0.2.50', undefined, 2)).toBe('203.0.113.9');
  });

  it('answers unknown for an entry that is no address', () => {
    expect(clientAddress('not-an-ip', '10.0.0.2', 1)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(`${'9'.repeat(500)}`, '10.0.0.2', 1)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(' , ,', '10.0.0.2', 1)).toBe('10.0.0.2');
  });
});

describe('normalizeAddress', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    [' 203.0.113.9 ', '203.0.113.9'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['2001:DB8::1', '2001:db8::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['203.0.113.9:8080', '203.0.113.9'],
  ])('%s -> %s', (raw, want) => {
    expect(normalizeAddress(raw)).toBe(want);
  });

  it.each(['', 'unknown', '1.2.3', '203.0.113.9\n{"ip":"x"}', '<script>'])('refuses %j', (raw) => {
    expect(normalizeAddress(raw)).toBeUndefined();
  });
});

describe('clientAddressFromHeaders', () => {
  const g = globalThis as Record<symbol, unknown>;
  afterEach(() => {
    delete g[PEER_HEADER_KEY];
  });

  it('reads the peer from the header the stamp named in this process', () => {
    g[PEER_HEADER_KEY] = 'x-cd-peer-test1234';
    const h = new Headers({
      'x-forwarded-for': '6.6.6.6',
      'x-cd-peer-test1234': '::ffff:198.51.100.7',
    });
    expect(clientAddressFromHeaders(h, 0)).toBe(PEER);
    expect(clientAddressFromHeaders(h, 1)).toBe('6.6.6.6');
  });

  it('ignores a peer header of another name (a guess) and any client header with no hop trusted', () => {
    g[PEER_HEADER_KEY] = 'x-cd-peer-real';
    const h = new Headers({
      'x-forwarded-for': '6.6.6.6',
      'x-cd-peer-guess': '7.7.7.7',
      'x-real-ip': '8.8.8.8',
    });
    expect(clientAddressFromHeaders(h, 0)).toBe(UNKNOWN_ADDRESS);
  });

  it('without a stamp installed, trusts no header with no hop trusted', () => {
    const h = new Headers({ 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '8.8.8.8' });
    expect(clientAddressFromHeaders(h, 0)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddressFromHeaders(h, 1)).toBe('6.6.6.6');
  });
});

describe('limitKeyOfAddress', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:ffff::2', '2001:db8:0:0::/64'],
    ['2001:db8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64'],
    ['2001:db8:aa::bb:1:2', '2001:db8:aa:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b::192.0.2.33'],
    ['64:ff9b::c000:221', '64:ff9b::c000:221'],
    ['::ffff:cb00:7109', '::ffff:cb00:7109'],
  ])('%s is limited as %s', (address, key) => {
    expect(limitKeyOfAddress(address)).toBe(key);
  });

  it('every address of one /64 shares a key; the next /64 does not', () => {
    const keys = new Set(
      ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2:a::b'].map(
        limitKeyOfAddress,
      ),
    );
    expect(keys.size).toBe(1);
    expect(limitKeyOfAddress('2001:db8:1:3::1')).not.toBe([...keys][0]);
  });
});

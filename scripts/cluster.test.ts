import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findProgram, haproxyConfig } from './cluster.mjs';

const instances = [
  { name: 'web1', port: 3001 },
  { name: 'web2', port: 3002 },
  { name: 'web3', port: 3003 },
];

describe('haproxyConfig', () => {
  const config = haproxyConfig({ port: 3000, instances });

  it('balances round robin over every instance, with no stickiness', () => {
    expect(config).toContain('balance roundrobin');
    for (const { name, port } of instances)
      expect(config).toContain(`server ${name} 127.0.0.1:${port} check`);
    expect(config).not.toMatch(/\bcookie\b|\bstick\b|prefer-last-server|balance source/);
  });

  it('appends the client address to X-Forwarded-For and listens on IPv4 and IPv6', () => {
    expect(config).toContain('option forwardfor');
    expect(config).toContain('bind :::3000 v4v6');
  });

  it('sends a request an instance could not take to another', () => {
    expect(config).toContain('option redispatch');
    expect(config).toMatch(/retries [1-9]/);
  });

  // haproxy itself checks the file, where it is installed (CI installs it).
  const haproxy = findProgram('haproxy');
  (haproxy ? it : it.skip)('is a configuration haproxy accepts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'haproxy-'));
    const file = path.join(dir, 'haproxy.cfg');
    writeFileSync(file, config);
    const check = spawnSync(haproxy!, ['-c', '-f', file], { encoding: 'utf8' });
    expect(check.stdout + check.stderr).toContain('Configuration file is valid');
    expect(check.stderr).not.toMatch(/\[WARNING\]|\[ALERT\]/);
    expect(check.status).toBe(0);
  });
});

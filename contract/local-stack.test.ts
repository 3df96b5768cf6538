import { LOCAL_STACK, portFrom } from './local-stack';

describe('portFrom', () => {
  it.each([
    [undefined, 9229],
    ['', 9229],
    ['  ', 9229],
    ['12ab', 9229],
    ['-1', 9229],
    ['0', 9229],
    ['65536', 9229],
    ['1.5', 9229],
    ['19229', 19229],
    [' 3100 ', 3100],
    ['65535', 65535],
  ])('%p -> %p', (value, port) => expect(portFrom(value, 9229)).toBe(port));
});

describe('the local stack contract', () => {
  it('names the pool, its client and the ports the documentation gives', () => {
    expect(LOCAL_STACK).toEqual({
      region: 'us-east-1',
      poolId: 'us-east-1_LocalDev01',
      clientId: 'localdevclient0000000000001',
      clientSecret: 'local_confidential_client_secret',
      channelAttribute: 'custom:channelmeter_id',
      activityAttribute: 'custom:activity',
      recoveryAttribute: 'custom:recovery',
      passkeysAttribute: 'custom:passkeys',
      ports: { web: 3000, identity: 9229, creator: 9230, embed: 9231 },
    });
    expect(LOCAL_STACK.poolId.startsWith(`${LOCAL_STACK.region}_`)).toBe(true);
  });
});

import { GET as live } from '../live/route';
import { GET as ready } from './route';
import { startDraining } from '@/lib/runtime/readiness';

describe('liveness and readiness', () => {
  it('answer 200 while the process serves, and readiness 503 once it drains', async () => {
    expect(live().status).toBe(200);
    expect(ready().status).toBe(200);
    expect(await ready().json()).toEqual({ status: 'ready' });
    startDraining();
    expect(ready().status).toBe(503);
    expect(await ready().json()).toEqual({ status: 'draining' });
    expect(live().status).toBe(200);
    expect(ready().headers.get('cache-control')).toBe('no-store');
  });
});

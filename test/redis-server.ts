import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A real redis-server (Debian's package) for tests, on a free port, in its own process group. */

export const redisInstalled =
  spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/** Why a Redis test is skipped here, as a test name that says what to do. */
export const REDIS_MISSING =
  'needs redis-server, which is not installed here (apt-get install redis-server; .ci/run installs it)';

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class RedisServer {
  private child?: ChildProcess;
  /** `persistIn`: a directory for the append-only file, as production runs it (everysec). */
  constructor(
    readonly port: number,
    private readonly persistIn?: string,
  ) {}

  async start() {
    const persistence = this.persistIn
      ? ['--appendonly', 'yes', '--appendfsync', 'everysec', '--dir', this.persistIn]
      : ['--appendonly', 'no'];
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', ...persistence],
      {
        detached: true,
        stdio: 'ignore',
      },
    );
    const deadline = Date.now() + 5000;
    for (;;) {
      const ok = await new Promise<boolean>((resolve) => {
        const s = net.connect(this.port, '127.0.0.1');
        s.once('connect', () => s.end(() => resolve(true)));
        s.once('error', () => resolve(false));
      });
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${this.port}`);
      await sleep(50);
    }
  }

  /** The whole process group: SIGSTOP stalls it, SIGCONT resumes it. */
  signal(sig: NodeJS.Signals) {
    if (this.child?.pid) process.kill(-this.child.pid, sig);
  }

  /** SIGTERM, Redis's own shutdown; `crash`: SIGKILL, as a machine that lost power. */
  async stop({ crash = false } = {}) {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    this.signal('SIGCONT');
    this.signal(crash ? 'SIGKILL' : 'SIGTERM');
    await exited;
    this.child = undefined;
  }
}

import type { Command, Redis as RedisClient } from 'ioredis';

type LinkState = 'connecting' | 'up' | 'down';

type Options = {
  onChange?: (state: 'up' | 'down', reason?: string) => void;
  commandTimeoutMs?: number;
  probeEveryMs?: number;
};

function reasonOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return code;
    if (typeof message === 'string')
      return message.replace(/redis:\/\/\S+/g, 'redis://…').slice(0, 120);
  }
  return 'unknown';
}

/**
 * Runs `fn` once the event loop has read what its sockets hold. A timer that fires after this
 * process stalled (a render, an SRP step) fires before the poll phase reads Redis's answer, which
 * may have come long ago: deferring the verdict to the check phase lets that answer settle first,
 * so the budget measures Redis, not our own stalls (decision 019, bench/cluster.md).
 */
function afterPendingIo(fn: () => void) {
  setImmediate(fn);
}

export class RedisLink {
  readonly client: RedisClient;
  private current: LinkState = 'connecting';
  private lastProbe = 0;
  private probing = false;
  private readonly onChange: NonNullable<Options['onChange']>;
  private readonly probeEveryMs: number;

  constructor(
    url: string,
    { onChange = () => {}, commandTimeoutMs = 300, probeEveryMs = 1000 }: Options = {},
  ) {
    this.onChange = onChange;
    this.probeEveryMs = probeEveryMs;
    // Loaded only when configured, so single-instance deployments never load it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Redis = require('ioredis') as typeof import('ioredis').default;
    // The command budget is ours, not ioredis's commandTimeout: see afterPendingIo.
    class Client extends Redis {
      sendCommand(command: Command, stream?: Parameters<RedisClient['sendCommand']>[1]) {
        const sent = super.sendCommand(command, stream);
        if (!command.isSettled) {
          const timer = setTimeout(
            () =>
              afterPendingIo(() => {
                if (!command.isSettled) command.reject(new Error('Command timed out'));
              }),
            commandTimeoutMs,
          );
          timer.unref();
          void (command.promise as Promise<unknown>).then(
            () => clearTimeout(timer),
            () => clearTimeout(timer),
          );
        }
        return sent;
      }
    }
    this.client = new Client(url, {
      enableOfflineQueue: true,
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    // Without an error listener ioredis prints an unstructured line on every reconnection try.
    this.client.on('error', (error) => this.set('down', reasonOf(error)));
    this.client.on('close', () => this.set('down', 'connection closed'));
    this.client.on('ready', () => this.set('up'));
  }

  get state(): LinkState {
    return this.current;
  }

  usable(): boolean {
    if (this.current !== 'down') return true;
    if (
      !this.probing &&
      this.client.status === 'ready' &&
      Date.now() - this.lastProbe >= this.probeEveryMs
    ) {
      this.probing = true;
      this.lastProbe = Date.now();
      void this.ping(this.probeEveryMs).finally(() => {
        this.probing = false;
      });
    }
    return false;
  }

  failed(error: unknown): void {
    this.set('down', reasonOf(error));
  }

  async ping(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.client.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => afterPendingIo(() => reject(new Error('PING timed out'))),
            timeoutMs,
          );
        }),
      ]);
      if (this.client.status === 'ready') this.set('up');
      return true;
    } catch (error) {
      this.set('down', reasonOf(error));
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.client.removeAllListeners('close');
    this.client.disconnect();
  }

  private set(state: 'up' | 'down', reason?: string) {
    if (this.current === state) return;
    this.current = state;
    this.onChange(state, reason);
  }
}

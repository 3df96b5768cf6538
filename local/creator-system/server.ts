import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiHandler } from './api';
import { createEmbedHandler } from './embed';
import { Faults } from './faults';
import { creatorSystemDir } from './paths';
import { CreatorStore } from './store';
import { loadOrCreateSecret } from './tokens';

export type CreatorSystemOptions = {
  /** Creator API port; 0 picks a free one. Default 9230. */
  apiPort?: number;
  /** Analytics embed port; 0 picks a free one. Default 9231. */
  embedPort?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The local stack's data root; this system keeps its files in `<dataDir>/creator-system/`. */
  dataDir: string;
  /** Embed token lifetime in seconds. Default 300. */
  embedTokenTtl?: number;
  /** Delay of the `slow` fault in ms. Default 30000. */
  slowMs?: number;
  /** When set, creator API routes (not /__local, not /legal) require this `x-api-key`. */
  apiKey?: string;
  log?: (line: string) => void;
};

export type CreatorSystem = { apiUrl: string; embedUrl: string; close(): Promise<void> };

/** An error for a port that is taken, naming the port and what wanted it. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly service: string,
  ) {
    super(`Port ${port} (${service}) is already in use.`);
    this.name = 'PortInUseError';
  }
}

function listen(
  handler: RequestListener,
  port: number,
  host: string,
  service: string,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(port, service) : err);
    });
    server.listen(port, host, () => resolve(server));
  });
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function urlOf(server: Server, host: string): string {
  const { port } = server.address() as AddressInfo;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Starts the creator API and the analytics embed in this process. */
export async function startCreatorSystem(opts: CreatorSystemOptions): Promise<CreatorSystem> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => {});
  const dir = creatorSystemDir(opts.dataDir);
  const store = new CreatorStore(dir);
  const secret = loadOrCreateSecret(dir);

  // Pending `slow` answers are dropped on close rather than holding it open.
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (closed) return;
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const apiHandler = createApiHandler({
    store,
    faults: new Faults(),
    secret,
    embedTokenTtl: opts.embedTokenTtl ?? 300,
    slowMs: opts.slowMs ?? 30_000,
    apiKey: opts.apiKey,
    log,
    sleep,
  });
  const embedHandler = createEmbedHandler({ store, secret, log });

  const api = await listen(apiHandler, opts.apiPort ?? 9230, host, 'creator API');
  let embed: Server;
  try {
    embed = await listen(embedHandler, opts.embedPort ?? 9231, host, 'analytics embed');
  } catch (err) {
    await stop(api);
    throw err;
  }

  return {
    apiUrl: urlOf(api, host),
    embedUrl: urlOf(embed, host),
    async close() {
      if (closed) return;
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.all([stop(api), stop(embed)]);
    },
  };
}

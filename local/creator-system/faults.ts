import { z } from 'zod';

export const FAULT_ROUTES = ['search', 'embed_token'] as const;
export const FAULT_MODES = ['error', 'slow', 'off'] as const;
export type FaultRoute = (typeof FAULT_ROUTES)[number];
export type FaultMode = (typeof FAULT_MODES)[number];

export const faultSchema = z.object({
  route: z.enum(FAULT_ROUTES),
  mode: z.enum(FAULT_MODES),
});

/** Injected failures per route; in memory only, so a restart heals everything. */
export class Faults {
  private readonly modes = new Map<FaultRoute, FaultMode>();

  set(route: FaultRoute, mode: FaultMode): void {
    if (mode === 'off') this.modes.delete(route);
    else this.modes.set(route, mode);
  }

  get(route: FaultRoute): FaultMode {
    return this.modes.get(route) ?? 'off';
  }

  list(): { route: FaultRoute; mode: FaultMode }[] {
    return FAULT_ROUTES.map((route) => ({ route, mode: this.get(route) }));
  }
}

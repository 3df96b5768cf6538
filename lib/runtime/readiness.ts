// On globalThis: the instrumentation hook and the route bundle this module separately.
const STATE = Symbol.for('creator-dashboard.readiness');
type Holder = { [STATE]?: { draining: boolean } };
const state = ((globalThis as Holder)[STATE] ??= { draining: false });

/** From now on the balancer is told to send no new requests here (decision 041). */
export function startDraining(): void {
  state.draining = true;
}

export const isDraining = (): boolean => state.draining;

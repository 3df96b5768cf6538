type Env = Record<string, string | undefined>;
type Run = (args: string[], cwd: string) => string;
export function commitOf(env: Env, cwd: string, run?: Run): { id: string | null; source: string };
export function buildFacts(env: Env): { production: boolean; problems: string[]; notes: string[] };

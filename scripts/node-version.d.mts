export function nodeVerdict(version: string): { ok: boolean; line?: string };
export function checkNode(): void;

import type { IncomingMessage, ServerResponse } from 'node:http';

export const MANIFEST: string;
export type HeaderRule = {
  source: string;
  regex: string;
  headers: { key: string; value: string }[];
  has?: unknown[];
  missing?: unknown[];
};
export type Asset = { file: string; type: string; etag: string; headers: Record<string, string> };
export type Manifest = { distDir: string; files: Record<string, Asset> };
export function headersFor(pathname: string, rules: HeaderRule[]): Record<string, string>;
export function precompressStatic(folder: string, distDir: string): Manifest;
export function acceptsBrotli(header: string | string[] | undefined): boolean;
export function staticAssets(
  folder: string,
): (req: IncomingMessage, res: ServerResponse) => boolean;

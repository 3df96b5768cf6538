export type ImageFacts = {
  base: string;
  env: Record<string, string>;
  user: string;
  stopSignal: string;
  healthcheck?: string[];
  cmd?: string[];
  copies: [string, string][];
};
export function imageFacts(text: string): ImageFacts;
export function assembleImage(options: { root: string; dir: string; distDir?: string }): ImageFacts;

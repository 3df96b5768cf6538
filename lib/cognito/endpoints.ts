import type { Env } from '@/lib/runtime/env';

export function issuerUrl(
  env: Pick<Env, 'COGNITO_ENDPOINT' | 'COGNITO_REGION' | 'COGNITO_USER_POOL_ID'>,
) {
  const base = env.COGNITO_ENDPOINT ?? `https://cognito-idp.${env.COGNITO_REGION}.amazonaws.com`;
  return `${base}/${env.COGNITO_USER_POOL_ID}`;
}

export function jwksUrl(env: Parameters<typeof issuerUrl>[0]) {
  return `${issuerUrl(env)}/.well-known/jwks.json`;
}

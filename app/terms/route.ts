import { getEnv } from '@/lib/runtime/env';

export function GET() {
  return Response.redirect(getEnv().TERMS_URL, 307);
}

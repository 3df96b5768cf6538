import { getEnv } from '@/lib/env';

export function GET() {
  return Response.redirect(getEnv().TERMS_URL, 307);
}

import { getEnv } from '@/lib/runtime/env';

export function GET() {
  return Response.redirect(getEnv().PRIVACY_URL, 307);
}

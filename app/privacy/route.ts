import { getEnv } from '@/lib/env';

export function GET() {
  return Response.redirect(getEnv().PRIVACY_URL, 307);
}

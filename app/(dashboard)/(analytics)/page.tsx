import { PageHeading } from '@/components/ui/page-heading';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { EmbedFrame } from '@/components/dashboard/embed-frame';
import { ForcedSignOut } from '@/components/dashboard/forced-sign-out';
import { channelDue } from '@/lib/dashboard/channel';
import { getUser } from '@/lib/cognito';
import { getEnv } from '@/lib/runtime/env';
import { formattedName } from '@/lib/format';
import { log } from '@/lib/runtime/log';
import { DEFAULT_PATH, menuTitle, parsePathParam } from '@/lib/dashboard/menu';
import { requireSession } from '@/lib/session';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Each menu page has its own title (the frame keeps it as the menu moves, EmbedFrame). */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const path = parsePathParam((await searchParams).path) ?? DEFAULT_PATH;
  return { title: menuTitle(path) || 'Dashboard' };
}

export default async function DashboardPage({ searchParams }: Props) {
  const session = await requireSession();
  if (parsePathParam((await searchParams).path) === null) redirect('/');

  // docs/product.md §4.6: ask the identity service, not what the session holds.
  const user = await getUser(session.accessToken);
  if (!user.ok) {
    log.info('dashboard.user_check_failed', { reason: user.failure.name });
    if (user.failure.kind === 'user-not-found')
      return <ForcedSignOut message={user.failure.message.text} delayMs={1000} />;
    if (user.failure.name === 'NotAuthorizedException') return <ForcedSignOut />;
  }
  // Unless a binding of this session waits for Cognito's quota (decision 055). Unanswered, the
  // frame's embed token asks again.
  if (user.ok && !user.value.channelId && !(await channelDue(session))) return <ForcedSignOut />;

  return (
    <>
      <PageHeading className="sr-only">
        Welcome, {formattedName(session.claims.name, session.claims.email)}
      </PageHeading>
      <EmbedFrame base={getEnv().ANALYTICS_EMBED_URL} />
    </>
  );
}

import { VerifyEmailGate } from '@/components/auth/verify-email-gate';
import { DashboardShell } from '@/components/dashboard/dashboard-shell';
import { SessionWatch } from '@/components/dashboard/session-watch';
import { getEnv } from '@/lib/runtime/env';
import { formattedName, initials } from '@/lib/format';
import { requireSession } from '@/lib/session';

/** Protected pages: the guard sent strangers to /login already; this checks again itself. */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const { claims } = await requireSession();
  return (
    <SessionWatch idleS={getEnv().sessionLimits.idleS}>
      <DashboardShell
        name={formattedName(claims.name, claims.email)}
        initials={initials(claims.name, claims.email)}
      >
        {children}
      </DashboardShell>
      {!claims.emailVerified && <VerifyEmailGate email={claims.email} />}
    </SessionWatch>
  );
}

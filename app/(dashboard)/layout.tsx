import { VerifyEmailDialog } from '@/components/auth/verify-email-dialog';
import { AppHeader } from '@/components/dashboard/app-header';
import { requireSession } from '@/lib/session';

/** Protected pages: the guard sent strangers to /login already; this checks again itself. */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const { claims } = await requireSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader name={claims.name} email={claims.email} />
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
      {!claims.emailVerified && <VerifyEmailDialog email={claims.email} />}
    </div>
  );
}

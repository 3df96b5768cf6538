import type { Metadata } from 'next';
import { requireSession } from '@/lib/session';
import { formattedName } from '@/lib/format';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const { claims } = await requireSession();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold">Welcome, {formattedName(claims.name, claims.email)}</h1>
    </div>
  );
}

import type { Metadata } from 'next';
import { ProfileSettings } from '@/components/profile/profile-settings';
import { requireSession } from '@/lib/session';

export const metadata: Metadata = { title: 'Profile Settings' };

export default async function ProfilePage() {
  const { claims } = await requireSession();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <h1 className="text-ink mb-6 text-2xl font-bold">Profile Settings</h1>
      <ProfileSettings
        values={{
          name: claims.name ?? '',
          email: claims.email,
          phone: claims.phoneNumber ?? '',
          phoneVerified: claims.phoneNumberVerified,
        }}
      />
    </div>
  );
}

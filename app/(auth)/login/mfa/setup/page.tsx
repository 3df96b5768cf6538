import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import QRCode from 'qrcode';
import { SetupTwoStepForm } from '@/components/auth/setup-two-step-form';
import { getChallenge, verifySession } from '@/lib/session';
import { otpauthUri } from '@/lib/validation/authenticator-key';

export const metadata: Metadata = { title: 'Set up two-step verification' };

export default async function SetupTwoStepPage() {
  const challenge = await getChallenge();
  if (challenge?.name !== 'MFA_SETUP' || !challenge.secret) {
    // Rendered again by the set-up's own action, which signed in and answered the recovery codes:
    // the form keeps them on screen (a signed-in visit of this page goes home in the guard).
    if (await verifySession()) return <SetupTwoStepForm secret="" qr="" />;
    redirect('/login?reason=expired');
  }
  const qr = await QRCode.toString(otpauthUri(challenge.username, challenge.secret), {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
  });
  return <SetupTwoStepForm secret={challenge.secret} qr={qr} />;
}

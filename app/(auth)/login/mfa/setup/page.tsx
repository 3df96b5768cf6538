import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import QRCode from 'qrcode';
import { SetupChoiceForm } from '@/components/auth/setup-choice-form';
import { SetupTwoStepForm } from '@/components/auth/setup-two-step-form';
import { getEnv } from '@/lib/runtime/env';
import { maskEmail } from '@/lib/format';
import { getChallenge, verifySession } from '@/lib/session';
import { otpauthUri } from '@/lib/validation/authenticator-key';

export const metadata: Metadata = { title: 'Set up two-step verification' };

export default async function SetupTwoStepPage() {
  const challenge = await getChallenge();
  const support = getEnv().SUPPORT_EMAIL;
  if (challenge?.name === 'MFA_SETUP' && !challenge.secret && challenge.setup) {
    const methods = challenge.setup.filter((m) => m !== 'SMS_MFA');
    return (
      <SetupChoiceForm
        methods={methods}
        maskedEmail={maskEmail(challenge.username)}
        textsLater={challenge.setup.includes('SMS_MFA')}
        support={support}
      />
    );
  }
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
  return <SetupTwoStepForm secret={challenge.secret} qr={qr} support={support} />;
}

import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { OtherWays, OTHER_WAYS_PATH, type OtherWay } from '@/components/auth/other-ways';
import { OtherMethodForm, RecoveryCodeForm } from '@/components/auth/recovery-code-form';
import { twoStepOf, type AdminTwoStep } from '@/lib/cognito/admin-two-step';
import { getEnv } from '@/lib/runtime/env';
import { maskEmail, maskPhone } from '@/lib/format';
import { log } from '@/lib/runtime/log';
import { getChallenge } from '@/lib/session';
import type { TwoStepMethod } from '@/lib/validation/two-step-methods';

export const metadata: Metadata = { title: 'Try another way' };

/** Each other method that is on, by where its code goes, masked as people expect. */
function methodWay(method: TwoStepMethod, account: AdminTwoStep): Omit<OtherWay, 'href'> {
  if (method === 'SMS_MFA')
    return {
      label: `Text a code to ${account.phone ? maskPhone(account.phone) : 'your phone'}`,
      hint: 'A text message with a 6-digit code.',
    };
  if (method === 'EMAIL_OTP')
    return {
      label: `Email a code to ${account.email ? maskEmail(account.email) : 'your email'}`,
      hint: 'An email with a 6-digit code.',
    };
  return { label: 'Use your authenticator app', hint: 'The 6-digit code the app shows.' };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// Only while a two-step sign-in waits in this browser: the email comes from it, never the form.
export default async function TryAnotherWayPage({ searchParams }: Props) {
  const challenge = await getChallenge();
  const name = challenge?.name;
  const waiting =
    name === 'SOFTWARE_TOKEN_MFA' ||
    name === 'SMS_MFA' ||
    name === 'SELECT_MFA_TYPE' ||
    (name === 'EMAIL_OTP' && challenge?.second);
  if (!challenge || !waiting) redirect('/login?reason=expired');
  const env = getEnv();
  // The other methods that are on (the password is already proved for this sign-in).
  const twoStep = await twoStepOf(env, challenge.username);
  if (!twoStep.ok) log.warn('auth.two_step_methods_unread', { reason: twoStep.failure.name });
  const account = twoStep.ok ? twoStep.value : { methods: [] };
  const others = name === 'SELECT_MFA_TYPE' ? [] : account.methods.filter((m) => m !== name);

  const { way } = await searchParams;
  if (way === 'code') return <RecoveryCodeForm email={challenge.username} />;
  const method = others.find((m) => m === way);
  if (method)
    return (
      <OtherMethodForm
        email={challenge.username}
        method={method}
        title={methodWay(method, account).label}
      />
    );
  const ways: OtherWay[] = [
    ...others.map((m) => ({ href: `${OTHER_WAYS_PATH}?way=${m}`, ...methodWay(m, account) })),
    {
      href: `${OTHER_WAYS_PATH}?way=code`,
      label: 'Use a recovery code',
      hint: 'One of the codes you saved, with your password. Two-step then turns off.',
    },
    {
      href: `mailto:${env.SUPPORT_EMAIL}`,
      label: 'Get help',
      hint: `Write to ${env.SUPPORT_EMAIL}: we check it is you, then help you in.`,
      external: true,
    },
  ];
  return <OtherWays ways={ways} />;
}

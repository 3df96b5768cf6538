import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { FORGOT_PASSWORD_METADATA } from '../../page-metadata';

// /forgot-password as most visitors load it (lib/prerendered-pages.ts).
export const metadata = FORGOT_PASSWORD_METADATA;
export const dynamic = 'force-static';

export default function PrerenderedForgotPasswordPage() {
  return <ForgotPasswordForm defaultEmail="" />;
}

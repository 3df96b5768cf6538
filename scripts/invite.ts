// npm run invite -- EMAIL
// Invites a creator: looks them up in the creator system, then creates the account in Cognito
// with the channel id set; Cognito emails a temporary password. Signing in with it asks for a
// new password (NEW_PASSWORD_REQUIRED). Works against production and the local stack alike.
import { findCreatorId } from '@/lib/creators';
import { inviteUser } from '@/lib/cognito/admin';
import { EnvError, getEnv, localAddresses } from '@/lib/runtime/env';
import { emailField } from '@/lib/validation/schemas';

async function main(argv: string[]): Promise<number> {
  const raw = argv[0];
  if (!raw || argv.length > 1) {
    console.error('Usage: npm run invite -- EMAIL');
    return 2;
  }
  const parsed = emailField().safeParse(raw);
  if (!parsed.success) {
    console.error(`Not an email address: ${raw}`);
    return 2;
  }
  const email = parsed.data;
  const env = getEnv();
  // The local stack runs on this machine's Node 20 on purpose; the SDK's upgrade notice is noise here.
  if (env.mode === 'local') process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

  const creator = await findCreatorId(email, env);
  if (!creator.ok) {
    console.error(
      creator.reason === 'not-found'
        ? `${email} is not in the creator system: add the creator there first.`
        : `The creator system did not answer at ${env.CREATOR_API_URL}. Is it running?`,
    );
    return 1;
  }

  const result = await inviteUser(env, email, creator.value);
  if (!result.ok) {
    console.error(
      result.failure.kind === 'exists'
        ? `${email} already has an account.`
        : `Cognito refused: ${result.failure.message.text}`,
    );
    return 1;
  }
  console.log(`Invited ${email} (channel ${creator.value}); status ${result.value.status}.`);
  console.log(
    env.mode === 'local'
      ? `The temporary password is in the outbox: ${localAddresses().identity}/__local/outbox?to=${encodeURIComponent(email)}`
      : 'Cognito has emailed a temporary password.',
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      err instanceof EnvError
        ? err.message
        : `Invite failed: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  },
);

import { APP_MSG } from '@/lib/messages';
import { HOSTED_REASONS, LOGIN_REASONS, loginNotice, noticeTone } from './notices';

const context = { idleS: 1800, maxS: 43_200, supportEmail: 'help@creators.example' };

describe('what /login says', () => {
  it('has words for every reason the guard or the hosted sign-in can send', () => {
    for (const reason of LOGIN_REASONS) expect(loginNotice(reason, context)?.text).toBeTruthy();
  });

  it('uses the spec’s words for the hosted flow and the creator system', () => {
    expect(loginNotice('google-state', context)).toEqual({ text: 'Invalid state in OAuth flow' });
    expect(loginNotice('google-pending', context)).toEqual({
      text: 'Pending sign-in attempt already in progress',
    });
    expect(loginNotice('google-not-found', context)).toEqual({
      text: 'Email not found. For help please contact support.',
      link: { label: 'contact support', href: 'mailto:help@creators.example' },
    });
    expect(loginNotice('google-creator-down', context)?.text).toBe(APP_MSG.creatorSystemDown);
  });

  it('says how long sessions last, in words', () => {
    expect(loginNotice('idle', context)?.text).toContain('after 30 minutes without activity');
    expect(loginNotice('session-expired', context)?.text).toContain('sessions last 12 hours');
  });

  it('shows nothing for a reason it does not know', () => {
    for (const reason of [undefined, '', 'GOOGLE-STATE', ['google-state'], '<b>hi</b>'])
      expect(loginNotice(reason, context)).toBeUndefined();
    expect(HOSTED_REASONS.every((r) => r.startsWith('google-'))).toBe(true);
  });

  it('links only inside the product or to the support address', () => {
    for (const reason of LOGIN_REASONS) {
      const link = loginNotice(reason, context)?.link;
      if (link && 'href' in link) expect(link.href).toMatch(/^(\/|mailto:)/);
    }
  });
});

describe('noticeTone', () => {
  it('tells news of an ended session from a sign-in that failed', () => {
    expect(noticeTone('signed-out-everywhere')).toBe('info');
    expect(noticeTone('password-changed')).toBe('info');
    expect(noticeTone('idle')).toBe('info');
    expect(noticeTone('google-failed')).toBe('error');
    expect(noticeTone('no-account')).toBe('error');
    expect(noticeTone('expired')).toBe('error');
    expect(noticeTone('anything')).toBe('error');
  });
});

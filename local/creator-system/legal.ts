import { escapeHtml } from './http';

type Section = { heading: string; paragraphs: string[] };

const TERMS: Section[] = [
  {
    heading: 'Using the dashboard',
    paragraphs: [
      'The Creator Dashboard shows analytics, contracts, payments and account settings for the channels you connect. You may use it only for channels you own or are authorised to manage.',
      'You are responsible for keeping your sign-in details private and for everything done through your account. Tell support at once if you think someone else has access.',
    ],
  },
  {
    heading: 'Figures and payments',
    paragraphs: [
      'Analytics are estimates drawn from the platforms you connect and may change as those platforms finalise their numbers. Payments, including early payments, are made only on finalised earnings and under the contract you signed.',
    ],
  },
  {
    heading: 'Changes and ending',
    paragraphs: [
      'We may update these terms; we will tell you by email before a material change takes effect. You may close your account at any time, and we may suspend an account that breaks these terms.',
    ],
  },
];

const PRIVACY: Section[] = [
  {
    heading: 'What we collect',
    paragraphs: [
      'Your name, email address and, if you add it, your phone number; the channels you connect and the analytics those platforms share with us; and basic technical data such as sign-in times.',
    ],
  },
  {
    heading: 'How we use it',
    paragraphs: [
      'To run the dashboard, calculate and make payments, keep your account secure and answer support requests. We do not sell your personal data.',
      'Processors that host our services see your data only to provide them, under written agreements.',
    ],
  },
  {
    heading: 'Your choices',
    paragraphs: [
      'You can correct your details in Profile Settings, disconnect a channel at any time, and ask support for a copy of your data or for its deletion.',
    ],
  },
];

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
@media (prefers-color-scheme:dark){:root{color-scheme:dark}body{background:#0f141c;color:#e7ebf2}.note{background:#332a0a;border-color:#7a6320;color:#f3e3a8}.meta{color:#aab3c2}}
body{margin:0;background:#f6f7fb;color:#1a1f36;line-height:1.6}
main{max-width:42rem;margin:0 auto;padding:2rem 1.25rem 3rem}
h1{font-size:1.75rem;margin:0 0 .25rem}
h2{font-size:1.125rem;margin:1.75rem 0 .5rem}
p{margin:0 0 .75rem}
.note{background:#fff7e0;border:1px solid #e8c66a;border-radius:.5rem;padding:.75rem 1rem;font-size:.9rem;color:#4a3b00}
.meta{color:#4b5368;font-size:.9rem;margin-bottom:1.25rem}
`;

function page(title: string, sections: Section[]): string {
  const body = sections
    .map(
      (s) =>
        `<h2>${escapeHtml(s.heading)}</h2>\n${s.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — Creator Dashboard</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="meta">Creator Dashboard</p>
<p class="note" role="note">Local stand-in: this page is served by the local creator system for development. The published ${escapeHtml(title.toLowerCase())} applies in production.</p>
${body}
</main>
</body>
</html>
`;
}

export const LEGAL_PAGES: Record<string, string> = {
  '/legal/terms': page('Terms of Service', TERMS),
  '/legal/privacy': page('Privacy Policy', PRIVACY),
};

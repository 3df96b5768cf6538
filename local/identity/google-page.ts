/**
 * The local stand-in for Google's sign-in page, and the few other pages the hosted endpoints show.
 * Plain server-rendered HTML: no scripts, no external resources, usable at 390 px wide.
 */

export const GOOGLE_PAGE_TITLE = 'Sign in with Google (local)';
/** Where the stand-in lives (Cognito would send the browser to accounts.google.com). */
export const GOOGLE_PAGE_PATH = '/google/signin';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f1f1f;background:#f0f4f9}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:1rem}
h1{font-size:1.5rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin-top:1rem}
input{display:block;width:100%;margin-top:.25rem;padding:.6rem;font:inherit;border:1px solid #747775;border-radius:.25rem}
input:focus,button:focus,a:focus{outline:3px solid #0b57d0;outline-offset:2px}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button{min-height:2.75rem;padding:.5rem 1.25rem;font:inherit;border-radius:1.5rem;border:1px solid #747775;background:#fff;color:#0b57d0;cursor:pointer}
button.primary{background:#0b57d0;border-color:#0b57d0;color:#fff}
.error{color:#b3261e;font-weight:600}
@media (max-width:30rem){main{margin:0;border-radius:0;min-height:100vh}}
@media (prefers-color-scheme:dark){:root{color-scheme:dark}body{color:#e3e3e3;background:#131314}main{background:#1e1f20}input{background:#131314;color:#e3e3e3;border-color:#8e918f}input:focus,button:focus,a:focus{outline-color:#a8c7fa}button{background:#1e1f20;color:#a8c7fa;border-color:#8e918f}button.primary{background:#a8c7fa;border-color:#a8c7fa;color:#062e6f}.error{color:#f2b8b5}}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** The consent page: Email, Name, Continue, Cancel; the pending authorization travels as an opaque id. */
export function googlePage(options: {
  authorization: string;
  email?: string;
  name?: string;
  error?: string;
}): string {
  const invalid = options.error
    ? ' aria-invalid="true" aria-describedby="email-error"'
    : ' aria-describedby="email-hint"';
  return layout(
    GOOGLE_PAGE_TITLE,
    `<p>This page stands in for Google on the local stack. Any address signs in; nothing is sent.</p>
<form method="post" action="${GOOGLE_PAGE_PATH}">
<input type="hidden" name="authorization" value="${escapeHtml(options.authorization)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" spellcheck="false" required value="${escapeHtml(options.email ?? '')}"${invalid}>
${
  options.error
    ? `<p id="email-error" class="error" role="alert">${escapeHtml(options.error)}</p>`
    : '<p id="email-hint">The Google account to sign in as.</p>'
}
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(options.name ?? '')}">
<div class="actions">
<button type="submit" class="primary" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

/** What /oauth2/authorize shows without identity_provider (Cognito would show its managed login). */
export function chooserPage(googleUrl: string | undefined): string {
  return layout(
    'Sign in (local)',
    googleUrl
      ? `<p>The local identity service serves sign-in through Google only; managed login (email and password pages) is not served here.</p>
<p><a href="${escapeHtml(googleUrl)}">Continue with Google (local)</a></p>`
      : '<p>The local identity service serves sign-in through Google only, and Google is not enabled for this app client (IDENTITY_IDENTITY_PROVIDERS).</p>',
  );
}

/** Cognito's error page (`/error?error=…`). */
export function errorPage(error: string, detail?: string): string {
  return layout(
    'An error was encountered with the requested page.',
    `<p class="error">${escapeHtml(error)}</p>${detail ? `<p>${escapeHtml(detail)}</p>` : ''}`,
  );
}

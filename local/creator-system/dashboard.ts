import { demoFigures, type Figures } from './figures';
import { escapeHtml } from './http';
import { dashSection, dashTitle } from './titles';

/** The dark theme's colours: the system's setting, or the host's `theme=dark` (the embed's own choice). */
const DARK =
  'color-scheme:dark;--bg:#0f141c;--panel:#171d27;--ink:#e7ebf2;--muted:#aab3c2;--line:#323a48;--axis:#4a5365;--accent:#a5b4fc;--up:#5ad19a;--down:#ff9a8f';

const STYLE = `
*{box-sizing:border-box}
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;--bg:#f6f7fb;--panel:#fff;--ink:#1a1f36;--muted:#4b5368;--line:#e3e6ef;--axis:#c9cedb;--accent:#4338ca;--up:#0a6e3a;--down:#b42318}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${DARK}}}
:root[data-theme=dark]{${DARK}}
body{margin:0;background:var(--bg);color:var(--ink);line-height:1.5}
main{max-width:72rem;margin:0 auto;padding:1.25rem 1rem 2rem}
header{display:flex;flex-wrap:wrap;align-items:flex-end;justify-content:space-between;gap:.25rem 1rem;margin-bottom:1rem}
.eyebrow{margin:0;font-size:.8rem;font-weight:600;letter-spacing:.06em;text-transform:uppercase;color:var(--accent)}
h1{margin:0;font-size:1.5rem;line-height:1.25}
h2{margin:0 0 .5rem;font-size:.95rem}
.hint{font-weight:400;color:var(--muted)}
.who{margin:0;font-size:.8rem;color:var(--muted);overflow-wrap:anywhere}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(10rem,1fr));gap:.75rem;margin:0 0 1rem;padding:0}
.kpi,.panel{background:var(--panel);border:1px solid var(--line);border-radius:.75rem}
.kpi{padding:.875rem 1rem}
.kpi dt{font-size:.85rem;color:var(--muted)}
.kpi dd{margin:0}
.value{font-size:1.5rem;font-weight:700;font-variant-numeric:tabular-nums}
.delta{font-size:.8rem;font-weight:600}
.up{color:var(--up)}.down{color:var(--down)}
.grid{display:grid;grid-template-columns:minmax(0,3fr) minmax(24rem,2fr);gap:.75rem}
@media (max-width:62rem){.grid{grid-template-columns:minmax(0,1fr)}}
.panel{padding:1rem;margin:0}
figure{margin:0}
figcaption{font-weight:600;margin-bottom:.5rem}
svg{display:block;width:100%;height:13rem}
.axis{stroke:var(--axis)}.bars{fill:var(--accent)}
.scroll{overflow-x:auto}
table{width:100%;border-collapse:collapse;font-size:.875rem;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:600;font-size:1rem;margin-bottom:.5rem}
th,td{padding:.4rem .5rem;border-bottom:1px solid var(--line);text-align:right;white-space:nowrap}
th:first-child,td:first-child{text-align:left}
thead th{font-weight:600;color:var(--muted);font-size:.8rem;white-space:normal;vertical-align:bottom}
@media (max-width:30rem){main{padding:1rem .75rem 1.5rem}.panel,.kpi{padding:.75rem}th,td{padding:.4rem .3rem}.value{font-size:1.3rem}}
.foot{margin:1rem 0 0;font-size:.75rem;color:var(--muted)}
.notice{max-width:28rem;width:calc(100% - 2rem);margin:12vh auto;padding:1.5rem;text-align:center}
.notice p{color:var(--muted)}
`;

export type EmbedTheme = 'light' | 'dark';

function htmlDocument(title: string, body: string, theme?: EmbedTheme): string {
  return `<!doctype html>
<html lang="en"${theme ? ` data-theme="${theme}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

const count = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function kpi(label: string, value: string, change: number): string {
  const up = change >= 0;
  return `<div class="kpi"><dt>${label}</dt><dd class="value">${value}</dd><dd class="delta ${up ? 'up' : 'down'}"><span aria-hidden="true">${up ? '▲' : '▼'} </span>${up ? '+' : '−'}${Math.abs(change).toFixed(1)}%<span class="sr-only"> compared with the previous 28 days</span></dd></div>`;
}

function dates(now: Date, n: number): string[] {
  return Array.from({ length: n }, (_, i) =>
    day.format(new Date(now.getTime() - (n - 1 - i) * 86_400_000)),
  );
}

function barChart(f: Figures, labels: string[]): string {
  const w = 280;
  const h = 120;
  const max = Math.max(1, ...f.daily.map((d) => d.views));
  const slot = w / f.daily.length;
  const bars = f.daily
    .map((d, i) => {
      const bh = Math.max(1, Math.round((d.views / max) * (h - 10)));
      return `<rect x="${(i * slot + slot * 0.15).toFixed(1)}" y="${h - bh}" width="${(slot * 0.7).toFixed(1)}" height="${bh}" rx="1"><title>${labels[i] ?? ''}: ${count.format(d.views)} views</title></rect>`;
    })
    .join('');
  const first = f.daily[0]?.views ?? 0;
  const last = f.daily.at(-1)?.views ?? 0;
  const desc = `Daily views from ${labels[0] ?? ''} to ${labels.at(-1) ?? ''}: from ${count.format(first)} to ${count.format(last)}, peaking at ${count.format(max)}.`;
  return `<figure class="panel">
<figcaption id="chart-title">Daily views, last 14 days</figcaption>
<svg viewBox="0 0 ${w} ${h}" preserveAspectRatio="none" role="img" aria-labelledby="chart-title chart-desc">
<desc id="chart-desc">${escapeHtml(desc)}</desc>
<line class="axis" x1="0" y1="${h - 0.5}" x2="${w}" y2="${h - 0.5}" stroke-width="1"/>
<g class="bars">${bars}</g>
</svg>
</figure>`;
}

function recentTable(f: Figures, labels: string[]): string {
  const rows = f.daily
    .map((d, i) => ({ d, label: labels[i] ?? '' }))
    .slice(-7)
    .reverse()
    .map(
      ({ d, label }) =>
        `<tr><th scope="row">${label}</th><td>${count.format(d.views)}</td><td>${count.format(d.watchHours)}</td><td>${usd.format(d.revenue)}</td></tr>`,
    )
    .join('\n');
  return `<div class="panel scroll">
<table>
<caption>Last 7 days</caption>
<thead><tr><th scope="col">Day</th><th scope="col">Views</th><th scope="col">Watch hours</th><th scope="col">Est. revenue</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>`;
}

export type DashboardInput = {
  path: string;
  channelId: string;
  email?: string;
  now?: Date;
  /** The host page's theme; absent, the system's. */
  theme?: EmbedTheme;
};

/** The embed's page for a dashboard path: demo figures seeded by channel and path. */
export function renderDashboard({
  path,
  channelId,
  email,
  now = new Date(),
  theme,
}: DashboardInput): string {
  const title = dashTitle(path);
  const f = demoFigures(channelId, path);
  const labels = dates(now, f.daily.length);
  const who = [email, `Channel ${channelId}`].filter(Boolean).join(' · ');
  const body = `<main>
<header>
<div>
<p class="eyebrow">${dashSection(path)}</p>
<h1>${escapeHtml(title)}</h1>
</div>
<p class="who">${escapeHtml(who)}</p>
</header>
<section aria-labelledby="kpi-heading">
<h2 id="kpi-heading">Last 28 days <span class="hint">· change vs previous 28 days</span></h2>
<dl class="kpis">
${kpi('Views', compact.format(f.views), f.change.views)}
${kpi('Watch hours', compact.format(f.watchHours), f.change.watchHours)}
${kpi('Subscribers', compact.format(f.subscribers), f.change.subscribers)}
${kpi('Estimated revenue', usd.format(f.revenue), f.change.revenue)}
</dl>
</section>
<div class="grid">
${barChart(f, labels)}
${recentTable(f, labels)}
</div>
<p class="foot">Demo figures from the local analytics stand-in.</p>
</main>`;
  return htmlDocument(`${title} — Analytics`, body, theme);
}

function notice(title: string, heading: string, text: string): string {
  return htmlDocument(
    title,
    `<main class="notice panel">\n<h1>${heading}</h1>\n<p>${text}</p>\n</main>`,
  );
}

export const INVALID_TOKEN_PAGE = notice(
  'Link expired',
  'This dashboard link has expired or is invalid',
  'Reload the page to open your dashboard again.',
);

export const NOT_FOUND_PAGE = notice(
  'Not found',
  'Page not found',
  'The analytics embed serves dashboards under /dash/.',
);

export const METHOD_NOT_ALLOWED_PAGE = notice(
  'Method not allowed',
  'Method not allowed',
  'Dashboards are opened with GET.',
);

export const ERROR_PAGE = notice(
  'Something went wrong',
  'Something went wrong',
  'Reload the page to try again.',
);

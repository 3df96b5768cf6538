import { readdirSync } from 'node:fs';
import path from 'node:path';
import { routeOf } from './routes';

const APP = path.join(__dirname, '..', '..', 'app');

/** Every route on disk as its URL pattern: route groups dropped, metadata files by their URL. */
function routesOnDisk(dir = APP, prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const segment = /^\(.*\)$/.test(entry.name) ? '' : `/${entry.name}`;
      found.push(...routesOnDisk(path.join(dir, entry.name), prefix + segment));
    } else if (/^(page|route)\.tsx?$/.test(entry.name)) found.push(prefix || '/');
    else if (entry.name === 'robots.ts') found.push(`${prefix}/robots.txt`);
    else if (/^opengraph-image\.tsx?$/.test(entry.name)) found.push(`${prefix}/opengraph-image`);
  }
  return found;
}

describe('routeOf', () => {
  it('names every route the app has by its own pattern', () => {
    const routes = routesOnDisk();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const example = route.replace(/\[\.\.\.[^\]]+\]/, 'a/b').replace(/\[[^\]]+\]/g, 'v1');
      expect([route, routeOf(example)]).toEqual([route, route]);
    }
  });

  it('never passes a raw path through: unknown paths, ids and static files fall into a few names', () => {
    expect(routeOf('/login/')).toBe('/login');
    expect(routeOf('/creatorcash/v9')).toBe('/creatorcash/[variant]');
    expect(routeOf('/creatorcash/v1/opengraph-image-1a2b3c')).toBe(
      '/creatorcash/[variant]/opengraph-image',
    );
    expect(routeOf('/_next/static/chunks/app-1234.js')).toBe('/_next/static');
    expect(routeOf('/wp-admin/setup.php')).toBe('/[...rest]');
    expect(routeOf('/profile/../../etc/passwd')).toBe('/[...rest]');
  });
});

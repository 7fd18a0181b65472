import { it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { record } from './report';

// Client bytes: what the table page loads (index.html's scripts and styles, plus each game's lazily loaded
// table chunk), gzip level 9 as a CDN would serve it. Needs `vite build` first (npm run bench does it).
const dist = 'dist/client';
const gz = (f: string) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;

it('client bundle: gzip bytes of the JS and CSS the table page loads', () => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const assets = readdirSync(join(dist, 'assets')).map((f) => `assets/${f}`);
  const sum = (fs: string[]) => fs.reduce((n, f) => n + gz(f), 0);
  const js = entry.filter((f) => f.endsWith('.js'));
  const css = entry.filter((f) => f.endsWith('.css'));
  const chunk = (name: string) => assets.filter((f) => f.toLowerCase().includes(name) && /\.(js|css)$/.test(f));
  // The table page's own chunk (web/pages/Game.tsx), loaded lazily by the router.
  const page = assets.filter((f) => /\/Game-[^/]*\.(js|css)$/.test(f));
  const metrics = [
    { name: 'entry JS (gzip)', value: sum(js), unit: 'bytes' },
    { name: 'entry CSS (gzip)', value: sum(css), unit: 'bytes' },
    { name: 'table page chunk (gzip)', value: sum(page), unit: 'bytes', note: page.join(' ') },
  ];
  for (const game of ['ghost', 'sanguosha']) {
    const files = chunk(game);
    metrics.push({ name: `${game} table chunks (gzip)`, value: sum(files), unit: 'bytes', note: files.join(' ') } as never);
    metrics.push({ name: `${game} table page total (gzip)`, value: sum(js) + sum(css) + sum(page) + sum(files), unit: 'bytes' });
  }
  const all = assets.filter((f) => /\.(js|css)$/.test(f));
  metrics.push({ name: 'all JS+CSS assets (raw)', value: all.reduce((n, f) => n + statSync(join(dist, f)).size, 0), unit: 'bytes' });
  record('client bundle', metrics);
});

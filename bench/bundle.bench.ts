import { it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { measurePages } from '../web/tools/bundle-size';
import { record } from './report';

// Client bytes per page: the JS and CSS each page loads on an ordinary visit (entry, the page's chunk, the
// game's chunk, their CSS, and the strings of ONE language — the build ships one at a time), gzip level 9 as
// a CDN would serve it. Built in memory with the project's vite.config.ts. Budget: the table page of either
// game ≤ 45 KB (issue 8); the worst language is the one reported.
const root = fileURLToPath(new URL('..', import.meta.url));

it('client bundle: gzip bytes of the JS and CSS each page loads, per language', { timeout: 120_000 }, async () => {
  const sizes = await measurePages(root);
  const pages = [...new Set(sizes.map((x) => x.page))];
  const metrics = pages.flatMap((page) => {
    const rows = sizes.filter((x) => x.page === page);
    const worst = rows.reduce((a, b) => (b.total > a.total ? b : a));
    return [
      {
        name: `${page} page JS+CSS (gzip, worst language)`,
        value: worst.total,
        unit: 'bytes',
        note: rows.map((r) => `${r.lang} ${r.total}`).join(' · '),
      },
      { name: `${page} page JS (gzip)`, value: worst.js, unit: 'bytes', note: worst.lang },
      { name: `${page} page CSS (gzip)`, value: worst.css, unit: 'bytes', note: worst.lang },
      ...(worst.worker
        ? [
            {
              name: `${page}: its Web Worker with the rules and bots (gzip)`,
              value: worst.worker,
              unit: 'bytes',
              note: 'fetched when a game starts; precached by the service worker',
            },
          ]
        : []),
      // What the table fetches once it has painted (later strings, side, settings, bell panel), not in the total.
      ...(worst.after
        ? [
            {
              name: `${page} page, fetched after the first paint (gzip)`,
              value: worst.after,
              unit: 'bytes',
              note: worst.lang,
            },
          ]
        : []),
    ];
  });
  record('client bundle', metrics);
});

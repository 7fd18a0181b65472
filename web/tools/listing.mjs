import { gzipSync } from 'node:zlib';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildInMemory, measurePages } from './bundle-size.ts';

/**
 * What a page loads, file by file and module by module, so a cut can be aimed: for each page (worst language)
 * its files with gzip bytes, then for every JS chunk of the table pages the modules in it by minified size
 * (rolldown's renderedLength; gzip share estimated pro rata). A few lines over the build output instead of a
 * visualizer dependency. `npx node web/tools/listing.mjs [page-filter]` after nothing (it builds in memory).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const filter = process.argv[2] ?? 'table';
const [sizes, output] = await Promise.all([measurePages(root), buildInMemory(root)]);
const chunks = new Map(output.filter((c) => c.type === 'chunk').map((c) => [c.fileName, c]));
const gz = (s) => gzipSync(s, { level: 9 }).length;
for (const page of [...new Set(sizes.map((x) => x.page))]) {
  const rows = sizes.filter((x) => x.page === page);
  const worst = rows.reduce((a, b) => (b.total > a.total ? b : a));
  console.log(
    `\n${page}: ${worst.total} (JS ${worst.js} + CSS ${worst.css}) worst ${worst.lang}; ${rows.map((r) => `${r.lang} ${r.total}`).join(' · ')}${worst.after ? `; then ${worst.after} after the first paint` : ''}`,
  );
  if (!page.includes(filter)) continue;
  for (const f of worst.files) {
    console.log(`  ${f}`);
    const c = chunks.get(f.split(' ')[0]);
    if (!c || c.type !== 'chunk') continue;
    const total = gz(c.code);
    const mods = Object.entries(c.modules)
      .map(([id, m]) => [relative(root, id.replace(/^\0/, '')), m.renderedLength])
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1]);
    const sum = mods.reduce((n, [, l]) => n + l, 0) || 1;
    for (const [id, len] of mods.slice(0, 25))
      console.log(
        `      ${String(len).padStart(7)} min  ~${String(Math.round((len / sum) * total)).padStart(6)} gz  ${id}`,
      );
  }
}

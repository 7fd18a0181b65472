import { defineConfig, type Plugin, type PluginOption } from 'vite';
import preact from '@preact/preset-vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { splitStrings, stringsChunkName } from './web/tools/split-strings.js';
import { smallPreload } from './web/tools/preload.js';
import { clientData } from './web/tools/client-data.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Strings a table's first screen does not show; they ship in each pack's second chunk, fetched after the first
 * paint (web/i18n/packs.ts `loadLater`). Whatever shows them is a lazy part that awaits that chunk: the card
 * sheet (card and skill texts; 驱鬼 keeps its king cards' texts, shown on the board), the log and "since you were here" (log lines), the seat settings (standing
 * orders), the note on an answer waiting for the connection, the lobby, the host's menu, the bell's panel, the home, rules, replay and not-found pages. A key used on a first
 * screen must not match (it would show as its key until the chunk comes, then re-render).
 */
export const LATER: RegExp[] = [
  /^sgs\.(skillText|cardText|orderHint|order|log|option)\./,
  /^ghost\.(log\.|orderHint\.|order\.|kingRule$|possession\.|text\.(?!K)|ui\.(killer|result|seatScore|teamScore|winner|possess)$)/,
  /^(home|admin|host|rules|missing|since|opt|handback|room\.log|offer|mark|outbox)\./,
  /^game\.([a-z]+\.tagline|notFound(Body)?)$/,
  // Lengths of time in words: the home page, the lobby and the host's menu.
  /^time\.(minutes|hours|days)/,
  // A finished table's links (web/table/Again.tsx EndActions).
  /^table\.(again|replay)$/,
  // Composing an answer after a tap (web/table/Picking.tsx).
  /^prompt\.(also|cardsHere|seatsHere|confirm|cancel|atLeast|pick(Cards|Seats))/,
  // A game's one-line summary and title: for "my games" and notifications, not the table.
  /^(ghost|sgs)\.(summary|title)$/,
  /^join\.(?!seatLost$)/,
  /^lobby\.(?!host$)/,
  /^notify\.(?!title$|cta$)/,
  /^settings\.(?!title$)/,
  /^chat\.(?!title$)/,
];

/**
 * The practice worker (web/practice/worker.ts) runs the rules and the bots, and renders nothing: each game's
 * strings module (every language's card and skill texts) is an empty table there.
 */
function noStringsInWorker(): Plugin {
  const STRINGS = /[\\/]worker[\\/]games[\\/][^\\/]+[\\/]i18n\.ts$/;
  return {
    name: 'teahouse-no-strings-in-worker',
    load: (id) => (STRINGS.test(id) ? "export const strings = { 'zh-CN': {}, 'zh-TW': {}, en: {} };" : null),
  };
}

/**
 * The service worker's plugins run only in a build that writes `dist/client`: an in-memory build (the bundle
 * bench, the strings tests: web/tools/bundle-size.ts) would otherwise write a `sw.js` listing whatever lies on disk.
 */
function onlyWhenWritten(plugins: PluginOption[]): Plugin[] {
  return (plugins.flat() as Plugin[]).map((p) => ({
    ...p,
    apply: (c, env) =>
      c.build?.write !== false &&
      (typeof p.apply === 'function' ? p.apply(c, env) : !p.apply || p.apply === env.command),
  }));
}

/**
 * The client: `web/` is the Vite root; the build lands in `dist/client`, which wrangler serves as static
 * assets (SPA fallback to index.html; `/api/*` goes to the worker). Assets get content hashes so they can be
 * cached forever (web/public/_headers says so); `web/public/` (manifest, icons, offline page, _headers) is copied
 * as is, unhashed, because those URLs must stay stable, and so is the service worker built from web/sw.ts. Strings ship one language at a time (web/tools/split-strings.ts).
 */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    splitStrings({ root, langs: ['zh-CN', 'zh-TW', 'en'], fallback: 'en', prefKey: 'teahouse.lang', later: LATER }),
    smallPreload(),
    clientData(),
    preact(),
    // The service worker (web/sw.ts): Workbox precaches the whole built client so the shell and the practice page
    // work offline; push notifications are its own code, hence injectManifest. Registered by web/lib/sw.ts.
    ...onlyWhenWritten(
      VitePWA({
        strategies: 'injectManifest',
        srcDir: '.',
        filename: 'sw.ts',
        injectRegister: false,
        manifest: false,
        injectManifest: {
          // The icons a notification and the offline page show; the install icons are the browser's to fetch.
          globPatterns: ['**/*.{js,css,html,webmanifest}', 'icons/{icon.svg,icon-192.png,badge-72.png}'],
          // What needs the network anyway (joining a lobby, the host's tools, a seat link's QR code).
          globIgnores: ['**/{Lobby,Admin,HostSettings,PersonalLink,SeatQr,qr}-*'],
          // The rules of a game (in the practice worker's chunks) are larger than Workbox's 2 MiB default allows.
          maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        },
      }),
    ),
  ],
  // The practice worker splits like the page (each game's rules their own chunk): ES modules.
  worker: { format: 'es', plugins: () => [noStringsInWorker()] },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs es2022 knows modulepreload: no polyfill in the entry.
    modulePreload: { polyfill: false },
    assetsDir: 'assets',
    rollupOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: (c) => stringsChunkName(c.facadeModuleId) ?? 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // What every page runs (what main.tsx imports statically: preact, signals, the shell) in one chunk rather
        // than the small shared splinters the splitter would make: fewer requests, and gzip does better on one
        // file than on several.
        codeSplitting: {
          groups: [
            { name: 'core', tags: ['$initial'] },
            // What the table, the lobby and the replay all use (seat tags, card reading, message rendering, the
            // ring): one chunk rather than four small ones, each with its own gzip overhead.
            {
              name: 'shared',
              test: /web[\\/]table[\\/](CardInfo|Seats|ring)\.tsx?$|web[\\/]lib[\\/](msg|memo)\.ts$|worker[\\/]protocol\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    // `vite` alone for styling work: the API comes from `wrangler dev` on 8787.
    proxy: { '/api': { target: 'http://localhost:8787', ws: true } },
  },
});

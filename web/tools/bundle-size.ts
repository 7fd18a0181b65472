import { gzipSync } from 'node:zlib';
import { relative } from 'node:path';
import { build, type Rolldown } from 'vite';

/**
 * What each page of the client loads, in gzip bytes (level 9, as a CDN serves it): the JS chunks reachable
 * by static imports from the entry, the page's chunk and the game's chunk, their CSS, and the strings chunks
 * of one language. Lazy parts a page does not show on an ordinary visit (the host's menu, a game's rules on
 * the table page) are not counted, nor what the table fetches after its first paint (the later strings, the
 * side with log and chat, settings, the bell and its panel, the waiting answer's note, composing an answer, card sheet, play arrows, badge:
 * web/table/Shell.tsx `prefetchTableParts`); `after` counts those. Builds in memory with the project's vite.config.ts.
 */
export interface PageSize {
  page: string;
  lang: string;
  js: number;
  css: number;
  total: number;
  files: string[];
  /** Gzip bytes fetched after the first paint (table pages: the prefetched parts and later strings), not in `total`. */
  after: number;
  /** Practice pages: gzip bytes of the practice Web Worker (the engine, the bots) and the game's rules it loads. */
  worker?: number;
}

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The production client build, in memory (nothing written): chunks and assets as `vite build` makes them. */
export async function buildInMemory(root: string): Promise<(Rolldown.OutputChunk | Rolldown.OutputAsset)[]> {
  // As `vite build` does before it loads anything: production builds of preact and the preset.
  process.env.NODE_ENV = 'production';
  const out = (await build({
    configFile: `${root}/vite.config.ts`,
    mode: 'production',
    logLevel: 'silent',
    build: { write: false },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  return (Array.isArray(out) ? out : [out]).flatMap((o) => o.output);
}

export async function measurePages(
  root: string,
  langs: readonly string[] = ['zh-CN', 'zh-TW', 'en'],
): Promise<PageSize[]> {
  const output = await buildInMemory(root);
  const chunks = output.filter((c): c is Chunk => c.type === 'chunk');
  const byFile = new Map(output.map((c) => [c.fileName, c]));
  const size = new Map(
    output.map((c) => [c.fileName, gzipSync(c.type === 'chunk' ? c.code : c.source, { level: 9 }).length]),
  );
  const src = (c: Chunk) => (c.facadeModuleId ? relative(root, c.facadeModuleId).split('\\').join('/') : '');
  const find = (test: (id: string) => boolean) =>
    chunks.find((c) => test(c.facadeModuleId?.startsWith('\0') ? c.facadeModuleId.slice(1) : src(c)));

  /** A chunk and every chunk it imports statically, with their CSS. */
  const closure = (start: Chunk | undefined, into: Set<string>) => {
    if (!start || into.has(start.fileName)) return;
    into.add(start.fileName);
    for (const css of start.viteMetadata?.importedCss ?? []) into.add(css);
    for (const f of start.imports) closure(byFile.get(f) as Chunk | undefined, into);
  };

  const entry = chunks.find((c) => c.isEntry);
  const games = chunks.filter((c) => /^web\/games\/[^/]+\/index\.ts$/.test(src(c))).map((c) => src(c).split('/')[2]!);
  /** A pack's strings chunk in a language, and its later half for a page that waits for it. */
  const strs = (pack: string, withLater: boolean) => [
    (l: string) => `virtual:strings/${pack}/${l}`,
    ...(withLater ? [(l: string) => `virtual:strings/${pack}~later/${l}`] : []),
  ];
  const pages: {
    page: string;
    parts: (string | ((l: string) => string))[];
    after?: (string | ((l: string) => string))[];
    /** The worker's files (emitted as assets of the page build): its entry and the game's rules chunk. */
    worker?: RegExp[];
  }[] = [
    { page: 'home', parts: ['web/pages/Home.tsx', ...strs('shell', true)] },
    ...games.flatMap((g) => [
      // The table's first paint: its later strings and lazy parts come after it (web/table/Shell.tsx).
      {
        page: `table ${g}`,
        parts: ['web/pages/Game.tsx', `web/games/${g}/index.ts`, ...strs('shell', false), ...strs(g, false)],
        after: [
          'web/table/Side.tsx',
          'web/table/Log.tsx',
          'web/table/Settings.tsx',
          'web/table/Notify.tsx',
          'web/table/NotifyPanel.tsx',
          'web/parts/OutboxNote.tsx',
          'web/table/Picking.tsx',
          'web/table/CardSheet.tsx',
          'web/table/Arrows.tsx',
          'web/lib/badge.ts',
          (l: string) => `virtual:strings/shell~later/${l}`,
          (l: string) => `virtual:strings/${g}~later/${l}`,
        ],
      },
      {
        page: `rules ${g}`,
        parts: [
          'web/pages/Rules.tsx',
          `web/games/${g}/index.ts`,
          `web/games/${g}/Rules.tsx`,
          ...strs('shell', true),
          ...strs(g, true),
        ],
      },
      // The practice table (web/practice/): the page with the same table shell, and its worker with the rules.
      {
        page: `practice ${g}`,
        parts: [
          'web/practice/Practice.tsx',
          `web/games/${g}/index.ts`,
          ...strs('shell', true),
          ...strs('practice', false),
          ...strs(g, false),
        ],
        worker: [/^assets\/worker-[^/]+\.js$/, new RegExp(`^assets/${g}-[^/]+\\.js$`)],
      },
      {
        page: `replay ${g}`,
        parts: [
          'web/pages/Replay.tsx',
          `web/games/${g}/index.ts`,
          `worker/games/${g}/index.ts`,
          ...strs('shell', true),
          ...strs(g, true),
        ],
      },
    ]),
  ];
  const html = output.find((c) => c.fileName === 'index.html');
  const htmlCss =
    html && html.type === 'asset' ? [...String(html.source).matchAll(/href="\/([^"]+\.css)"/g)].map((m) => m[1]!) : [];

  const result: PageSize[] = [];
  for (const p of pages)
    for (const lang of langs) {
      const files = new Set<string>(htmlCss);
      closure(entry, files);
      for (const part of p.parts) {
        const id = typeof part === 'string' ? part : part(lang);
        closure(
          find((x) => x === id || x.endsWith(`/${id}`)),
          files,
        );
      }
      const list = [...files];
      const js = list.filter((f) => f.endsWith('.js')).reduce((n, f) => n + (size.get(f) ?? 0), 0);
      const css = list.filter((f) => f.endsWith('.css')).reduce((n, f) => n + (size.get(f) ?? 0), 0);
      const more = new Set(files);
      for (const part of p.after ?? []) {
        const id = typeof part === 'string' ? part : part(lang);
        closure(
          find((x) => x === id || x.endsWith(`/${id}`)),
          more,
        );
      }
      const after = [...more].filter((f) => !files.has(f)).reduce((n, f) => n + (size.get(f) ?? 0), 0);
      const worker = p.worker
        ? output
            .filter((o) => o.type === 'asset' && p.worker!.some((r) => r.test(o.fileName)))
            .reduce((n, o) => n + (size.get(o.fileName) ?? 0), 0)
        : undefined;
      result.push({
        ...(worker === undefined ? {} : { worker }),
        page: p.page,
        lang,
        js,
        css,
        total: js + css,
        after,
        files: list.sort().map((f) => `${f} ${size.get(f)}`),
      });
    }
  return result;
}

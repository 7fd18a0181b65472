import { readdirSync, existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Ship only the visitor's language (issue 8, item 8). A strings module exports `strings: Record<Lang,
 * Strings>`: the games' `worker/games/<id>/i18n.ts` (rows of `[简体, 繁體, English]`, contracts §2) and the
 * shell's `web/i18n/strings.ts`. They stay as they are — Node, the worker and the tests read them whole. In
 * the client build this plugin replaces each with a small module whose `strings` starts empty and is filled
 * from one chunk per language (`virtual:strings/<pack>/<lang>`), loaded on demand by `web/i18n/packs.ts`.
 *
 * The source is evaluated at build time (bundled alone by rolldown, then imported), so whatever it computes —
 * merged row files, derived keys — is what ships. A key missing in a language gets the fallback language's text in that
 * language's chunk, as the runtime lookup would. web/i18n/packs.ts gets the map pack → language → loader
 * written in, so the shell can fetch a game's strings in parallel with the game's code. The built index.html gets a tiny
 * inline script that preloads the shell strings of the visitor's language alongside the entry chunk.
 */
export interface SplitOptions {
  /** Repository root; the pack sources are found under it. */
  root: string;
  langs: readonly string[];
  /** Language whose text fills keys missing in another. */
  fallback: string;
  /** localStorage key of the saved language choice (the inline preload script reads it). */
  prefKey: string;
  /**
   * Keys the first screen of a page does not show (card and skill texts, log lines, the home page's and the
   * host's strings…): they go to a second chunk per pack and language, `<pack>~later`, which the page fetches
   * after its first paint (web/i18n/packs.ts `loadLater`) and every lazy part that shows them awaits.
   */
  later?: readonly RegExp[];
}

/** Suffix of a pack's second chunk: the keys matched by `later`. */
export const LATER = '~later';

/** Split one language's table into what the first screen needs and what may come after it. */
export function splitLater(
  table: Record<string, string>,
  later: readonly RegExp[],
): { first: Record<string, string>; rest: Record<string, string> } {
  const first: Record<string, string> = {};
  const rest: Record<string, string> = {};
  for (const [k, v] of Object.entries(table)) (later.some((r) => r.test(k)) ? rest : first)[k] = v;
  return { first, rest };
}

const PACK = 'virtual:strings/';
/** Where web/i18n/packs.ts keeps its loaders: the build replaces the empty object after it. */
const MARKER = '/* strings-index */ {}';

/**
 * Every strings module of the client: pack name → absolute path. The shell's, each game's `i18n.ts` (named
 * after the game), and any `web/**\/<name>.strings.ts` (a page's own strings, named `<name>`).
 */
export function findPacks(root: string): Map<string, string> {
  const packs = new Map<string, string>([['shell', resolve(root, 'web/i18n/strings.ts')]]);
  const games = resolve(root, 'worker/games');
  for (const d of readdirSync(games, { withFileTypes: true }))
    if (d.isDirectory() && existsSync(join(games, d.name, 'i18n.ts')))
      packs.set(d.name, join(games, d.name, 'i18n.ts'));
  const walk = (dir: string) => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const f = join(dir, d.name);
      if (d.isDirectory()) walk(f);
      else if (d.name.endsWith('.strings.ts')) {
        const name = d.name.slice(0, -'.strings.ts'.length);
        if (packs.has(name)) throw new Error(`split-strings: two strings modules are named ${name}`);
        packs.set(name, f);
      }
    }
  };
  walk(resolve(root, 'web'));
  return packs;
}

/** One language's table: its own strings over the fallback's, so a missing key still reads. */
export function languageTable(
  all: Record<string, Record<string, string>>,
  lang: string,
  fallback: string,
): Record<string, string> {
  return { ...(all[fallback] ?? {}), ...(all[lang] ?? {}) };
}

/** The module that stands in for a strings source in the client build. */
export function standInModule(pack: string, packsModule: string): string {
  return `import { pack } from ${JSON.stringify(packsModule)};\nexport const strings = pack(${JSON.stringify(pack)});\n`;
}

/**
 * The loaders of web/i18n/packs.ts: pack → language → dynamic import of that language's chunk. A pack whose
 * every key is a first-screen key (`empty` names it) has no later half: no loaders, no empty chunks to fetch.
 */
export function indexObject(packs: Iterable<string>, langs: readonly string[], empty: ReadonlySet<string>): string {
  const rows = [...packs]
    .flatMap((p) => (empty.has(p) ? [p] : [p, p + LATER]))
    .map(
      (p) =>
        `${JSON.stringify(p)}: {${langs.map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(`${PACK}${p}/${l}`)})`).join(', ')}}`,
    );
  return `{${rows.join(', ')}}`;
}

/** Chunk file names that say what a strings chunk holds (`strings-ghost-en-<hash>.js`); null for other chunks. */
export function stringsChunkName(facadeModuleId: string | null | undefined): string | null {
  if (!facadeModuleId?.startsWith('\0' + PACK)) return null;
  return `assets/strings-${facadeModuleId
    .slice(1 + PACK.length)
    .replace('/', '-')
    .replace(LATER, '-later')}-[hash].js`;
}

/**
 * The inline script of index.html: pick the language as `web/i18n/index.ts` does (saved choice, else the
 * browser's; Traditional for Hant/TW/HK/MO) and preload that language's shell chunk.
 */
export function preloadScript(files: Record<string, string>, prefKey: string): string {
  return `(function(){try{var f=${JSON.stringify(files)},l=localStorage.getItem(${JSON.stringify(prefKey)});if(!f[l]){l='en';var t=navigator.languages||[navigator.language];for(var i=0;i<t.length;i++){var x=String(t[i]).toLowerCase();if(x.indexOf('zh')==0){l=/hant|-tw|-hk|-mo/.test(x)?'zh-TW':'zh-CN';break}if(x.indexOf('en')==0)break}}var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href=f[l];document.head.appendChild(e)}catch(_){}})()`;
}

/** Evaluate a strings module in Node: bundle it with what it imports, then import the bundle. */
export async function evaluate(file: string): Promise<{ module: Record<string, unknown>; files: string[] }> {
  const b = await rolldown({ input: file, logLevel: 'silent' });
  try {
    const { output } = await b.generate({ format: 'esm' });
    const chunk = output[0];
    const module = (await import(
      `data:text/javascript;base64,${Buffer.from(chunk.code).toString('base64')}`
    )) as Record<string, unknown>;
    return { module, files: chunk.moduleIds.filter((id) => !id.startsWith('\0')) };
  } finally {
    await b.close();
  }
}

export function splitStrings(o: SplitOptions): Plugin {
  const packs = findPacks(o.root);
  const bySource = new Map([...packs].map(([name, file]) => [file, name]));
  const packsModule = resolve(o.root, 'web/i18n/packs.ts');
  const loaded = new Map<string, Promise<{ strings: Record<string, Record<string, string>>; files: string[] }>>();
  let build = false;

  /** Evaluate a strings source in Node, once per build. */
  const tables = (pack: string) => {
    let p = loaded.get(pack);
    if (!p) {
      const file = packs.get(pack)!;
      p = evaluate(file).then(({ module, files }) => {
        const extra = Object.keys(module).filter((k) => k !== 'strings');
        if (!module.strings || extra.length)
          throw new Error(
            `split-strings: ${relative(o.root, file)} must export only \`strings\` (found: ${Object.keys(module).join(', ') || 'nothing'}); client code could not import the rest`,
          );
        return { strings: module.strings as Record<string, Record<string, string>>, files };
      });
      loaded.set(pack, p);
    }
    return p;
  };

  return {
    name: 'teahouse-split-strings',
    enforce: 'pre',
    configResolved(c) {
      build = c.command === 'build';
    },
    buildStart() {
      loaded.clear();
    },
    resolveId(id) {
      return id.startsWith(PACK) ? '\0' + id : null;
    },
    async transform(code, id) {
      if (!build || id.split('?')[0] !== packsModule) return null;
      if (!code.includes(MARKER))
        throw new Error(`split-strings: ${relative(o.root, packsModule)} lost its ${MARKER} marker`);
      const empty = new Set<string>();
      for (const pack of packs.keys()) {
        const { strings } = await tables(pack);
        if (
          o.langs.every(
            (l) => !Object.keys(splitLater(languageTable(strings, l, o.fallback), o.later ?? []).rest).length,
          )
        )
          empty.add(pack);
      }
      return { code: code.replace(MARKER, indexObject(packs.keys(), o.langs, empty)), map: null };
    },
    async load(id) {
      if (id.startsWith('\0' + PACK)) {
        const [part, lang] = id.slice(1 + PACK.length).split('/') as [string, string];
        const pack = part.endsWith(LATER) ? part.slice(0, -LATER.length) : part;
        const { strings, files } = await tables(pack);
        // A change to the source or a row file it imports rebuilds this chunk (`vite build --watch`).
        for (const f of files) this.addWatchFile(f);
        const halves = splitLater(languageTable(strings, lang, o.fallback), o.later ?? []);
        const t = part === pack ? halves.first : halves.rest;
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(t))});\n`;
      }
      if (!build) return null;
      const file = id.split('?')[0]!.split(sep).join('/');
      const pack = bySource.get(resolve(file));
      if (!pack) return null;
      return standInModule(pack, packsModule);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const files: Record<string, string> = {};
        for (const chunk of Object.values(ctx.bundle))
          if (chunk.type === 'chunk' && chunk.facadeModuleId?.startsWith(`\0${PACK}shell/`))
            files[chunk.facadeModuleId.slice(`\0${PACK}shell/`.length)] = `/${chunk.fileName}`;
        if (Object.keys(files).length === 0) return html;
        return { html, tags: [{ tag: 'script', children: preloadScript(files, o.prefKey), injectTo: 'head' }] };
      },
    },
  };
}

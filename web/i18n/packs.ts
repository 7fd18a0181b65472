import type { Lang, Strings } from '../games/types';

/**
 * The client's strings, one language at a time. In the build every strings module (the shell's, each game's)
 * is a pack whose `strings` starts empty for each language and is filled from that language's own chunk (see
 * web/tools/split-strings.ts); in the dev server and in Node the loaders below stay empty and the modules
 * carry every language, so nothing here has anything to do.
 */
type Loader = () => Promise<{ default: Strings }>;

interface Pack {
  tables: Record<Lang, Strings>;
  loading: Partial<Record<Lang, Promise<void>>>;
}

/** pack → language → its chunk; the build writes the loaders in place of the empty object. */
const loaders: Record<string, Partial<Record<Lang, Loader>>> = /* strings-index */ {};
const packs = new Map<string, Pack>();
/** The language every pack should hold: packs that register later start fetching it at once. */
let wanted: Lang | null = null;
/** Packs the page has asked for (a game it opened): the ones a language switch must load too. */
const used = new Set<string>();

function entry(name: string): Pack {
  let p = packs.get(name);
  if (!p) {
    p = { tables: { 'zh-CN': {}, 'zh-TW': {}, en: {} }, loading: {} };
    packs.set(name, p);
  }
  return p;
}

function fetchLang(name: string, l: Lang): Promise<void> {
  const p = entry(name);
  const load = loaders[name]?.[l];
  if (!load) return Promise.resolve();
  return (p.loading[l] ??= load().then(
    (m) => void Object.assign(p.tables[l], m.default),
    (e: unknown) => {
      delete p.loading[l];
      throw e;
    },
  ));
}

/** The stand-in for a strings module: its tables, filled as languages arrive. */
export function pack(name: string): Record<Lang, Strings> {
  used.add(name);
  if (wanted) void fetchLang(name, wanted).catch(() => undefined);
  return entry(name).tables;
}

/** Fetch one pack's strings in `l` (a game's, in parallel with its code); resolves when they are in. */
export function loadPack(name: string, l: Lang): Promise<void> {
  used.add(name);
  return fetchLang(name, l);
}

/** Make `l` the language of every pack in use, now and later; resolves when their strings are in. */
export function loadLang(l: Lang): Promise<void> {
  wanted = l;
  return Promise.all([...used].map((n) => fetchLang(n, l))).then(() => undefined);
}

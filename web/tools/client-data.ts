import { runnerImport, type Plugin } from 'vite';

/**
 * Catalogue data as the client build ships it (the worker, Node and the tests keep the files as written).
 *
 * - 三国杀's `worker/games/sanguosha/deck.ts` lists the 160 physical cards one readable row each
 *   (`[14, 'standard', 'slash', 'spade', 7]`); every 三国杀 table needs them (card faces by id), so the build
 *   packs them into three characters a card and a decoder that rebuilds the same rows (≈0.7 KB gzip less).
 *   The test checks the rebuilt deck equals the source's row for row.
 * - The notification formats' registry (`worker/notify/formats/index.ts`): the client reads only its two menus
 *   (ids and the strings keys of the names), so the build ships those as data; the formats' request builders and
 *   their texts in three languages stay on the server (a chunk other than a strings chunk carries no strings).
 */

/** Digits of the packed deck: a card's key, package × suit, and rank are one digit each. */
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$';
const PKGS = ['standard', 'ex', 'maneuvering'];
const SUITS = ['spade', 'heart', 'club', 'diamond'];
const ROW = /\[(\d+), '(\w+)', '(\w+)', '(\w+)', (\d+)\]/g;

/**
 * The deck's rows as a JS expression that evaluates to the same rows: `[id, pkg, key, suit, rank]`, ids 1..n in
 * order. Null when the rows are not in that shape (a new package, a gap in the ids): the source then ships as is.
 */
export function packDeck(rows: [number, string, string, string, number][]): string | null {
  const keys = [...new Set(rows.map((r) => r[2]))];
  if (keys.length > DIGITS.length) return null;
  let packed = '';
  for (const [i, [id, pkg, key, suit, rank]] of rows.entries()) {
    const p = PKGS.indexOf(pkg);
    const s = SUITS.indexOf(suit);
    if (id !== i + 1 || p < 0 || s < 0 || rank < 1 || rank > 13) return null;
    packed += DIGITS[keys.indexOf(key)]! + DIGITS[p * 4 + s]! + DIGITS[rank - 1]!;
  }
  return `((d, k, p, s) => ${JSON.stringify(packed)}.match(/.../g).map((c, i) => [i + 1, p[d.indexOf(c[1]) >> 2], k[d.indexOf(c[0])], s[d.indexOf(c[1]) & 3], d.indexOf(c[2]) + 1]))(${JSON.stringify(DIGITS)}, ${JSON.stringify(keys.join(' '))}.split(' '), ${JSON.stringify(PKGS)}, ${JSON.stringify(SUITS)})`;
}

export const REWRITES: { file: RegExp; rewrite: (code: string) => string }[] = [
  {
    file: /worker[\\/]games[\\/]sanguosha[\\/]deck\.ts$/,
    rewrite: (code) => {
      const m = /(export const DECK: readonly CardRow\[\] = )\[([\s\S]*?)\n\];/.exec(code);
      if (!m) return code;
      const rows = [...m[2]!.matchAll(ROW)].map(
        (r) => [Number(r[1]), r[2]!, r[3]!, r[4]!, Number(r[5])] as [number, string, string, string, number],
      );
      // Every line of the literal must be a row (or a comment): anything else means the format moved on.
      const lines = m[2]!.split('\n').filter((l) => l.trim() && !l.trim().startsWith('//'));
      const expr = lines.length === rows.length ? packDeck(rows) : null;
      return expr ? code.replace(m[0], `${m[1]}${expr} as unknown as readonly CardRow[];`) : code;
    },
  },
];

/** The source as the client build ships it; null for a module shipped as written (exported for the test). */
export function clientSource(id: string, code: string): string | null {
  const r = REWRITES.find((x) => x.file.test(id.split('?')[0]!));
  return r ? r.rewrite(code) : null;
}

const FORMATS_FILE = /worker[\\/]notify[\\/]formats[\\/]index\.ts$/;
type Menu = typeof import('../../worker/notify/formats').formatMenu;

/** The client's registry of notification formats: its two menus as data (exported for the test). */
export function formatsModule(menu: Menu): string {
  return `const MENUS = ${JSON.stringify({ personal: menu('personal'), channel: menu('channel') })};\nexport const formatMenu = (use) => MENUS[use];\n`;
}

export function clientData(): Plugin {
  return {
    name: 'teahouse-client-data',
    enforce: 'pre',
    apply: 'build',
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (FORMATS_FILE.test(file)) {
        // The registry itself, run once in Node by Vite's module runner: the menus cannot drift from it.
        const { module } = await runnerImport<{ formatMenu: Menu }>(file, { configFile: false, logLevel: 'silent' });
        return { code: formatsModule(module.formatMenu), map: null };
      }
      const out = clientSource(id, code);
      return out === null ? null : { code: out, map: null };
    },
  };
}

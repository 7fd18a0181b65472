import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';
import { buildInMemory } from '../../web/tools/bundle-size';
import { findPacks, languageTable, preloadScript, splitLater, stringsChunkName } from '../../web/tools/split-strings';
import { LATER } from '../../vite.config';
import { strings as shell } from '../../web/i18n/strings';
import { strings as ghost } from '../../worker/games/ghost/i18n';
import { strings as sgs } from '../../worker/games/sanguosha/i18n';
import { strings as replay } from '../../web/pages/replay.strings';
import { strings as series } from '../../web/pages/series.strings';
import { strings as practice } from '../../web/practice/practice.strings';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LANGS = ['zh-CN', 'zh-TW', 'en'] as const;
/**
 * Chunks allowed to carry every language: both games' rules pages still keep their summaries as three-language
 * tables in code (web/games/<game>/Rules.tsx). Only the rules page loads them, never the entry or a table.
 */
const EXEMPT = [/web\/games\/[^/]+\/Rules\.tsx$/];
const PACKS: Record<string, Record<string, Record<string, string>>> = {
  shell,
  ghost,
  sanguosha: sgs,
  replay,
  practice,
  series,
};

/** Does a pack have keys a first screen does not show (its second, later chunk)? */
const hasLater = (pack: Record<string, Record<string, string>>) =>
  LANGS.some((l) => Object.keys(splitLater(languageTable(pack, l, 'en'), LATER).rest).length > 0);

/** Strings that belong to exactly one language (long enough not to appear by accident in code or another table). */
function only(pack: Record<string, Record<string, string>>, lang: string): string[] {
  const others = new Set(LANGS.filter((l) => l !== lang).flatMap((l) => Object.values(pack[l] ?? {})));
  return Object.values(pack[lang]!).filter(
    (v) => v.length >= (lang === 'en' ? 14 : 6) && !others.has(v) && !v.includes('{'),
  );
}

describe('the client build ships one language at a time', () => {
  let output: (Rolldown.OutputChunk | Rolldown.OutputAsset)[] = [];
  const chunks = () => output.filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');

  it("every strings module becomes a chunk per language (first screen) and a second where it has later keys, and no other chunk carries any language's strings", {
    timeout: 60_000,
  }, async () => {
    output = await buildInMemory(root);
    const strChunks = chunks().filter((c) => c.fileName.startsWith('assets/strings-'));
    expect(strChunks.map((c) => c.fileName.replace(/-[\w-]{8}\.js$/, '')).sort()).toEqual(
      Object.entries(PACKS)
        .flatMap(([p, t]) =>
          LANGS.flatMap((l) => [
            `assets/strings-${p}-${l}`,
            ...(hasLater(t) ? [`assets/strings-${p}-later-${l}`] : []),
          ]),
        )
        .sort(),
    );
    for (const [name, pack] of Object.entries(PACKS))
      for (const lang of LANGS) {
        const mine = only(pack, lang);
        expect(mine.length).toBeGreaterThan(2);
        for (const c of chunks()) {
          if (EXEMPT.some((re) => re.test(c.facadeModuleId ?? ''))) continue;
          // JSON inside the chunk escapes nothing but quotes and backslashes: compare on the parsed text.
          const own =
            c.fileName.startsWith(`assets/strings-${name}-${lang}-`) ||
            c.fileName.startsWith(`assets/strings-${name}-later-${lang}-`);
          const found = mine.filter((v) => c.code.includes(JSON.stringify(v).slice(1, -1)) || c.code.includes(v));
          if (!own) expect({ chunk: c.fileName, found: found.slice(0, 3) }).toEqual({ chunk: c.fileName, found: [] });
        }
        // Between its two chunks, the language has every one of its strings.
        const both = chunks().filter(
          (c) =>
            c.fileName.startsWith(`assets/strings-${name}-${lang}-`) ||
            c.fileName.startsWith(`assets/strings-${name}-later-${lang}-`),
        );
        expect(both).toHaveLength(hasLater(pack) ? 2 : 1);
        expect(
          mine.filter((v) => !both.some((c) => c.code.includes(JSON.stringify(v).slice(1, -1)) || c.code.includes(v))),
        ).toEqual([]);
      }
  });

  it("index.html preloads the shell strings of the visitor's language with the entry", () => {
    const html = output.find((c) => c.fileName === 'index.html') as Rolldown.OutputAsset;
    for (const lang of LANGS)
      expect(String(html.source)).toMatch(new RegExp(`"${lang}":"/assets/strings-shell-${lang}-[\\w-]{8}\\.js"`));
  });
});

describe('splitting the strings', () => {
  it('a key the first screen does not show goes to the later half, every other key to the first', () => {
    const t = {
      'sgs.cardText.slash': 'text',
      'sgs.card.slash': '杀',
      'home.title': 'T',
      'lobby.host': 'H',
      'lobby.start': 'S',
      'ghost.text.K01': 'king',
      'ghost.text.S01': 'spell',
    };
    const { first, rest } = splitLater(t, LATER);
    expect(Object.keys(first).sort()).toEqual(['ghost.text.K01', 'lobby.host', 'sgs.card.slash']);
    expect(Object.keys(rest).sort()).toEqual(['ghost.text.S01', 'home.title', 'lobby.start', 'sgs.cardText.slash']);
  });

  it("the table's first screen keys stay in the first half: prompts, options, card and general names, the shell's table strings", () => {
    for (const [pack, prefixes] of [
      [sgs, ['sgs.ask.', 'sgs.opt.', 'sgs.card.', 'sgs.general.', 'sgs.skill.', 'sgs.ui.', 'sgs.phase.', 'sgs.status']],
      [ghost, ['ghost.ask.', 'ghost.opt.', 'ghost.card.', 'ghost.ui.', 'ghost.effect.', 'ghost.phase.']],
      [shell, ['table.', 'prompt.', 'seat.', 'conn.', 'time.', 'common.', 'error.']],
    ] as const) {
      // 驱鬼's end-of-game lines and an imp's possession line are shown only by lazy parts (End.tsx, the card sheet);
      // so are a finished table's links (Again.tsx), lengths of time in words (the lobby, the host's menu) and what
      // composing an answer after a tap says (Picking.tsx).
      const lazyOnly =
        /^ghost\.ui\.(killer|result|seatScore|teamScore|winner|possess)$|^table\.(again|replay)$|^time\.(minutes|hours|days)|^prompt\.(also|cardsHere|seatsHere|confirm|cancel|atLeast|pick(Cards|Seats))/;
      const keys = Object.keys(pack.en!).filter((k) => prefixes.some((p) => k.startsWith(p)) && !lazyOnly.test(k));
      expect(keys.length).toBeGreaterThan(10);
      expect(keys.filter((k) => k in splitLater({ [k]: 'x' }, LATER).rest)).toEqual([]);
    }
  });

  it('a key missing in a language reads in the fallback language, as the runtime lookup would', () => {
    expect(languageTable({ en: { a: 'A', b: 'B' }, 'zh-CN': { a: '甲' } }, 'zh-CN', 'en')).toEqual({ a: '甲', b: 'B' });
  });

  it("the packs are the shell's strings, each game's i18n.ts and each page's *.strings.ts", () => {
    expect([...findPacks(root).keys()].sort()).toEqual(['ghost', 'practice', 'replay', 'sanguosha', 'series', 'shell']);
  });

  it('strings chunks are named after their pack and language; other chunks keep their names', () => {
    expect(stringsChunkName('\0virtual:strings/ghost/zh-TW')).toBe('assets/strings-ghost-zh-TW-[hash].js');
    expect(stringsChunkName('\0virtual:strings/ghost~later/zh-TW')).toBe('assets/strings-ghost-later-zh-TW-[hash].js');
    expect(stringsChunkName('/x/web/pages/Game.tsx')).toBe(null);
  });

  it("the preload script picks the saved language, else the browser's (Traditional for TW/HK/Hant), else English", () => {
    const files = { 'zh-CN': '/s-cn.js', 'zh-TW': '/s-tw.js', en: '/s-en.js' };
    const run = (saved: string | null, languages: string[]) => {
      const links: { href: string }[] = [];
      const g = {
        localStorage: { getItem: () => saved },
        navigator: { languages, language: languages[0] },
        document: {
          createElement: () => ({}) as { href: string },
          head: { appendChild: (e: { href: string }) => links.push(e) },
        },
      };
      new Function('localStorage', 'navigator', 'document', preloadScript(files, 'k'))(
        g.localStorage,
        g.navigator,
        g.document,
      );
      return links.map((l) => l.href);
    };
    expect(run('zh-TW', ['en-US'])).toEqual(['/s-tw.js']);
    expect(run(null, ['zh-HK', 'en'])).toEqual(['/s-tw.js']);
    expect(run(null, ['zh-Hans-CN'])).toEqual(['/s-cn.js']);
    expect(run(null, ['de-DE', 'en-GB', 'zh-CN'])).toEqual(['/s-en.js']);
    expect(run('xx', ['fr'])).toEqual(['/s-en.js']);
  });
});

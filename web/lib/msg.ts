import type { GameUI, Lang } from '../games/types';
import { isMsg, isSeatParam, SEATS_PARAMS, type Msg } from '../../worker/protocol';
import { fill, pluralOf, shellStrings } from '../i18n';
import { stringsArrived } from '../i18n/packs';

export { isSeatParam };
export const listJoin = (lang: Lang, items: string[]) => items.join(lang === 'en' ? ', ' : '、');

/**
 * The `t` every part of the table uses: look the key up in the game's strings, then the shell's (current
 * language first, English as the last resort), and render parameters by the shared convention — seats become
 * names, cards go through the game's `formatParam`/`cardLabel`, nested messages render recursively. A message
 * about the reader's own seat (`seat` is `you`) takes the key's `<key>.you` row where there is one: "You are the
 * Rebel (only you see this)" rather than your own name in the third person.
 */
export function makeT(
  lang: Lang,
  ui: Pick<GameUI, 'strings' | 'formatParam' | 'cardLabel'> | null,
  nameOf: (seat: number) => string,
  you: number | null = null,
) {
  const lookup = (key: string): string | undefined =>
    ui?.strings[lang]?.[key] ?? shellStrings[lang][key] ?? ui?.strings.en?.[key] ?? shellStrings.en[key];

  const param = (name: string, v: unknown): string => {
    if (isMsg(v)) return t(v);
    const custom = ui?.formatParam?.(name, v, lang, nameOf);
    if (custom !== undefined) return custom;
    if (typeof v === 'number' && isSeatParam(name)) return nameOf(v);
    // Skill and timing ids (the engine's `skill.ask`): the game's name for them if it has one.
    if ((name === 'skill' || name === 'timing') && typeof v === 'string') return lookup(`${name}.${v}`) ?? v;
    if (Array.isArray(v) && SEATS_PARAMS.has(name))
      return listJoin(
        lang,
        v.map((x) => (typeof x === 'number' ? nameOf(x) : String(x))),
      );
    if (name === 'card' && (typeof v === 'string' || typeof v === 'number'))
      return ui?.cardLabel?.(String(v), lang) ?? String(v);
    if (name === 'cards' && Array.isArray(v))
      return listJoin(
        lang,
        v.map((c) => ui?.cardLabel?.(String(c), lang) ?? String(c)),
      );
    if (Array.isArray(v))
      return listJoin(
        lang,
        v.map((x) => (isMsg(x) ? t(x) : String(x))),
      );
    if (v === null || v === undefined) return '';
    if (typeof v === 'object') return JSON.stringify(v);
    return String(v);
  };

  function t(m: Msg | string, params?: Record<string, unknown>): string {
    // Read so that a part rendered before a later strings chunk came renders again when it does.
    void stringsArrived.value;
    const key = typeof m === 'string' ? m : m.key;
    const p = typeof m === 'string' ? params : { ...(m.params ?? {}), ...(params ?? {}) };
    // Plurals by the language's own rules: a `<key>.one` row is used when `count` (else `n`) selects "one".
    const n = typeof p?.count === 'number' ? p.count : p?.n;
    const tpl =
      (you !== null && p?.seat === you ? lookup(`${key}.you`) : undefined) ??
      (typeof n === 'number' ? lookup(`${key}.${pluralOf(lang, n)}`) : undefined) ??
      lookup(key);
    if (tpl !== undefined) return fill(tpl, p, param);
    // No string for this key (a game without a client of its own): still say what happened, readably.
    const args = Object.entries(p ?? {}).map(([k, v]) => `${k}: ${param(k, v)}`);
    return args.length ? `${key} (${args.join(', ')})` : key;
  }
  return t;
}

import { ARTIFACT, EVENT, IMP, KING, SPELL, colourOf, typeOf } from '../../../worker/games/ghost/cards';
import { strings } from '../../../worker/games/ghost/i18n';
import type { Lang } from '../types';

/** Display helpers shared by the table, the rules page and the message parameters. */
export const str = (lang: Lang, key: string, params: Record<string, string | number> = {}): string => {
  // English needs a singular for n = 1 ("1 card"); such keys have a `.one` twin. Chinese has no plural.
  const k = params.n === 1 && strings[lang]?.[`${key}.one`] !== undefined ? `${key}.one` : key;
  return (strings[lang]?.[k] ?? strings.en![k] ?? k).replace(/\{(\w+)\}/g, (_, p: string) => String(params[p] ?? ''));
};

const isHandCard = (id: string) => /^[SA]\d\d-[RB]\d$/.test(id);

/** Name of any card id: hand-card instance (with its colour), imp, event or ghost-king card. */
export function cardName(id: string, lang: Lang): string {
  if (isHandCard(id)) return str(lang, `ghost.card.${typeOf(id)}`);
  return str(lang, `ghost.card.${id}`);
}

/** A hand card with its colour, e.g. "聚灵诀（红）" / "Gather spirit (red)". */
export function cardLabel(id: string, lang: Lang): string {
  if (!isHandCard(id)) return cardName(id, lang);
  const c = str(lang, `ghost.colour.${colourOf(id)}`);
  return lang === 'en' ? `${cardName(id, lang)} (${c})` : `${cardName(id, lang)}（${c}）`;
}

export function dispelText(imp: string, lang: Lang, colour?: string, n?: number): string {
  const d = IMP[imp]!.dispel;
  const col = colour ?? d.colour;
  const num = n ?? d.n;
  return col === 'any' ? str(lang, 'ghost.ui.condAny', { n: num }) : str(lang, 'ghost.ui.condColour', { n: num, colour: str(lang, `ghost.colour.${col}`) });
}

export function rewardText(imp: string, lang: Lang): string {
  const r = IMP[imp]!.reward;
  const parts: string[] = [];
  if (r.draw) parts.push(str(lang, 'ghost.ui.rewardDraw', { n: r.draw }));
  if (r.spirit) parts.push(str(lang, 'ghost.ui.rewardSpirit', { n: r.spirit }));
  return parts.join(lang === 'en' ? ', ' : '，');
}

export const kindOf = (id: string): 'spell' | 'artifact' | 'imp' | 'event' | 'king' | null =>
  SPELL[id.slice(0, 3)] && isHandCard(id) ? 'spell' : ARTIFACT[id.slice(0, 3)] && isHandCard(id) ? 'artifact' : IMP[id] ? 'imp' : EVENT[id] ? 'event' : KING[id] ? 'king' : null;

/** Render a message parameter the shell does not know (ghost cards, ghost-king cards). */
export function formatParam(name: string, value: unknown, lang: Lang): string | undefined {
  if ((name === 'ghostCard' || name === 'second' || name === 'king') && typeof value === 'string') return cardName(value, lang);
  if (name === 'ghostCards' && Array.isArray(value)) return value.map((v) => cardName(String(v), lang)).join(lang === 'en' ? ', ' : '、');
  return undefined;
}

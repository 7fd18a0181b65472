import { ARTIFACT, EVENT, IMP, KING, SPELL } from '../../../worker/games/ghost/cards';
import { colourOf, typeOf } from '../../../worker/games/ghost/ids';
import { strings } from '../../../worker/games/ghost/i18n';
import type { CardText } from '../../table/CardInfo';
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
  return col === 'any'
    ? str(lang, 'ghost.ui.condAny', { n: num })
    : str(lang, 'ghost.ui.condColour', { n: num, colour: str(lang, `ghost.colour.${col}`) });
}

export function rewardText(imp: string, lang: Lang): string {
  const r = IMP[imp]!.reward;
  const parts: string[] = [];
  if (r.draw) parts.push(str(lang, 'ghost.ui.rewardDraw', { n: r.draw }));
  if (r.spirit) parts.push(str(lang, 'ghost.ui.rewardSpirit', { n: r.spirit }));
  return parts.join(lang === 'en' ? ', ' : '，');
}

export const kindOf = (id: string): 'spell' | 'artifact' | 'imp' | 'event' | 'king' | null =>
  SPELL[id.slice(0, 3)] && isHandCard(id)
    ? 'spell'
    : ARTIFACT[id.slice(0, 3)] && isHandCard(id)
      ? 'artifact'
      : IMP[id]
        ? 'imp'
        : EVENT[id]
          ? 'event'
          : KING[id]
            ? 'king'
            : null;

/** Render a message parameter the shell does not know (ghost cards, ghost-king cards). */
export function formatParam(name: string, value: unknown, lang: Lang): string | undefined {
  if ((name === 'ghostCard' || name === 'second' || name === 'king') && typeof value === 'string')
    return cardName(value, lang);
  if (name === 'ghostCards' && Array.isArray(value))
    return value.map((v) => cardName(String(v), lang)).join(lang === 'en' ? ', ' : '、');
  return undefined;
}

/**
 * What a card does, to read on a tap or long-press: a hand card (its colour, cost, weight), an imp (dispel
 * condition, ongoing effect, possession, reward), an event or the ghost-king card.
 */
export function cardText(id: string, lang: Lang): CardText | null {
  const k = kindOf(id);
  if (!k) return null;
  if (k === 'imp') {
    const imp = IMP[id]!;
    return {
      name: cardName(id, lang),
      sub: `${str(lang, `ghost.colour.${imp.colour}`)} · ${str(lang, 'ghost.ui.dispel', { cond: dispelText(id, lang) })}`,
      text: [
        str(lang, 'ghost.ui.effect', { text: str(lang, `ghost.effect.${imp.effect}`) }),
        str(lang, 'ghost.ui.possess', { cond: str(lang, `ghost.possession.${imp.possession}`) }),
        str(lang, 'ghost.ui.reward', { text: rewardText(id, lang) }),
      ].join('\n'),
      red: imp.colour === 'red',
    };
  }
  if (k === 'spell' || k === 'artifact') {
    const spell = SPELL[typeOf(id)];
    const meta = [
      str(lang, `ghost.colour.${colourOf(id)}`),
      str(lang, k === 'spell' ? 'ghost.ui.spell' : 'ghost.ui.artifact'),
    ];
    if (spell?.cost) meta.push(str(lang, 'ghost.ui.cost', { n: spell.cost }));
    if (spell?.weight === 2) meta.push(str(lang, 'ghost.ui.votes2'));
    return {
      name: cardName(id, lang),
      sub: meta.join(' · '),
      text: str(lang, `ghost.text.${typeOf(id)}`),
      red: colourOf(id) === 'red',
    };
  }
  return {
    name: cardName(id, lang),
    sub: k === 'king' ? str(lang, 'ghost.ui.kingCard') : undefined,
    text:
      k === 'king' ? `${str(lang, `ghost.text.${id}`)}\n${str(lang, 'ghost.kingRule')}` : str(lang, `ghost.text.${id}`),
  };
}

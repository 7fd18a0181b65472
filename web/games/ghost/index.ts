import './ghost.css';
import type { GameUI, Lang, TableProps } from '../types';
import { strings } from '../../../worker/games/ghost/i18n';
import { cardLabel, cardName, cardText, formatParam, str } from './labels';
import { lazy } from '../../lib/lazy';
import { GhostTable, type GhostView } from './Table';

/** One line of what is happening now ("Night — exorcism of 饿死鬼; waiting for 李四 to vote"). */
function status(p: TableProps): string {
  const v = p.state.view as unknown as GhostView | null;
  if (!v) return '';
  const L = p.lang;
  const phase = str(L, `ghost.phase.${v.phase}`);
  if (p.state.prompts.length) return str(L, 'ghost.status.you', { phase });
  const names = p.state.waiting.map(p.name).join(L === 'en' ? ', ' : '、');
  if (!names) return phase;
  if (v.vote) {
    const ghostCard = cardName(v.vote.imp, L);
    const vt = v.vote;
    // Past the last voter only the host's challenge-or-reveal question can be open.
    const challenge =
      vt.order && vt.at !== undefined
        ? vt.at >= vt.order.length
        : p.state.waiting.includes(vt.host) && Object.keys(vt.counts).some((k) => Number(k) !== vt.host);
    return str(L, challenge ? 'ghost.status.challenge' : 'ghost.status.vote', { phase, ghostCard, names });
  }
  return str(L, 'ghost.status.other', { phase, names });
}

const ui: GameUI = {
  id: 'ghost',
  title: { 'zh-CN': '驱鬼', 'zh-TW': '驅鬼', en: 'Exorcism' },
  strings: strings as Record<Lang, Record<string, string>>,
  formatParam: (name, value, lang) => formatParam(name, value, lang),
  cardLabel,
  cardText,
  Table: GhostTable,
  // The rules page's long text is its own chunk: the table does not need it.
  Rules: lazy(() => import('./Rules').then((m) => m.GhostRules), null),
  status,
};

export default ui;

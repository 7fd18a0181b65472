import type { GameUI, Lang, TableProps } from '../types';
import { strings } from '../../../worker/games/sanguosha/i18n';
import { cardLabel, cardText } from './cards';
import { Table } from './Table';
import { lazy } from '../../lib/lazy';
import './sanguosha.css';

/** Card-valued params beyond the shell's `card`/`cards` convention. */
const CARD_PARAMS = new Set(['trick']);

const sanguosha: GameUI = {
  id: 'sanguosha',
  title: { 'zh-CN': '三国杀', 'zh-TW': '三國殺', en: 'Sanguosha' },
  strings: strings as Record<Lang, Record<string, string>>,
  formatParam(name, value, lang) {
    if (CARD_PARAMS.has(name) && (typeof value === 'number' || typeof value === 'string'))
      return cardLabel(String(value), lang);
    return undefined;
  },
  cardLabel,
  cardText,
  isOut(p: TableProps) {
    const v = p.state.view as { players?: { alive: boolean }[] } | null;
    return p.state.you !== null && v?.players?.[p.state.you]?.alive === false;
  },
  Table,
  // The rules page's long text and card list are their own chunk: the table does not need them.
  Rules: lazy(() => import('./Rules').then((m) => m.Rules), null),
  status(p: TableProps) {
    const v = p.state.view as { round?: number; current?: number; phase?: string } | null;
    if (p.state.outcome) return p.t('sgs.status.over', { reason: p.state.outcome.reason });
    if (!v || v.current === undefined) return '';
    if (v.phase === 'select') return p.t('sgs.phase.select');
    return p.t('sgs.status', { round: v.round ?? 0, seat: v.current, phase: { key: `sgs.phase.${v.phase}` } });
  },
};

export default sanguosha;

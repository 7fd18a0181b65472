import './offer.css';
import type { TableProps } from '../types';
import { GENERAL } from '../../../worker/games/sanguosha/generals';
import { s } from '../../i18n';
import type { View } from './Table';

/**
 * The generals offered to me while generals are chosen, at a glance (issue 28, item 9): each with its kingdom's
 * colour, its HP (the lord's +1 at five or more players counted in and said), and every skill's full text. On a
 * desktop all side by side; on a phone a sheet of cards to swipe through. Each card holds its own "choose" button
 * (the question bar then lists only the question).
 */
export function Offer({ p }: { p: TableProps }) {
  const t = p.t;
  const ask = p.state.prompts.find((x) => x.kind === 'chooseGeneral');
  if (!ask) return null;
  const v = p.state.view as unknown as View;
  const lord = p.state.you !== null && v.players[p.state.you]?.role === 'lord' && v.players.length >= 5;
  const ids = ask.options
    .filter((o) => o.id.startsWith('general:'))
    .map((o) => o.id.slice('general:'.length))
    .filter((id) => GENERAL[id]);
  return (
    <section class="offer" aria-labelledby="offer-h">
      <h3 id="offer-h" class="sr-only">
        {t(ask.message)}
      </h3>
      <ul class="offer-list">
        {ids.map((id) => {
          const g = GENERAL[id]!;
          const hp = g.hp + (lord ? 1 : 0);
          return (
            <li key={id} class={`general k-${g.kingdom}`}>
              <b class={`kingdom k-${g.kingdom}`}>
                <span class="k-badge">{t(`sgs.kingdom.${g.kingdom}`)}</span>
                {t(`sgs.general.${id}`)}
              </b>
              <span class="offer-hp">
                <span class="sgs-hp" role="img" aria-label={t('sgs.ui.hp', { hp, max: hp })}>
                  {Array.from({ length: hp }, (_, i) => (
                    <span key={i} class={`pip full${lord && i === hp - 1 ? ' lord-pip' : ''}`} aria-hidden="true" />
                  ))}
                </span>
                {lord && <small>{s('offer.lordHp', { hp: g.hp })}</small>}
              </span>
              <button
                type="button"
                class="btn option choose-general"
                data-option={`general:${id}`}
                aria-label={t(ask.options.find((o) => o.id === `general:${id}`)!.message)}
                disabled={p.state.paused}
                onClick={() => void p.answer({ prompt: ask.id, option: `general:${id}` }).catch(() => undefined)}
              >
                {s('offer.choose')}
              </button>
              <dl class="offer-skills">
                {g.skills.map((k) => (
                  <div key={k}>
                    <dt>{t(`sgs.skill.${k}`)}</dt>
                    <dd>{t(`sgs.skillText.${k}`)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function EndPanel({ v, p }: { v: View; p: TableProps }) {
  const t = p.t;
  const winners = new Set(p.state.outcome?.winners ?? []);
  return (
    <section class="sgs-end" aria-label={t('sgs.ui.identities')}>
      <h3>{t(p.state.outcome!.reason)}</h3>
      <ul>
        {v.players.map((x) => (
          <li key={x.seat} class={winners.has(x.seat) ? 'win' : ''}>
            <strong>{p.name(x.seat)}</strong> · {x.role ? t(`sgs.role.${x.role}`) : '?'}
            {winners.has(x.seat) && <span class="tag win">{t('sgs.ui.winner')}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

import './offer.css';
import type { TableProps } from '../types';
import { GENERAL } from '../../../worker/games/sanguosha/generals';
import { readSkill, type View } from './Table';

/**
 * The generals offered to me while generals are chosen: each with its kingdom, HP and skills (tap a skill to
 * read it). The choice itself is made in the question bar, one button per general.
 */
export function Offer({ p }: { p: TableProps }) {
  const t = p.t;
  const ask = p.state.prompts.find((x) => x.kind === 'chooseGeneral');
  if (!ask) return null;
  const ids = ask.options.map((o) => o.id.replace(/^general:/, '')).filter((id) => GENERAL[id]);
  return (
    <section class="offer" aria-labelledby="offer-h">
      <h3 id="offer-h" class="sr-only">
        {t(ask.message)}
      </h3>
      <ul class="offer-list">
        {ids.map((id) => {
          const g = GENERAL[id]!;
          return (
            <li key={id} class={`general k-${g.kingdom}`}>
              <b class={`kingdom k-${g.kingdom}`}>
                <span class="k-badge">{t(`sgs.kingdom.${g.kingdom}`)}</span>
                {t(`sgs.general.${id}`)}
              </b>
              <span class="sgs-hp" role="img" aria-label={t('sgs.ui.hp', { hp: g.hp, max: g.hp })}>
                {Array.from({ length: g.hp }, (_, i) => (
                  <span key={i} class="pip full" aria-hidden="true" />
                ))}
              </span>
              <span class="offer-skills">
                {g.skills.map((k) => (
                  <button key={k} type="button" class="skill-chip" onClick={() => readSkill(t, k, id)}>
                    {t(`sgs.skill.${k}`)}
                  </button>
                ))}
              </span>
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

import './end.css';
import type { TableProps } from '../types';
import type { GhostView } from './Table';
import { str } from './labels';

/** What a finished game of 驱鬼 came to: the teams' scores, the winners, every seat's identity and points. */
export function EndScreen({ v, p }: { v: GhostView; p: TableProps }) {
  const L = p.lang;
  const r = v.result!;
  const o = p.state.outcome;
  return (
    <section class="gh-end" aria-live="polite">
      <h3>{str(L, 'ghost.ui.result')}</h3>
      {o && <p class="gh-end-reason">{p.t(o.reason)}</p>}
      <ul class="gh-teams">
        {Object.entries(r.teams).map(([team, n]) => (
          <li key={team} class={r.winningTeams.includes(team) ? 'win' : ''}>
            {str(L, 'ghost.ui.teamScore', { team: str(L, `ghost.team.${team}`), n, count: r.counts[team] ?? 0 })}
            {r.winningTeams.includes(team) && <b> — {str(L, 'ghost.ui.winner')}</b>}
          </li>
        ))}
        {r.winningTeams.includes('gk') && v.gk !== null && (
          <li class="win">
            {str(L, 'ghost.team.gk')}: {p.name(v.gk)} — <b>{str(L, 'ghost.ui.winner')}</b>
          </li>
        )}
      </ul>
      <ul class="gh-final">
        {v.players.map((pl, s) => (
          <li key={s} class={o?.winners.includes(s) ? 'win' : ''}>
            <b>{p.name(s)}</b> · {pl.identity ? str(L, `ghost.identity.${pl.identity}`) : '?'} ·{' '}
            {str(L, 'ghost.ui.seatScore', { n: r.seatPoints[s] ?? 0 })}
            {v.killer === s && ` · ${str(L, 'ghost.ui.killer')}`}
            {v.gk === s && ` · ${str(L, 'ghost.gk')}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

import './vote.css';
import { render, type ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import type { TableProps } from '../types';
import { typeOf, weightOf } from '../../../worker/games/ghost/cards';
import { cardName, dispelText, str } from './labels';
import { HandCardMini, ImpChip, netText, type GhostView } from './Table';

/** A vote under way, as a panel beside the oval (desktop) or under it: the imp, the voters in order, their cards. */
export function VoteSide({ v, p }: { v: GhostView; p: TableProps }) {
  return (
    <SideSlot>
      <VotePanelBody v={v} p={p} />
    </SideSlot>
  );
}

/** The table's side column is on screen (desktop): the vote goes there, beside the oval rather than under it. */
const WIDE = '(min-width: 1100px)';

/**
 * Its children at the top of the table's side column (the shell's `#table-side-slot`) while that column is on
 * screen, else in place. Rendered there as their own root, inside a `.ghost` box so the game's styles apply.
 */
function SideSlot({ children }: { children: ComponentChildren }) {
  const [wide, setWide] = useState(() => typeof matchMedia === 'function' && matchMedia(WIDE).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const m = matchMedia(WIDE);
    const on = () => setWide(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  const host = wide ? document.getElementById('table-side-slot') : null;
  useLayoutEffect(() => {
    if (host) render(<div class="ghost gh-side">{children}</div>, host);
  });
  useLayoutEffect(() => () => void (host && render(null, host)), [host]);
  return host ? null : <>{children}</>;
}

function VotePanelBody({ v, p }: { v: GhostView; p: TableProps }) {
  const L = p.lang;
  const vt = v.vote!;
  const cond = dispelText(vt.imp, L, vt.condition.colour, vt.condition.n);
  const line = str(L, vt.summon ? 'ghost.ui.summonNow' : 'ghost.ui.exorcismNow', { host: p.name(vt.host), seat: p.name(vt.holder), ghostCard: cardName(vt.imp, L), cond });
  // Older views (before `order` existed) fall back to every seat from the host counter-clockwise, all asked.
  const seats = vt.order ?? [...Array(v.P).keys()].map((i) => (vt.host - i + v.P * 2) % v.P);
  const at = vt.at ?? seats.length;
  return (
    <section class="gh-vote" aria-live="polite">
      <h3>{line}</h3>
      <ImpChip id={vt.imp} p={p} full />
      {!vt.summon && <p class="gh-text muted">{str(L, 'ghost.ui.voteHow')}</p>}
      <ul class="gh-voters">
        {seats.map((s, i) => {
          const n = vt.counts[s];
          const shown = vt.shown[s];
          const open = shown ?? vt.open[s];
          const challenged = vt.challenged.includes(s);
          // A caught voter's cards left the vote (`counts` lost him) but the challenge showed them to everyone.
          const thrownOut = shown !== undefined && n === undefined;
          return (
            <li key={s} class={`${challenged ? 'challenged' : ''}${i === at ? ' asking' : ''}`.trim() || undefined}>
              <span class="gh-voter">{p.name(s)}</span>
              {challenged && <span class="gh-tag">{str(L, 'ghost.ui.challenged')}</span>}
              {open ? (
                <span class={`gh-open${thrownOut ? ' out' : ''}`}>
                  {open.map((c) => (
                    <HandCardMini key={c} id={c} p={p} />
                  ))}
                </span>
              ) : n !== undefined ? (
                <span class="gh-backs" aria-label={str(L, 'ghost.ui.votedDown', { n })}>
                  {Array.from({ length: n }, (_, k) => (
                    <span key={k} class="gh-back" aria-hidden="true" />
                  ))}
                  <span class="gh-count">{str(L, 'ghost.ui.votedDown', { n })}</span>
                </span>
              ) : i === at ? (
                <span class="gh-tag cur">{str(L, s === p.state.you ? 'ghost.ui.yourVoteNow' : 'ghost.ui.votingNow')}</span>
              ) : i > at ? (
                <span class="muted">{str(L, 'ghost.ui.notYet')}</span>
              ) : (
                <span class="muted">{str(L, 'ghost.ui.notVoted')}</span>
              )}
              {!shown && open && s === p.state.you && !vt.faceUp?.includes(s) && <span class="gh-count">{str(L, 'ghost.ui.yourVotes')}</span>}
              {shown && <span class="gh-note">{str(L, thrownOut ? 'ghost.ui.thrownOut' : 'ghost.ui.shownKept')}</span>}
            </li>
          );
        })}
      </ul>
      <WeightNote cards={Object.values(vt.shown).concat(Object.values(vt.open)).flat()} p={p} />
    </section>
  );
}

/** 敕令符 counts 2 in a vote; say so wherever one lies face up, or the totals cannot be followed. */
function WeightNote({ cards, p }: { cards: string[]; p: TableProps }) {
  const heavy = [...new Set(cards.filter((c) => weightOf(c) === 2).map(typeOf))];
  if (!heavy.length) return null;
  return <p class="gh-text gh-weight-note">{heavy.map((t) => str(p.lang, 'ghost.ui.weightNote', { card: cardName(`${t}-R1`, p.lang) })).join(' ')}</p>;
}

export function RevealPanel({ v, p }: { v: GhostView; p: TableProps }) {
  const L = p.lang;
  const r = v.lastReveal!;
  const cond = dispelText(r.imp, L, r.colour, r.need);
  const result = r.failedBy !== undefined ? str(L, 'ghost.ui.failedChallenge') : str(L, r.success ? 'ghost.ui.success' : 'ghost.ui.failure');
  const text =
    r.colour === 'any'
      ? str(L, 'ghost.ui.revealAny', { ghostCard: cardName(r.imp, L), total: r.red + r.blue, cond, result })
      : str(L, 'ghost.ui.revealLine', { ghostCard: cardName(r.imp, L), red: r.red, blue: r.blue, net: netText(r.red, r.blue, L), cond, result });
  return (
    <section class={`gh-reveal ${r.success ? 'ok' : 'fail'}`}>
      <h3>{str(L, 'ghost.ui.lastReveal')}</h3>
      <p>{text}</p>
      {r.failedBy === undefined && (
        <>
          <div class="gh-pool">
            {r.pool.map((c) => (
              <HandCardMini key={c} id={c} p={p} />
            ))}
          </div>
          <WeightNote cards={r.pool} p={p} />
        </>
      )}
    </section>
  );
}


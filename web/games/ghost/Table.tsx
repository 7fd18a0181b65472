import { render, type ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import type { TableProps } from '../types';
import { IMP, SPELL, weightOf } from '../../../worker/games/ghost/cards';
import { colourOf, isArtifact, typeOf } from '../../../worker/games/ghost/ids';
import { readable } from '../../table/CardInfo';
import { ringPos } from '../../table/ring';
import { madeForThem, SeatTags, seatTagsOf } from '../../table/Seats';
import { cardLabel, cardName, cardText, dispelText, str } from './labels';
import { lazy } from '../../lib/lazy';
import { later } from '../../i18n/packs';

/** Identity marks (your own guesses about the other seats): their own chunk, with the later strings. */
const Mark = lazy(() => later(import('../../table/Marks')).then((m) => m.MarkButton), null);

/** The result of a finished game: its own chunk, loaded once the game is over. */
const EndScreen = lazy(() => later(import('./End')).then((m) => m.EndScreen), null);

/** The game view as `worker/games/ghost/view.ts` builds it. */
export interface ImpV {
  id: string;
  at: number;
}
export interface PlayerV {
  handCount: number;
  hand: string[] | null;
  identity: string | null;
  revealed: boolean;
  spirit: number;
  imps: ImpV[];
  points: ImpV[];
  artifact: string | null;
  warded: boolean;
  clearMind: boolean;
  handLimit: number | null;
}
export interface GhostView {
  P: number;
  turn: number;
  current: number;
  phase: string;
  kingCard: string;
  gk: number | null;
  killer: number | null;
  deck: number;
  discard: string[];
  ghost: number | string[];
  eventPile: string[];
  removed: string[];
  limbo: string[];
  k04: number;
  shownCard: string | null;
  turnState: {
    exorcised: boolean;
    swapped: boolean;
    ghostWall: boolean;
    breaking: Record<string, number>;
    bound: number[];
  };
  players: PlayerV[];
  vote: null | {
    host: number;
    imp: string;
    holder: number;
    summon: boolean;
    condition: { colour: string; n: number };
    counts: Record<string, number>;
    open: Record<string, string[]>;
    shown: Record<string, string[]>;
    challenged: number[];
    faceUp?: number[];
    /** Seats asked to vote, in order, and the index of the one asked now (`order.length` when voting is over). */
    order?: number[];
    at?: number;
  };
  lastReveal: null | {
    imp: string;
    pool: string[];
    red: number;
    blue: number;
    need: number;
    colour: string;
    success: boolean;
    summon: boolean;
    host: number;
    failedBy?: number;
  };
  seen: { kind: string; seat: number | null; what: string[]; turn: number }[];
  result: null | {
    reason: string;
    teams: Record<string, number>;
    counts: Record<string, number>;
    seatPoints: number[];
    winningTeams: string[];
  };
}

/**
 * The 驱鬼 table, phone first: the board (decks, the face-up ghost-king card, this turn's effects), the running
 * exorcism with its face-down votes, the last reveal spelled out, every seat with its imps (colour, dispel
 * condition, ongoing effect), spirit, points, artifact and hand size, then your hand with the card texts.
 * Imps, cards and seats the open prompt lets you pick are buttons here too.
 */
export function GhostTable(p: TableProps) {
  const v = p.state.view as unknown as GhostView | null;
  if (!v) return null;
  const L = p.lang;
  const me = p.state.you;
  const forThem = madeForThem(p.state.log);
  // Seats from yours round the table, so "next" reads the same way for everyone.
  const n = v.players.length;
  const order = Array.from({ length: n }, (_, k) => ((me ?? 0) + k) % n);
  return (
    <div class={`ghost seats-${n}${v.vote ? ' voting' : ''}`}>
      {v.result && <EndScreen v={v} p={p} />}
      <div class="gh-felt">
        <Board v={v} p={p} />
        <ul
          class="gh-seats"
          aria-label={str(L, 'ghost.ui.turn', {
            turn: v.turn,
            seat: p.name(v.current),
            phase: str(L, `ghost.phase.${v.phase}`),
          })}
        >
          {order.map((s, k) => (
            <SeatCard
              key={s}
              v={v}
              p={p}
              s={s}
              pl={v.players[s]!}
              forThem={forThem.get(s)}
              style={ringPos(k, n, true, 40, 48)}
            />
          ))}
        </ul>
      </div>
      {v.vote && (
        <SideSlot>
          <VotePanel v={v} p={p} />
        </SideSlot>
      )}
      {v.lastReveal && !v.vote && <RevealPanel v={v} p={p} />}
      {me !== null && v.players[me]?.hand && <Hand v={v} p={p} hand={v.players[me]!.hand!} />}
      {v.seen.length > 0 && <Known v={v} p={p} />}
    </div>
  );
}

function Board({ v, p }: { v: GhostView; p: TableProps }) {
  const L = p.lang;
  const ts = v.turnState;
  const effects: string[] = [];
  if (ts.swapped) effects.push(str(L, 'ghost.ui.swapped'));
  if (ts.ghostWall) effects.push(str(L, 'ghost.ui.wall'));
  for (const [imp, n] of Object.entries(ts.breaking))
    effects.push(str(L, 'ghost.ui.breaking', { ghostCard: cardName(imp, L), n }));
  if (ts.bound.length) effects.push(str(L, 'ghost.ui.bound', { seats: ts.bound.map(p.name).join('、') }));
  if (v.shownCard) effects.push(str(L, 'ghost.ui.shown', { seat: p.name(v.current), card: cardLabel(v.shownCard, L) }));
  const ghostLeft = typeof v.ghost === 'number' ? v.ghost : v.ghost.length;
  return (
    <section class="gh-board" aria-label={str(L, 'ghost.ui.kingCard')}>
      <p class="gh-turn">
        {str(L, 'ghost.ui.turn', { turn: v.turn, seat: p.name(v.current), phase: str(L, `ghost.phase.${v.phase}`) })}
      </p>
      <div class="gh-piles">
        <span class="gh-pile ghostdeck">
          <b>{str(L, 'ghost.ui.ghostDeck')}</b> {str(L, 'ghost.ui.cards', { n: ghostLeft })}
        </span>
        <span class="gh-pile">
          <b>{str(L, 'ghost.ui.handDeck')}</b> {str(L, 'ghost.ui.cards', { n: v.deck })}
        </span>
        <span class="gh-pile" title={v.discard.map((c) => cardLabel(c, L)).join('、')}>
          <b>{str(L, 'ghost.ui.discard')}</b> {str(L, 'ghost.ui.cards', { n: v.discard.length })}
        </span>
      </div>
      <div class={`gh-king${v.gk !== null ? ' out' : ''}`}>
        <button type="button" class="gh-king-name" {...readable(() => cardText(v.kingCard, L))}>
          <span class="gh-tag">{str(L, 'ghost.ui.kingCard')}</span> {cardName(v.kingCard, L)}
        </button>
        <p class="gh-text">{str(L, `ghost.text.${v.kingCard}`)}</p>
        <p class="gh-text">
          {v.gk !== null ? str(L, 'ghost.ui.gkIs', { seat: p.name(v.gk) }) : str(L, 'ghost.ui.gkNotYet')}
        </p>
        {v.gk !== null && v.kingCard === 'K04' && <p class="gh-text">{str(L, 'ghost.ui.k04', { n: v.k04 })}</p>}
      </div>
      {effects.length > 0 && (
        <p class="gh-effects">
          <b>{str(L, 'ghost.ui.thisTurn')}:</b> {effects.join(' · ')}
        </p>
      )}
    </section>
  );
}

/** An imp: its name and dispel condition; tap or long-press to read all of it (effect, possession, reward). */
function ImpChip({ id, p, full }: { id: string; p: TableProps; full?: boolean }) {
  const L = p.lang;
  const imp = IMP[id];
  if (!imp) return null;
  const pickable = p.pickable.cards.includes(id);
  const on = p.picked.cards.includes(id);
  const cls = `gh-imp ${imp.colour}${on ? ' on' : ''}${pickable ? ' pickable' : ''}${full ? ' full' : ''}`;
  return (
    <button
      type="button"
      class={cls}
      data-card={id}
      aria-pressed={pickable ? on : undefined}
      {...readable(() => cardText(id, L), pickable ? () => p.toggleCard(id) : undefined)}
    >
      <span class="gh-imp-name">{cardName(id, L)}</span>
      <span class="gh-imp-line">{str(L, 'ghost.ui.dispel', { cond: dispelText(id, L) })}</span>
      {full && (
        <span class="gh-imp-line">{str(L, 'ghost.ui.effect', { text: str(L, `ghost.effect.${imp.effect}`) })}</span>
      )}
    </button>
  );
}

function SeatCard({
  v,
  p,
  s,
  pl,
  forThem,
  style,
}: {
  v: GhostView;
  p: TableProps;
  s: number;
  pl: PlayerV;
  forThem?: 'timedOut' | 'botPlayed' | undefined;
  style?: string;
}) {
  const L = p.lang;
  const me = p.state.you === s;
  const waiting = p.state.waiting.includes(s);
  const pickable = p.pickable.seats.includes(s);
  const picked = p.picked.seats.includes(s);
  const known = pl.identity ?? v.seen.find((e) => e.kind === 'identity' && e.seat === s)?.what[0] ?? null;
  const tags: string[] = [];
  if (v.gk === s) tags.push(str(L, 'ghost.gk'));
  if (pl.warded) tags.push(str(L, 'ghost.warded'));
  if (pl.clearMind) tags.push(str(L, 'ghost.clearMind'));
  const head = (
    <>
      <span class="gh-seat-name">
        {p.name(s)}
        {me && <span class="gh-you"> ({str(L, 'ghost.ui.you')})</span>}
      </span>
      {v.current === s && !p.state.outcome && !(me && p.state.prompts.length > 0) && (
        <span class="gh-tag cur">{me ? p.t('table.yourTurn') : str(L, 'ghost.ui.current')}</span>
      )}
      {tags.map((t) => (
        <span key={t} class={`gh-tag${t === str(L, 'ghost.gk') ? ' gk' : ''}`}>
          {t}
        </span>
      ))}
    </>
  );
  return (
    <li
      class={`gh-seat${me ? ' me' : ''}${waiting ? ' waiting' : ''}${v.gk === s ? ' is-gk' : ''}${picked ? ' on' : ''}${pickable ? ' can-pick' : ''}`}
      data-seat={s}
      style={style}
    >
      {pickable ? (
        <button type="button" class="gh-seat-head pickable" aria-pressed={picked} onClick={() => p.toggleSeat(s)}>
          {head}
        </button>
      ) : (
        <div class="gh-seat-head">{head}</div>
      )}
      <p class="gh-seat-tags">
        {!known && !me && p.state.you !== null && !p.state.outcome && (
          <Mark id={p.state.id} game="ghost" seat={s} name={p.name(s)} />
        )}
        <SeatTags {...seatTagsOf(p.state, s)} forThem={forThem} />
      </p>
      <p class="gh-stats">
        <span class={`gh-identity ${known ? (known.split('_')[1] ?? '') : 'unknown'}`}>
          {known ? str(L, `ghost.identity.${known}`) : str(L, 'ghost.ui.identityUnknown')}
        </span>
        <span>
          {str(L, 'ghost.spirit')} <b>{pl.spirit}</b>
        </span>
        <span>
          {str(L, 'ghost.ui.hand')} <b>{pl.handCount}</b>
          {pl.handLimit !== null && (
            <small class="inline"> / {str(L, 'ghost.ui.handLimit', { n: pl.handLimit })}</small>
          )}
        </span>
        <span>
          {str(L, 'ghost.points')} <b>{pl.points.length}</b>
        </span>
      </p>
      {pl.points.length > 0 && (
        <p class="gh-points">
          {str(L, 'ghost.ui.exorcised')}:{' '}
          {pl.points.map((c) => (
            <span key={c.id} class={`gh-dot ${IMP[c.id]!.colour}`}>
              {cardName(c.id, L)}
            </span>
          ))}
        </p>
      )}
      {/* Nothing equipped, no imps: nothing shown, so eight seats stay short. */}
      {pl.artifact && (
        <p class="gh-artifact">
          <span class="muted">{str(L, 'ghost.ui.artifact')}</span>{' '}
          <button
            type="button"
            class={`gh-dot ${colourOf(pl.artifact)}`}
            data-card={pl.artifact}
            {...readable(
              () => cardText(pl.artifact!, L),
              p.pickable.cards.includes(pl.artifact) ? () => p.toggleCard(pl.artifact!) : undefined,
            )}
          >
            {cardName(pl.artifact, L)}
          </button>
        </p>
      )}
      {pl.imps.length > 0 && (
        <div class="gh-imps">
          {pl.imps.map((i) => (
            <ImpChip key={i.id} id={i.id} p={p} />
          ))}
        </div>
      )}
    </li>
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

function VotePanel({ v, p }: { v: GhostView; p: TableProps }) {
  const L = p.lang;
  const vt = v.vote!;
  const cond = dispelText(vt.imp, L, vt.condition.colour, vt.condition.n);
  const line = str(L, vt.summon ? 'ghost.ui.summonNow' : 'ghost.ui.exorcismNow', {
    host: p.name(vt.host),
    seat: p.name(vt.holder),
    ghostCard: cardName(vt.imp, L),
    cond,
  });
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
                <span class="gh-backs" role="img" aria-label={str(L, 'ghost.ui.votedDown', { n })}>
                  {Array.from({ length: n }, (_, k) => (
                    <span key={k} class="gh-back" aria-hidden="true" />
                  ))}
                  <span class="gh-count">{str(L, 'ghost.ui.votedDown', { n })}</span>
                </span>
              ) : i === at ? (
                <span class="gh-tag cur">
                  {str(L, s === p.state.you ? 'ghost.ui.yourVoteNow' : 'ghost.ui.votingNow')}
                </span>
              ) : i > at ? (
                <span class="muted">{str(L, 'ghost.ui.notYet')}</span>
              ) : (
                <span class="muted">{str(L, 'ghost.ui.notVoted')}</span>
              )}
              {!shown && open && s === p.state.you && !vt.faceUp?.includes(s) && (
                <span class="gh-count">{str(L, 'ghost.ui.yourVotes')}</span>
              )}
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
  return (
    <p class="gh-text gh-weight-note">
      {heavy.map((t) => str(p.lang, 'ghost.ui.weightNote', { card: cardName(`${t}-R1`, p.lang) })).join(' ')}
    </p>
  );
}

function RevealPanel({ v, p }: { v: GhostView; p: TableProps }) {
  const L = p.lang;
  const r = v.lastReveal!;
  const cond = dispelText(r.imp, L, r.colour, r.need);
  const result =
    r.failedBy !== undefined
      ? str(L, 'ghost.ui.failedChallenge')
      : str(L, r.success ? 'ghost.ui.success' : 'ghost.ui.failure');
  const text =
    r.colour === 'any'
      ? str(L, 'ghost.ui.revealAny', { ghostCard: cardName(r.imp, L), total: r.red + r.blue, cond, result })
      : str(L, 'ghost.ui.revealLine', {
          ghostCard: cardName(r.imp, L),
          red: r.red,
          blue: r.blue,
          net: netText(r.red, r.blue, L),
          cond,
          result,
        });
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

/** What is left after red and blue cancel 1:1 ("蓝1" / "1 blue"). */
function netText(red: number, blue: number, L: TableProps['lang']): string {
  if (red === blue) return '0';
  return str(L, 'ghost.ui.net', {
    n: Math.abs(red - blue),
    colour: str(L, `ghost.colour.${red > blue ? 'red' : 'blue'}`),
  });
}

function HandCardMini({ id, p }: { id: string; p: TableProps }) {
  const heavy = weightOf(id) === 2;
  return (
    <span class={`gh-mini ${colourOf(id)}`}>
      {cardLabel(id, p.lang)}
      {heavy && <b class="gh-weight"> {str(p.lang, 'ghost.ui.weight2')}</b>}
    </span>
  );
}

/** Your hand as cards at the bottom: name, colour, cost; tap to pick when asked, long-press (or tap) to read. */
function Hand({ v, p, hand }: { v: GhostView; p: TableProps; hand: string[] }) {
  const L = p.lang;
  const asked = p.state.prompts.length > 0;
  return (
    <section class="gh-hand hand" aria-label={str(L, 'ghost.ui.yourHand')} data-hand>
      <h3>
        {str(L, 'ghost.ui.yourHand')} ({hand.length})
      </h3>
      {hand.length === 0 && <p class="muted">{str(L, 'ghost.ui.emptyHand')}</p>}
      <div class="gh-cards hand-cards">
        {hand.map((c) => {
          const pickable = p.pickable.cards.includes(c);
          const on = p.picked.cards.includes(c);
          const spell = SPELL[typeOf(c)];
          const meta: string[] = [];
          if (spell) {
            // 斩鬼符 costs 2 only while a ghost king exists.
            const cost = spell.id === 'S19' && v.gk === null ? 0 : spell.cost;
            meta.push(cost ? str(L, 'ghost.ui.cost', { n: cost }) : str(L, 'ghost.ui.spell'));
            if (spell.weight === 2) meta.push(str(L, 'ghost.ui.votes2'));
          } else if (isArtifact(c)) meta.push(str(L, 'ghost.ui.artifact'));
          const cls = `gh-card ${colourOf(c)}${on ? ' on' : ''}${pickable ? ' pickable' : ''}${asked && !pickable ? ' dim' : ''}`;
          return (
            <button
              key={c}
              type="button"
              class={cls}
              data-card={c}
              aria-pressed={pickable ? on : undefined}
              {...readable(() => cardText(c, L), pickable ? () => p.toggleCard(c) : undefined)}
            >
              <span class="gh-card-colour" aria-hidden="true">
                {str(L, `ghost.colour.${colourOf(c)}`)}
              </span>
              <span class="gh-card-name">{cardName(c, L)}</span>
              <span class="gh-card-meta">{meta.join(' · ')}</span>
            </button>
          );
        })}
      </div>
    </section>
  );
}

function Known({ v, p }: { v: GhostView; p: TableProps }) {
  const L = p.lang;
  return (
    <section class="gh-known">
      <h3>{str(L, 'ghost.ui.known')}</h3>
      <ul>
        {v.seen.map((e, i) => (
          <li key={i}>
            {e.kind === 'identity'
              ? str(L, 'ghost.ui.seenIdentity', {
                  seat: p.name(e.seat!),
                  identity: str(L, `ghost.identity.${e.what[0]}`),
                })
              : e.kind === 'cards'
                ? str(L, 'ghost.ui.seenCards', {
                    seat: p.name(e.seat!),
                    cards: e.what.map((c) => cardLabel(c, L)).join('、'),
                  })
                : str(L, 'ghost.ui.seenTop', { ghostCards: e.what.map((c) => cardName(c, L)).join('、') })}
          </li>
        ))}
      </ul>
    </section>
  );
}

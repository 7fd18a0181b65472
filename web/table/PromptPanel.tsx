import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Answer, Msg, Prompt, StateBody } from '../../worker/protocol';
import type { ComponentChildren } from 'preact';
import type { GameUI, Lang } from '../games/types';
import { lang, s } from '../i18n';
import { ApiError } from '../lib/api';
import { Countdown, ErrorNote } from '../ui';
import { isDirect, type Picks } from './picks';
import { lazy } from '../lib/lazy';
import { later, loadPack } from '../i18n/packs';

/** Playing again, at the end only: its own chunk with its strings and the later ones (the host's option names). */
export const loadAgain = () => later(Promise.all([import('./Again'), loadPack('series', lang.value)])).then(([m]) => m);
/**
 * Composing an answer (an option chosen: what it takes, the cards and seats to pick off the table, confirm and
 * cancel): only after a tap, so its own chunk with its strings (the later half), prefetched after the first paint.
 */
export const Picking = lazy(() => later(import('./Picking')).then((m) => m.Picking), null);
const EndActions = lazy(() => loadAgain().then((m) => m.EndActions), null);

interface Props {
  st: StateBody;
  picks: Picks;
  t: (m: Msg | string, p?: Record<string, unknown>) => string;
  ui: GameUI | null;
  lang: Lang;
  name: (seat: number) => string;
  send: (a: Answer) => Promise<void>;
  /** The reader is out of the game (dead): they watch, and are promised no turns. */
  out?: boolean;
  /** An answer already given and waiting to go out (the outbox): its note shows here and the options rest. */
  held?: boolean;
  note?: ComponentChildren;
  /** What the shell adds under a question's options (a skill's "always / never"). */
  extra?: (p: Prompt) => ComponentChildren;
}

/**
 * The question's height, as `--dock` on the hand (any `[data-hand]` of a game's table) while the question is
 * docked at the bottom: the hand stays in view right above it (styles.css), so the cards a question asks for and
 * its confirm are on screen together however long the question or the table. Set on the hand itself, not on the
 * page: a custom property inherits, and one changed on the page has every element of the table styled again.
 * `place` puts it on the hand the table shows now (after each change: the game's table may draw its hand anew).
 */
function useDock(el: HTMLElement | null, asking: boolean): () => void {
  const dock = useRef('');
  const place = () => {
    const hand = document.querySelector<HTMLElement>('.game-area [data-hand]');
    if (hand && hand.style.getPropertyValue('--dock') !== dock.current)
      if (dock.current) hand.style.setProperty('--dock', dock.current);
      else hand.style.removeProperty('--dock');
  };
  useEffect(() => {
    if (!el || !asking || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      dock.current = `${el.offsetHeight}px`;
      place();
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      dock.current = '';
      place();
    };
  }, [el, asking]);
  return place;
}

export type Shown = { cards: Set<string>; seats: Set<number>; options: Set<string> };
const same = (a: Set<unknown>, b: Set<unknown>) => a.size === b.size && [...a].every((x) => b.has(x));
const sameShown = (a: Shown, b: Shown) =>
  same(a.cards, b.cards) && same(a.seats, b.seats) && same(a.options, b.options);

/** Which of these cards, seats and options the game's table shows (a `data-card` / `data-seat` / `data-option` element in it). */
function onTable(cards: string[], seats: number[], options: string[]): Shown {
  const area = document.querySelector('.game-area');
  const has = (sel: string) => !!area?.querySelector(sel);
  return {
    cards: new Set(cards.filter((c) => has(`[data-card="${CSS.escape(c)}"]`))),
    seats: new Set(seats.filter((x) => has(`[data-seat="${x}"]`))),
    options: new Set(options.filter((o) => has(`[data-option="${CSS.escape(o)}"]`))),
  };
}

/**
 * The generic prompt: renders ANY Prompt the engine can ask — the question, each option as a real button,
 * then, for an option that takes cards or seats, the candidates as toggle buttons (min..max) with confirm and
 * cancel. The same picks can be made on the game's table. The question is announced to screen readers when
 * it changes; server refusals are shown as the server words them.
 */
export function PromptPanel({ st, picks, t, ui, lang, name, send, out, held, note, extra }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const ref = useRef<HTMLDivElement>(null);
  const key = st.prompts.map((p) => p.id).join(',');
  const [el, setEl] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => setEl(ref.current), []);
  const placeDock = useDock(el, st.prompts.length > 0);
  useLayoutEffect(placeDock);
  useEffect(() => setError(null), [key]);
  // Move focus to a new question only if the player was not typing somewhere else (chat); bring the question
  // into view on a new prompt and when the player comes back to the page.
  // In the next frame, with its layout: focusing and scrolling lay the page out, and this effect may run in the
  // middle of a render (Preact runs a part's pending effects when it draws the part again).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const a = document.activeElement;
      if (st.prompts.length && (!a || a === document.body))
        ref.current?.querySelector<HTMLElement>('.prompt-q')?.focus({ preventScroll: true });
      if (st.prompts.length) ref.current?.scrollIntoView?.({ block: 'nearest' });
    });
    const back = () => {
      if (document.visibilityState === 'visible' && st.prompts.length)
        ref.current?.scrollIntoView?.({ block: 'nearest' });
    };
    document.addEventListener('visibilitychange', back);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('visibilitychange', back);
    };
  }, [key]);
  // Candidates the table already shows are picked there; the panel lists only the others.
  const all = st.prompts.flatMap((p) => p.options.flatMap((o) => o.cards?.from ?? []));
  const allSeats = st.prompts.flatMap((p) => p.options.flatMap((o) => o.seats?.from ?? []));
  const allOptions = st.prompts.flatMap((p) => p.options.map((o) => o.id));
  const [shown, setShown] = useState<Shown>({ cards: new Set(), seats: new Set(), options: new Set() });
  // Only a different answer is set: a new object would draw the panel twice per change, the second time
  // running the last change's effects before the paint (the focus below lays the page out mid-render).
  const look = () => {
    const now = onTable(all, allSeats, allOptions);
    setShown((was) => (sameShown(was, now) ? was : now));
  };
  useLayoutEffect(look, [key, st.version]);
  // The hand stays above the question (styles.css) only while the question asks for cards in it: a challenge
  // leaves the vote tally in view, 五谷丰登 the cards on offer in the middle.
  useLayoutEffect(() => {
    const hand = document.querySelector('.game-area [data-hand]');
    const asks = !!hand && all.some((c) => hand.querySelector(`[data-card="${CSS.escape(c)}"]`));
    el?.closest('.table-page')?.classList.toggle('asks-cards', asks);
  }, [el, key, st.version]);
  // A lazy part of the table (the generals on offer) may show its options a moment after the question: look again
  // when the table's children change, and take the new answer only if it differs.
  useEffect(() => {
    const area = document.querySelector('.game-area');
    if (!st.prompts.length || !area || typeof MutationObserver === 'undefined') return;
    const mo = new MutationObserver(look);
    mo.observe(area, { childList: true, subtree: true });
    return () => mo.disconnect();
  }, [key]);

  const go = async (a: Answer) => {
    setBusy(true);
    setError(null);
    try {
      await send(a);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 409 ? new Error(s('error.stale')) : e);
    }
    setBusy(false);
  };

  const question = st.prompts.map((p) => t(p.message)).join(' · ');
  const cardLabel = (id: string) => ui?.cardLabel?.(id, lang) ?? id;

  return (
    <section class={`card prompt-panel${st.prompts.length ? ' asking' : ''}`} aria-labelledby="prompt-h" ref={ref}>
      <h2 id="prompt-h" class="sr-only">
        {s('prompt.heading')}
      </h2>
      <div class="sr-only" aria-live="polite" aria-atomic="true">
        {st.prompts.length ? s('prompt.announce', { q: question }) : ''}
      </div>
      {note}
      {!st.prompts.length && <Idle st={st} name={name} t={t} out={!!out} />}
      {st.prompts.map((p) => (
        <PromptCard
          key={p.id}
          p={p}
          picks={picks}
          t={t}
          busy={busy || !!held}
          go={go}
          cardLabel={cardLabel}
          name={name}
          paused={st.paused}
          shown={shown}
          extra={extra}
        />
      ))}
      <ErrorNote error={error} />
    </section>
  );
}

/**
 * What the table waits for, said to someone with nothing to decide. A game may list every seat as waited for
 * while a response window is open, so nobody learns who could respond (三国杀 ruling S7); a reader listed
 * without a prompt of his own is in such a window, and is told so rather than "waiting for you".
 */
export function idleText(st: Pick<StateBody, 'waiting' | 'you' | 'prompts'>, name: (n: number) => string): string {
  if (st.you !== null && st.prompts.length === 0 && st.waiting.includes(st.you)) return s('prompt.openWindow');
  const others = st.waiting.filter((x) => x !== st.you);
  return others.length ? s('prompt.waitingFor', { names: others.map(name).join('、') }) : s('prompt.nothing');
}

/** How a finished game is announced: its winners by name, or a draw. */
export function winnersText(winners: number[], name: (n: number) => string): string {
  return winners.length ? s('table.winners', { names: winners.map(name).join(' · ') }) : s('table.draw');
}

function Idle({ st, name, t, out }: { st: StateBody; name: (n: number) => string; t: Props['t']; out: boolean }) {
  if (st.outcome)
    return (
      <div class="idle outcome">
        <p class="prompt-q">{winnersText(st.outcome.winners, name)}</p>
        <p>{t(st.outcome.reason)}</p>
        <EndActions st={st} name={name} />
      </div>
    );
  if (st.status === 'finished') return <p class="idle">{s('status.finished')}</p>;
  if (st.you === null) return <p class="idle">{s('prompt.spectator')}</p>;
  if (st.paused) return <p class="idle">{s('table.pausedLong')}</p>;
  return (
    <div class="idle">
      <p>{idleText(st, name)}</p>
      <Countdown deadline={st.deadline} paused={st.paused} long />
      {!out && <p class="hint">{s('prompt.closeTab')}</p>}
    </div>
  );
}

function PromptCard({
  p,
  picks,
  t,
  busy,
  go,
  cardLabel,
  name,
  paused,
  shown,
  extra,
}: {
  p: Prompt;
  picks: Picks;
  t: Props['t'];
  busy: boolean;
  go: (a: Answer) => Promise<void>;
  cardLabel: (id: string) => string;
  name: (n: number) => string;
  paused: boolean;
  shown: Shown;
  extra: Props['extra'];
}) {
  const selected = picks.sel?.prompt === p.id ? picks.option : null;
  // "use this card" options, one per hand card, are the cards themselves on the table: not repeated here.
  const cardOptions = p.options.filter(
    (o) => !!o.cards && o.cards.from.length === 1 && shown.cards.has(o.cards.from[0]!),
  );
  // Options the table shows as buttons of their own (a general on offer) are not repeated either.
  const listed = (cardOptions.length > 1 ? p.options.filter((o) => !cardOptions.includes(o)) : p.options).filter(
    (o) => !shown.options.has(o.id),
  );
  // On a phone a long question folds to two lines (styles.css) so it never pushes the hand away; a tap unfolds it.
  const [unfold, setUnfold] = useState(false);
  return (
    <div class={`prompt kind-${p.kind}`} data-prompt={p.id}>
      <div class="prompt-head">
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: unfolding a long question by tap; the full text is read by screen readers anyway */}
        <p class={`prompt-q${unfold ? ' unfold' : ''}`} tabIndex={-1} onClick={() => setUnfold(!unfold)}>
          {t(p.message)}
        </p>
        <Countdown deadline={p.deadline} paused={paused} long />
      </div>
      {cardOptions.length > 1 && !selected && <p class="hint pick-hint">{s('prompt.tapCard')}</p>}
      {!selected && listed.length > 0 && (
        <div class="options" role="group" aria-label={s('prompt.options')}>
          {listed.map((o) => (
            <button
              key={o.id}
              type="button"
              class={`btn option${o.id === 'pass' ? ' pass' : ''}`}
              aria-pressed={isDirect(o) ? undefined : false}
              disabled={busy || paused}
              onClick={() => (isDirect(o) ? go({ prompt: p.id, option: o.id }) : picks.select(p, o))}
            >
              {t(o.message)}
              {!isDirect(o) && (
                <span class="opt-more" aria-hidden="true">
                  ▸
                </span>
              )}
            </button>
          ))}
        </div>
      )}
      {!selected && extra?.(p)}
      {selected && (
        <Picking
          p={p}
          o={selected}
          picks={picks}
          t={t}
          busy={busy}
          go={go}
          cardLabel={cardLabel}
          name={name}
          shown={shown}
        />
      )}
    </div>
  );
}

import './events.css';
import { signal } from '@preact/signals';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { LogLine, Msg } from '../../worker/protocol';

/** Who acted on whom in a log line, by the shared parameter convention; null when the line names no pair. */
export function actorAndTargets(m: Msg): { from: number; to: number[] } | null {
  const p = m.params ?? {};
  const from = [p.seat, p.source, p.by, p.host].find((x) => typeof x === 'number') as number | undefined;
  const raw = Array.isArray(p.targets) ? p.targets : [p.target, p.to, p.voter].filter((x) => typeof x === 'number');
  const to = (raw as unknown[]).filter((x): x is number => typeof x === 'number' && x !== from);
  if (from === undefined || !to.length) return null;
  return { from, to };
}

/** A line that hurts a seat (damage, lost spirit, death): that seat's tile flashes. */
export function hurtSeat(m: Msg): number | null {
  if (!/damage|loseSpirit|dying|death|died|killed/i.test(m.key)) return null;
  const p = m.params ?? {};
  const s = [p.target, p.seat].find((x) => typeof x === 'number');
  return typeof s === 'number' ? s : null;
}

/** How an event reads on the table: a hurt (−n), a heal (+n), a cancelled effect (✕), a judgement, or a plain line. */
export type EventKind = 'hurt' | 'heal' | 'cancel' | 'judge' | 'plain';

/**
 * Where a log line shows on the table and how: the seat it happened to (damage on its target, a heal, a
 * judgement, a cancelled trick on the seat it spared, a vote on the voter) or the one who did it; `null` is the
 * middle of the table (a reveal, a turn's start). The line names no seat at all: the middle too.
 */
export function eventOf(m: Msg): { at: number | null; kind: EventKind; n?: number } {
  const p = m.params ?? {};
  const num = (x: unknown) => (typeof x === 'number' ? x : undefined);
  const k = m.key;
  const n = num(p.n);
  if (/damage|loseSpirit|loseHp/i.test(k))
    return { at: num(p.target) ?? num(p.seat) ?? null, kind: 'hurt', ...(n !== undefined ? { n } : {}) };
  if (/recover|heal/i.test(k))
    return { at: num(p.seat) ?? num(p.target) ?? null, kind: 'heal', ...(n !== undefined ? { n } : {}) };
  if (/wuxie$|noEffect|nullif|cancel/i.test(k)) return { at: num(p.target) ?? num(p.seat) ?? null, kind: 'cancel' };
  if (/judge/i.test(k)) return { at: num(p.seat) ?? null, kind: 'judge' };
  if (/reveal|exorcised|summoned|challengeFails|ghostWall|flip|turn$/i.test(k)) return { at: null, kind: 'plain' };
  return {
    at: num(p.seat) ?? num(p.source) ?? num(p.by) ?? num(p.host) ?? num(p.voter) ?? num(p.target) ?? null,
    kind: 'plain',
  };
}

interface Bubble {
  k: number;
  text: string;
  kind: EventKind;
  n?: number;
  x: number;
  y: number;
  /** How many bubbles are already over the same place: this one sits above them. */
  stack: number;
}

/** Lines to play on the table in order ("since your last visit", or its ▶ button): set, then taken by `PlayArrows`. */
export const replayLines = signal<readonly LogLine[] | null>(null);

/** The reader's reduced-motion setting (one query, read at each event: it may change while the page is open). */
let reduced: MediaQueryList | undefined;

/** How long one event stays readable on the table, and the gap before the next one of a sequence appears. */
const HOLD = 5000;
const GAP = 900;

/** The point over a seat's tile (or the middle of the table) where an event shows, in page coordinates. */
function anchor(at: number | null): { x: number; y: number } | null {
  const el = document.querySelector(
    at === null ? '.game-area :is(.felt-center, .gh-board)' : `.game-area [data-seat="${at}"]`,
  );
  if (!el) return null;
  const r = el.getBoundingClientRect();
  // A bubble is at most 240px (62vw on a phone) wide, centred on x: keep all of it on screen.
  const half = Math.min(124, innerWidth * 0.31) + 4;
  const x = Math.min(Math.max(r.left + r.width / 2, half), innerWidth - half);
  return { x: x + scrollX, y: (at === null ? r.top + r.height / 2 : r.top + 6) + scrollY };
}

/**
 * A hurt seat's tile flashes (styles.css `.flash`), again if it is hit again: the class goes when the flash ends,
 * and a flash still running starts over — without reading the layout to restart it (a forced layout per hit).
 */
function flash(el: Element | null): void {
  if (!el) return;
  const running = el.getAnimations?.().find((a) => (a as CSSAnimation).animationName === 'hurt');
  if (running) {
    running.cancel();
    running.play();
    return;
  }
  el.classList.add('flash');
  el.addEventListener('animationend', () => el.classList.remove('flash'), { once: true });
}

interface Arrow {
  k: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

const centre = (seat: number) => {
  const el = document.querySelector(`.game-area [data-seat="${seat}"]`);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
};

/**
 * What just happened, on the table itself (issue 28, item 8): each new log line shows as a bubble over the seat it
 * happened to or the one who did it — the line's own words, with −n for damage, +n for a heal, ✕ for a cancelled
 * effect — held long enough to read, one after another in the order they happened; an arrow runs from the player
 * to the target of a line that names both, and a hurt seat flashes. `replayLines` plays earlier lines the same way
 * ("since your last visit"). With reduced motion the bubbles come and go the same, without arrows or movement.
 */
export function PlayArrows({ log, t }: { log: LogLine[]; t: (m: Msg) => string }) {
  const last = useRef<number | null>(null);
  const [arrows, setArrows] = useState<Arrow[]>([]);
  const [bubbles, setBubbles] = useState<Bubble[]>([]);
  const queue = useRef<{ line: LogLine; arrows: boolean }[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastI = log.length ? log[log.length - 1]!.i : -1;
  const still = () => !!(reduced ??= window.matchMedia?.('(prefers-reduced-motion: reduce)'))?.matches;

  const show = (l: LogLine, withArrows: boolean) => {
    const ev = eventOf(l.msg);
    const at = anchor(ev.at);
    if (at)
      setBubbles((bs) => {
        const stack = bs.filter((b) => Math.abs(b.x - at.x) < 40 && Math.abs(b.y - at.y) < 40).length;
        const b: Bubble = {
          k: l.i,
          text: t(l.msg),
          kind: ev.kind,
          ...(ev.n !== undefined ? { n: ev.n } : {}),
          ...at,
          stack,
        };
        setTimeout(() => setBubbles((x) => x.filter((y) => y !== b)), HOLD);
        return [...bs.filter((x) => x.k !== l.i), b];
      });
    if (!withArrows || still()) return;
    const hurt = hurtSeat(l.msg);
    if (hurt !== null) flash(document.querySelector(`.game-area [data-seat="${hurt}"]`));
    const pair = actorAndTargets(l.msg);
    if (!pair) return;
    const a = centre(pair.from);
    const add: Arrow[] = [];
    for (const to of pair.to) {
      const b = centre(to);
      if (a && b) add.push({ k: l.i * 16 + to, x1: a.x, y1: a.y, x2: b.x, y2: b.y });
    }
    if (!add.length) return;
    setArrows((x) => [...x, ...add]);
    setTimeout(() => setArrows((x) => x.filter((y) => !add.includes(y))), 1400);
  };
  /** One line of the queue now, the next after a gap: a sequence reads in order. */
  const pump = () => {
    if (timer.current) return;
    const next = queue.current.shift();
    if (!next) return;
    show(next.line, next.arrows);
    timer.current = setTimeout(() => {
      timer.current = null;
      pump();
    }, GAP);
  };
  const enqueue = (lines: readonly LogLine[], arrows: boolean) => {
    queue.current.push(...lines.map((line) => ({ line, arrows })));
    // After the new state is drawn, so the tiles are where they now are.
    requestAnimationFrame(pump);
  };

  useEffect(() => {
    const before = last.current;
    last.current = lastI;
    if (before === null || lastI <= before) return;
    enqueue(log.filter((l) => l.i > before).slice(-8), true);
  }, [lastI]);
  const replay = replayLines.value;
  useEffect(() => {
    if (!replay?.length) return;
    replayLines.value = null;
    queue.current = [];
    enqueue(replay.slice(-12), false);
  }, [replay]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  return (
    <>
      {bubbles.length > 0 && (
        <div class="table-events" aria-hidden="true">
          {bubbles.map((b) => (
            <p key={b.k} class={`table-event ev-${b.kind}`} style={`left:${b.x}px;top:${b.y}px;--stack:${b.stack}`}>
              {b.kind === 'hurt' && <b class="ev-n">−{b.n ?? 1}</b>}
              {b.kind === 'heal' && <b class="ev-n">+{b.n ?? 1}</b>}
              {b.kind === 'cancel' && <b class="ev-n">✕</b>}
              <span>{b.text}</span>
            </p>
          ))}
        </div>
      )}
      {arrows.length > 0 && (
        <div class="play-arrows" aria-hidden="true">
          {arrows.map((a) => (
            <i
              key={a.k}
              class="play-arrow"
              style={`left:${a.x1}px;top:${a.y1}px;width:${Math.hypot(a.x2 - a.x1, a.y2 - a.y1)}px;rotate:${Math.atan2(a.y2 - a.y1, a.x2 - a.x1)}rad`}
            />
          ))}
        </div>
      )}
    </>
  );
}

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
 * Animations that explain what just happened: an arrow from the player to the target of each new line that
 * names both (a card played, a vote challenged), and a flash on a seat that took damage. Only lines that
 * arrive while the page is open animate; nothing moves for a reader who asked for reduced motion.
 */
export function PlayArrows({ log }: { log: LogLine[] }) {
  const last = useRef<number | null>(null);
  const [arrows, setArrows] = useState<Arrow[]>([]);
  const lastI = log.length ? log[log.length - 1]!.i : -1;
  useEffect(() => {
    const before = last.current;
    last.current = lastI;
    if (before === null || lastI <= before) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const fresh = log.filter((l) => l.i > before).slice(-4);
    // After the new state is drawn, so the tiles are where they now are.
    requestAnimationFrame(() => {
      const add: Arrow[] = [];
      for (const l of fresh) {
        const hurt = hurtSeat(l.msg);
        if (hurt !== null) {
          const el = document.querySelector(`.game-area [data-seat="${hurt}"]`);
          el?.classList.remove('flash');
          void (el as HTMLElement | null)?.offsetWidth;
          el?.classList.add('flash');
        }
        const pair = actorAndTargets(l.msg);
        if (!pair) continue;
        const a = centre(pair.from);
        for (const t of pair.to) {
          const b = centre(t);
          if (a && b) add.push({ k: l.i * 16 + t, x1: a.x, y1: a.y, x2: b.x, y2: b.y });
        }
      }
      if (!add.length) return;
      setArrows((x) => [...x, ...add]);
      setTimeout(() => setArrows((x) => x.filter((y) => !add.includes(y))), 1400);
    });
  }, [lastI]);
  if (!arrows.length) return null;
  return (
    <svg class="play-arrows" aria-hidden="true" width="100%" height="100%">
      <defs>
        <marker id="arrow-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0 L10 5 L0 10 z" fill="#b8412d" />
        </marker>
      </defs>
      {arrows.map((a) => (
        <line key={a.k} x1={a.x1} y1={a.y1} x2={a.x2} y2={a.y2} marker-end="url(#arrow-head)" />
      ))}
    </svg>
  );
}

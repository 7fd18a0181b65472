import './pages.css';
import './replay.css';
import '../table/log.css';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { GameDef } from '../../worker/engine';
import type { GameUI, TableProps } from '../games/types';
import { gameName, loadGameUI } from '../games';
import { fill, lang, s } from '../i18n';
import { strings as replayStrings } from './replay.strings';
import { api, ApiError } from '../lib/api';
import { pageTitle } from '../lib/title';
import { makeT } from '../lib/msg';
import { bodyAt, buildReplay, lastStep, moveAfter, moveMessage, type GameRecord, type Replay } from '../replay/model';
import { ErrorNote, Spinner, TopBar } from '../ui';

/** A replay-page string (its own strings module: only this page loads it). */
const rs = (key: string, params?: Record<string, unknown>): string =>
  fill(replayStrings[lang.value][key] ?? replayStrings.en[key] ?? key, params, (_n, v) => String(v));

/**
 * The rules of each game, each in its own chunk: the replay runs the real engine in the page. Only the game
 * being replayed is fetched.
 */
const DEFS = import.meta.glob<{ default: GameDef }>('../../worker/games/*/index.ts');

async function loadDef(game: string): Promise<GameDef | null> {
  const load = DEFS[`../../worker/games/${game}/index.ts`];
  return load ? (await load()).default : null;
}

/** The step and the point of view live in the address (`?move=12&seat=3`), so a moment can be shared. */
function fromQuery(): { k: number | null; seat: number | null } {
  const q = new URLSearchParams(location.search);
  const k = q.get('move');
  const seat = q.get('seat');
  return {
    k: k !== null && /^\d+$/.test(k) ? Number(k) : null,
    seat: seat !== null && /^\d+$/.test(seat) ? Number(seat) : null,
  };
}

type Loaded = { replay: Replay; ui: GameUI } | { missing: 'notYet' | 'noEngine'; game?: string };

/**
 * `/g/<id>/replay`: a finished game step by step, move by move, from any seat's point of view (or a
 * spectator's), the table drawn by the game's own Table, read-only, as it was at that step. A practice game
 * (web/practice/) passes its own `record`, kept on the device, and the page to go `back` to.
 */
export function ReplayPage({ id, record, back }: { id: string; record?: GameRecord; back?: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    (async () => {
      let rec: GameRecord | null = record ?? null;
      try {
        rec ??= await api<GameRecord>(`/api/games/${encodeURIComponent(id)}/record`);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return setLoaded({ missing: 'notYet' });
        throw e;
      }
      if (!rec) throw new Error('empty record');
      const [def, ui] = await Promise.all([loadDef(rec.game), loadGameUI(rec.game)]);
      // Every game with rules under worker/games/ has a client of its own (a replay needs both).
      if (!def || !ui) return setLoaded({ missing: 'noEngine', game: rec.game });
      setLoaded({ replay: buildReplay(def, rec), ui });
    })().catch(setError);
  }, [id, record]);

  const table = back ?? `/g/${id}`;
  const title =
    loaded && 'replay' in loaded
      ? (loaded.ui.title[lang.value] ?? gameName(loaded.replay.record.game))
      : rs('replay.title');
  pageTitle.value = `${rs('replay.of', { game: title })} · ${s('common.site')}`;

  return (
    <>
      <TopBar />
      <main class="page replay">
        <p class="eyebrow">{rs('replay.title')}</p>
        <h1>{title}</h1>
        {error ? (
          <ErrorNote error={error} />
        ) : !loaded ? (
          <Spinner />
        ) : 'missing' in loaded ? (
          <div class="card">
            <p>{rs(`replay.${loaded.missing}`)}</p>
            <a class="btn primary" href={table}>
              {rs('replay.toTable')}
            </a>
          </div>
        ) : (
          <Stepper id={id} replay={loaded.replay} ui={loaded.ui} table={table} />
        )}
      </main>
    </>
  );
}

function Stepper({ id, replay, ui, table }: { id: string; replay: Replay; ui: GameUI; table: string }) {
  const n = lastStep(replay);
  const q = useMemo(fromQuery, []);
  const [k, setK] = useState(() => Math.min(q.k ?? 0, n));
  const [seat, setSeat] = useState<number | null>(() => (q.seat !== null && q.seat < replay.record.seats ? q.seat : 0));
  const [playing, setPlaying] = useState(false);
  // From the latest step, not the one this render saw: key presses can come faster than renders.
  const go = (to: number | ((cur: number) => number)) =>
    setK((cur) => Math.max(0, Math.min(n, typeof to === 'number' ? to : to(cur))));

  useEffect(() => {
    const qs = new URLSearchParams({ move: String(k), ...(seat === null ? {} : { seat: String(seat) }) });
    history.replaceState(history.state, '', `${location.pathname}?${qs}`);
  }, [k, seat]);
  useEffect(() => {
    if (!playing) return;
    if (k >= n) return setPlaying(false);
    const t = setTimeout(() => go((cur) => cur + 1), 900);
    return () => clearTimeout(t);
  }, [playing, k]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey || el?.closest('input, select, textarea')) return;
      const to =
        e.key === 'ArrowLeft'
          ? -1
          : e.key === 'ArrowRight'
            ? 1
            : e.key === 'Home'
              ? -Infinity
              : e.key === 'End'
                ? Infinity
                : 0;
      if (!to) return;
      e.preventDefault();
      go((cur) => cur + to);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  const l = lang.value;
  const st = bodyAt(replay, k, seat, id);
  const name = (x: number) => st.seats[x]?.name ?? s('seat.n', { n: x + 1 });
  const t = useMemo(() => makeT(l, ui, name), [l, ui]);
  const next = moveAfter(replay, k);
  const nextMsg = moveMessage(replay, k);
  // The next move's picks, shown on the table when they are the viewer's own (what that seat chose).
  const own =
    next && next.seat === seat
      ? { cards: next.answer.cards ?? [], seats: next.answer.seats ?? [] }
      : { cards: [], seats: [] };
  const props: TableProps = {
    state: st,
    lang: l,
    t,
    name,
    picked: own,
    pickable: own,
    option: null,
    toggleCard: () => undefined,
    toggleSeat: () => undefined,
    answer: async () => undefined,
  };
  const GameTable = ui.Table;
  const logRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [k, st.log.length]);
  const status = k === n && st.outcome ? t(st.outcome.reason) : ui.status?.(props);

  return (
    <div class="replay-body">
      <section class="card replay-bar" aria-label={rs('replay.title')}>
        <div class="replay-controls">
          <button
            type="button"
            class="btn small"
            onClick={() => go(0)}
            disabled={k === 0}
            aria-label={rs('replay.first')}
            title={rs('replay.first')}
          >
            <Glyph d="M5 4h2v16H5zM19 4v16L8 12z" />
          </button>
          <button
            type="button"
            class="btn small"
            onClick={() => go(k - 1)}
            disabled={k === 0}
            aria-label={rs('replay.prev')}
            title={rs('replay.prev')}
          >
            <Glyph d="M18 4v16L6 12z" />
          </button>
          <input
            type="range"
            min={0}
            max={n}
            value={k}
            aria-label={rs('replay.slider')}
            aria-valuetext={rs('replay.step', { k, n })}
            onInput={(e) => go(Number((e.target as HTMLInputElement).value))}
          />
          <button
            type="button"
            class="btn small"
            onClick={() => go(k + 1)}
            disabled={k === n}
            aria-label={rs('replay.next')}
            title={rs('replay.next')}
          >
            <Glyph d="M6 4v16l12-8z" />
          </button>
          <button
            type="button"
            class="btn small"
            onClick={() => go(n)}
            disabled={k === n}
            aria-label={rs('replay.last')}
            title={rs('replay.last')}
          >
            <Glyph d="M17 4h2v16h-2zM5 4v16l11-8z" />
          </button>
          <button
            type="button"
            class="btn small"
            onClick={() => setPlaying(!playing)}
            disabled={k === n}
            aria-pressed={playing}
          >
            {playing ? rs('replay.pause') : rs('replay.play')}
          </button>
        </div>
        <div class="replay-info">
          <span class="replay-step" aria-live="polite">
            {rs('replay.step', { k, n })}
          </span>
          <label class="replay-seat">
            <span>{rs('replay.seenBy')}</span>
            <select
              value={seat === null ? '' : String(seat)}
              onChange={(e) =>
                setSeat(
                  (e.target as HTMLSelectElement).value === '' ? null : Number((e.target as HTMLSelectElement).value),
                )
              }
            >
              {st.seats.map((x) => (
                <option key={x.seat} value={String(x.seat)}>
                  {name(x.seat)}
                </option>
              ))}
              <option value="">{rs('replay.spectator')}</option>
            </select>
          </label>
        </div>
        <p class="replay-move">
          {nextMsg
            ? rs('replay.nextMove', {
                name: name(nextMsg.seat),
                option: nextMsg.msg ? t(nextMsg.msg) : next!.answer.option,
              })
            : k === n
              ? rs('replay.end')
              : ''}
          {k === 0 && nextMsg ? ` ${rs('replay.start')}` : ''}
        </p>
        {status && <p class="replay-status">{status}</p>}
        {replay.brokenAt !== null && k === n && <p class="notice">{rs('replay.broken', { k: replay.brokenAt + 1 })}</p>}
        <p class="hint">{rs('replay.keys')}</p>
      </section>
      <div class="replay-grid">
        <section class="card game-area" aria-labelledby="replay-table-h">
          <h2 id="replay-table-h" class="sr-only">
            {s('table.table')}
          </h2>
          <GameTable {...props} />
        </section>
        <aside class="replay-side">
          <section class="card" aria-labelledby="replay-log-h">
            <h2 id="replay-log-h">{s('log.title')}</h2>
            {/* Oldest first, as on the table, kept scrolled to the line the last step wrote. */}
            <ol class="log replay-log" ref={logRef} tabIndex={0} aria-label={s('log.title')}>
              {st.log.map((x) => (
                <li key={x.i}>{t(x.msg)}</li>
              ))}
            </ol>
          </section>
          <p>
            <a class="btn" href={table}>
              {rs('replay.toTable')}
            </a>
          </p>
        </aside>
      </div>
    </div>
  );
}

/** The step buttons' marks, drawn (the ⏮ ⏭ characters are missing from many phone fonts). */
function Glyph({ d }: { d: string }) {
  return (
    <svg class="replay-glyph" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d={d} fill="currentColor" />
    </svg>
  );
}

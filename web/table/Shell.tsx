import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Answer, StateBody } from '../../worker/protocol';
import type { GameUI, TableProps } from '../games/types';
import { lang, s } from '../i18n';
import type { Live } from '../lib/live';
import { makeT } from '../lib/msg';
import { getGame, saveSeen } from '../lib/store';
import { Brand, Countdown, LangSwitch } from '../ui';
import { IconBell, IconMenu } from '../icons';
import { lazy } from '../lib/lazy';
import { AdminMenu } from './adminMenu';
import { later, loadLater } from '../i18n/packs';
import { usePicks } from './picks';

/*
 * What the first screen of a table does not show is its own chunk, each with the later strings it needs
 * (web/i18n/packs.ts): the host's menu, the seat settings panel, the log and chat (a closed drawer on phones),
 * "since you were here", and the table of a game without a client of its own. `prefetchTableParts` fetches
 * them all once the table has painted, so a tap opens them at once.
 */
/** The host's controls, loaded only for the host. */
/** The side: log and chat tabs, host's menu, personal link (a drawer on phones, a column on desktops). */
const Side = lazy(() => later(import('./Side')).then((m) => m.SidePanel), null);
const SinceLastVisit = lazy(() => later(import('./Log')).then((m) => m.SinceLastVisit), null);
/** Decoration of the moves that come while the page is open: nothing to draw on the first paint. */
const PlayArrows = lazy(() => import('./Arrows').then((m) => m.PlayArrows), null);
/** The sheet a card is read in: a closed dialog until a card is read. */
const CardSheet = lazy(() => import('./CardSheet').then((m) => m.CardSheet), null);
/**
 * What a stand-in played for you while you were away (tz-away's Handback.tsx): shown on your return only, so
 * its own chunk with its strings (the later half), fetched right after the first paint.
 */
const Handback = lazy(() => later(import('./Handback')).then((m) => m.Handback), null);
const GenericTable = lazy(() => import('./GenericTable').then((m) => m.GenericTable));
/** The gear; until its chunk is in, a gear that cannot open yet (disabled, so a click waits rather than is lost). */
const SettingsButton = lazy(() => later(import('./Settings')).then((m) => m.SettingsButton), <GearWaiting />);
/** The bell (web/table/Notify.tsx); until its chunk is in, a bell that cannot open yet, like the gear. */
const NotifyButton = lazy(() => import('./Notify').then((m) => m.NotifyButton), <BellWaiting />);
/**
 * What became of an answer that could not go out at once (web/parts/OutboxNote.tsx): shown only then, so its own
 * chunk with its strings (the later half), fetched after the first paint with the other parts.
 */
const OutboxNote = lazy(() => later(import('../parts/OutboxNote')).then((m) => m.OutboxNote), null);
/** "Always / never" on a skill's question: the seat's orders for that skill (Settings.tsx), once its chunk is in. */
const QuickOrders = lazy(() => later(import('./Settings')).then((m) => m.QuickOrders), null);

function BellWaiting() {
  return (
    <div class="notify">
      <button type="button" class="icon-btn bell" disabled aria-label={s('notify.title')} title={s('notify.title')}>
        <IconBell off />
      </button>
    </div>
  );
}

function GearWaiting() {
  return (
    <div class="notify settings">
      <button
        type="button"
        class="icon-btn settings-btn"
        disabled
        aria-label={s('settings.title')}
        title={s('settings.title')}
      >
        <span aria-hidden="true">⚙</span>
      </button>
    </div>
  );
}

/**
 * After the first paint (an idle moment, or 1 s at most), fetch the lazy parts a tap may open and the later
 * strings, so opening the drawer, the settings, the bell, a card's text or the host's menu waits on nothing.
 */
function prefetchTableParts(admin: boolean): void {
  const go = () => {
    void loadLater().catch(() => undefined);
    for (const part of [
      Side,
      SinceLastVisit,
      SettingsButton,
      Picking,
      NotifyButton,
      OutboxNote,
      CardSheet,
      ...(admin ? [AdminMenu] : []),
    ])
      part.preload();
    void import('./Notify').then((m) => m.NotifyPanel.preload());
  };
  const idle = (globalThis as { requestIdleCallback?: (f: () => void, o?: { timeout: number }) => void })
    .requestIdleCallback;
  // Two frames: the table is on screen before anything else is asked for.
  requestAnimationFrame(() => requestAnimationFrame(() => (idle ? idle(go, { timeout: 1000 }) : setTimeout(go, 0))));
}
import { loadAgain, Picking, PromptPanel, winnersText } from './PromptPanel';
import { seatName } from './Seats';

/** The links of a game played again (the game before it, the series): its own chunk, only in such a game. */
const SeriesLinks = lazy(() => loadAgain().then((m) => m.SeriesLinks), null);

/** Nothing to pick (no question, or its answer waits in the outbox): one object, so the table sees no change. */
const NOTHING = { cards: [], seats: [] };

interface Props {
  id: string;
  live: Live;
  st: StateBody;
  ui: GameUI | null;
  title: string;
  token: string | undefined;
  notice: string | null;
}

/**
 * The table page, phone first: a header (game, status line, deadline, tools, the log-and-chat button), the
 * game's own Table — seats around it, the middle, your hand at the bottom — and the question docked to the
 * bottom of the screen while you are asked. The log and chat live in a drawer on phones and in a side panel
 * from desktop width.
 */
export function TableShell({ id, live, st, ui, title, token, notice }: Props) {
  const l = lang.value;
  const name = useMemo(() => (n: number) => seatName(st, n), [st.seats, l]);
  // A game without a client may still get its strings from the server (an optional `strings` in the state).
  const strings = (st as StateBody & { strings?: GameUI['strings'] }).strings;
  const t = useMemo(
    () => makeT(l, ui ?? (strings ? { strings } : null), name, st.you),
    [l, ui, st.seats, strings, st.you],
  );
  const picks = usePicks(st.prompts);
  const admin = getGame(id)?.admin;

  // "Since you were last here": both ends of the cut are taken once, when the page opens, so the list does not
  // grow while the reader watches.
  const [seenAtOpen] = useState(() => getGame(id)?.seen);
  const [endAtOpen] = useState(() => st.logEnd ?? (st.log.length ? st.log[st.log.length - 1]!.i + 1 : 0));
  const [sinceClosed, setSinceClosed] = useState(false);
  const since = seenAtOpen === undefined ? [] : st.log.filter((x) => x.i > seenAtOpen && x.i < endAtOpen);
  const lastI = st.log.length ? st.log[st.log.length - 1]!.i : -1;
  useEffect(() => {
    const mark = () => {
      if (document.visibilityState === 'visible' && (getGame(id)?.seen ?? -1) < lastI) saveSeen(id, lastI);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [lastI]);

  // A new question for me: chime / system notification (when the player asked for them).
  const promptKey = st.prompts.map((p) => p.id).join(',');
  const prevKey = useRef<string | null>(null);
  useEffect(() => {
    if (prevKey.current !== null && promptKey && promptKey !== prevKey.current) {
      const body = t(st.prompts[0]!.message);
      void import('../lib/badge').then((m) => m.announceTurn(id, st.you ?? 0, title, body));
    }
    prevKey.current = promptKey;
  }, [promptKey]);

  const send = (a: Answer) => live.answer(a);
  // An answer given offline waits in the outbox: the question shows its note and takes no second answer.
  const held =
    !!live.outbox.value &&
    live.outbox.value.status !== 'notSent' &&
    st.prompts.some((p) => p.id === live.outbox.value!.answer.prompt);
  const props: TableProps = {
    state: st,
    lang: l,
    t,
    name,
    picked: picks.picked,
    toggleCard: picks.toggleCard,
    toggleSeat: picks.toggleSeat,
    pickable: st.prompts.length && !held ? picks.pickable : NOTHING,
    option: picks.option,
    answer: send,
  };
  const GameTable = ui?.Table ?? GenericTable;
  const out = st.you !== null && st.status === 'playing' && !!ui?.isOut?.(props);
  const status = statusLine(st, ui, props, name);
  const [tab, setTab] = useState<'log' | 'chat'>('log');
  const [drawer, setDrawer] = useState(false);
  // Chat lines that arrived while the chat was not shown.
  const [chatSeen, setChatSeen] = useState(st.chat.length);
  const chatOpen = tab === 'chat' && drawer;
  useEffect(() => {
    if (chatOpen) setChatSeen(st.chat.length);
  }, [chatOpen, st.chat.length]);
  const unread = Math.max(0, st.chat.length - chatSeen);
  // The drawer closes on Escape, like the card sheet and the bell's panel.
  useEffect(() => {
    if (!drawer) return;
    const key = (e: KeyboardEvent) => e.key === 'Escape' && setDrawer(false);
    document.addEventListener('keydown', key);
    return () => document.removeEventListener('keydown', key);
  }, [drawer]);
  const conn = live.conn.value;
  useEffect(() => prefetchTableParts(!!admin), []);

  return (
    <div
      class={`table-page game-${st.game}${st.prompts.length ? ' is-asked' : ''}${st.outcome ? ' is-over' : ''}`}
      data-version={st.version}
    >
      <header class="table-head">
        <div class="table-head-row">
          <Brand />
          <div class="table-title">
            <h1>{title}</h1>
            <p class="status-line" aria-live="polite">
              {status}
            </p>
            {asleepNotes(st, name).map((line) => (
              <p class="asleep-line" key={line} title={line}>
                {line}
              </p>
            ))}
          </div>
          <div class="table-tools">
            <Countdown deadline={st.deadline} paused={st.paused} />
            <span class={`conn conn-${conn}`} title={s(`conn.${conn}`)}>
              <span aria-hidden="true" class="conn-dot" />
              <span class="sr-only">{s(`conn.${conn}`)}</span>
            </span>
            {token && st.you !== null && !out && <NotifyButton id={id} token={token} />}
            {token && st.you !== null && !out && <SettingsButton id={id} token={token} t={t} st={st} />}
            <button
              type="button"
              class="icon-btn drawer-btn"
              aria-expanded={drawer}
              aria-controls="side"
              aria-label={s('table.logChat')}
              onClick={() => setDrawer(!drawer)}
            >
              <IconMenu />
              <span class="drawer-btn-label">{s('table.logChat')}</span>
              {unread > 0 && <span class="count">{unread}</span>}
            </button>
            <LangSwitch />
          </div>
        </div>
      </header>
      <main class="table-main">
        {st.prev && <SeriesLinks st={st} />}
        {notice && (
          <p class="notice" role="status">
            {notice}
          </p>
        )}
        {st.you === null && st.status !== 'finished' && (
          <p class="notice spectator">
            {s('table.spectating')} {s('table.spectatingHow')}
          </p>
        )}
        {out && (
          <p class="notice out" role="status">
            <b>{s('table.out')}</b> {s('table.outHow')}
          </p>
        )}
        {!sinceClosed && <SinceLastVisit lines={since} t={t} you={st.you} onClose={() => setSinceClosed(true)} />}
        {token && st.you !== null && (
          <Handback id={id} token={token} t={t} away={!!st.seats[st.you]?.away} log={st.log} seat={st.you} />
        )}
        <div class="table-grid">
          <div class="col-table">
            <section class="game-area" aria-labelledby="game-area-h">
              <h2 id="game-area-h" class="sr-only">
                {s('table.table')}
              </h2>
              <GameTable {...props} />
            </section>
            <PromptPanel
              st={st}
              picks={picks}
              t={t}
              ui={ui}
              lang={l}
              name={name}
              send={send}
              out={out}
              held={held}
              note={live.outbox.value && <OutboxNote live={live} t={t} />}
              extra={(p) => token && p.kind === 'skill' && <QuickOrders id={id} token={token} p={p} t={t} />}
            />
          </div>
          <aside id="side" class={`col-side${drawer ? ' open' : ''}`} aria-label={s('table.logChat')}>
            {/* A game may put what must stay in view beside its table here (驱鬼's vote, on desktops). */}
            <div id="table-side-slot" />
            <Side
              id={id}
              live={live}
              st={st}
              ui={ui}
              t={t}
              token={token}
              admin={admin}
              tab={tab}
              setTab={setTab}
              open={drawer}
              close={() => setDrawer(false)}
            />
          </aside>
        </div>
      </main>
      <CardSheet />
      <PlayArrows log={st.log} t={t} />
    </div>
  );
}

/**
 * "张三 is asleep until 08:00 their time" for each seat the table waits on that is in its quiet hours; your own
 * seat is "you", in a short line ("You’re asleep till 08:00"): each note is one line of the header.
 */
export function asleepNotes(st: StateBody, name: (n: number) => string): string[] {
  if (st.status !== 'playing' || st.paused) return [];
  return st.waiting.flatMap((n) => {
    const until = st.seats.find((x) => x.seat === n)?.asleepUntil;
    if (!until) return [];
    return [n === st.you ? s('table.asleepYou', { until }) : s('table.asleep', { name: name(n), until })];
  });
}

function statusLine(st: StateBody, ui: GameUI | null, props: TableProps, name: (n: number) => string): string {
  if (st.outcome) return winnersText(st.outcome.winners, name);
  if (st.status === 'finished') return s('status.finished');
  if (st.paused) return s('table.paused');
  const own = ui?.status?.(props);
  if (own) return own;
  if (st.prompts.length) return s('table.yourTurn');
  if (st.waiting.length) return s('prompt.waitingFor', { names: st.waiting.map(name).join('、') });
  return '';
}

import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Answer, StateBody } from '../../worker/protocol';
import type { GameUI, TableProps } from '../games/types';
import { lang, s } from '../i18n';
import { announceTurn } from '../lib/badge';
import type { Live } from '../lib/live';
import { makeT } from '../lib/msg';
import { getGame, saveGame } from '../lib/store';
import { Brand, CopyButton, Countdown, LangSwitch } from '../ui';
import { IconLock, IconMenu } from '../icons';
import { lazy } from '../lib/lazy';

/** The host's controls, loaded only for the host. */
export const AdminMenu = lazy(() => import('./Admin').then((m) => m.AdminMenu), null);
import { PlayArrows } from './Arrows';
import { CardSheet } from './CardInfo';
import { GenericTable } from './GenericTable';
import { ChatView, LogView, SinceLastVisit } from './Log';
import { NotifyButton } from './Notify';
import { SettingsButton } from './Settings';
import { Handback, playedFor } from './Handback';
import { usePicks } from './picks';
import { PromptPanel, winnersText } from './PromptPanel';
import { SeatQr, seatLink } from './SeatQr';
import { seatName } from './Seats';
import { OutboxNote } from '../parts/OutboxNote';

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
  const name = (n: number) => seatName(st, n);
  // A game without a client may still get its strings from the server (an optional `strings` in the state).
  const strings = (st as StateBody & { strings?: GameUI['strings'] }).strings;
  const t = useMemo(() => makeT(l, ui ?? (strings ? { strings } : null), name), [l, ui, st.seats, strings]);
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
      if (document.visibilityState === 'visible' && (getGame(id)?.seen ?? -1) < lastI && getGame(id)) saveGame(id, { seen: lastI });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [lastI]);

  // A new question for me: chime / system notification (when the player asked for them).
  const promptKey = st.prompts.map((p) => p.id).join(',');
  const prevKey = useRef<string | null>(null);
  useEffect(() => {
    if (prevKey.current !== null && promptKey && promptKey !== prevKey.current) announceTurn(id, st.you ?? 0, title, t(st.prompts[0]!.message));
    prevKey.current = promptKey;
  }, [promptKey]);

  const send = (a: Answer) => live.answer(a);
  const props: TableProps = {
    state: st,
    lang: l,
    t,
    name,
    picked: picks.picked,
    toggleCard: picks.toggleCard,
    toggleSeat: picks.toggleSeat,
    pickable: st.prompts.length ? picks.pickable : { cards: [], seats: [] },
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

  return (
    <div class={`table-page game-${st.game}${st.prompts.length ? ' is-asked' : ''}`}>
      <header class="table-head">
        <div class="table-head-row">
          <Brand />
          <div class="table-title">
            <h1>{title}</h1>
            <p class="status-line" aria-live="polite">
              {status}
            </p>
            {asleepNotes(st, name).map((line) => (
              <p class="asleep-line" key={line}>
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
            {token && st.you !== null && !out && <SettingsButton id={id} token={token} t={t} />}
            <button type="button" class="icon-btn drawer-btn" aria-expanded={drawer} aria-controls="side" aria-label={s('table.logChat')} onClick={() => setDrawer(!drawer)}>
              <IconMenu />
              <span class="drawer-btn-label">{s('table.logChat')}</span>
              {unread > 0 && <span class="count">{unread}</span>}
            </button>
            <LangSwitch />
          </div>
        </div>
      </header>
      <main class="table-main">
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
        {token && st.you !== null && <Handback id={id} token={token} t={t} away={!!st.seats[st.you]?.away} playedForYou={playedFor(st.log, st.you)} />}
        <div class="table-grid">
          <div class="col-table">
            <section class="game-area" aria-labelledby="game-area-h">
              <h2 id="game-area-h" class="sr-only">
                {s('table.table')}
              </h2>
              <GameTable {...props} />
            </section>
            <OutboxNote live={live} t={t} />
            <PromptPanel st={st} picks={picks} t={t} ui={ui} lang={l} name={name} send={send} out={out} />
          </div>
          <aside id="side" class={`col-side${drawer ? ' open' : ''}`} aria-label={s('table.logChat')}>
            <div class="drawer-head">
              <button type="button" class="icon-btn" aria-label={s('common.close')} onClick={() => setDrawer(false)}>
                ×
              </button>
            </div>
            <section class="card talk">
              <div class="tabs" role="tablist">
                <button type="button" role="tab" id="tab-log" aria-selected={tab === 'log'} aria-controls="panel-talk" class={`tab${tab === 'log' ? ' on' : ''}`} onClick={() => setTab('log')}>
                  {s('log.title')}
                </button>
                <button type="button" role="tab" id="tab-chat" aria-selected={tab === 'chat'} aria-controls="panel-talk" class={`tab${tab === 'chat' ? ' on' : ''}`} onClick={() => setTab('chat')}>
                  {s('chat.title')}
                  {st.chat.length > 0 && <span class="count">{st.chat.length}</span>}
                </button>
              </div>
              <div id="panel-talk" role="tabpanel" aria-labelledby={`tab-${tab}`}>
                {tab === 'log' ? <LogView log={st.log} t={t} ui={ui} lang={l} earlier={st.logFrom > 0 ? () => live.loadEarlier() : undefined} /> : <ChatView chat={st.chat} canSend={st.you !== null} send={(x) => live.chat(x)} />}
              </div>
            </section>
            {admin && st.status !== 'finished' && (
              <section class="card host">
                <h2>{s('lobby.host')}</h2>
                <AdminMenu id={id} st={st} admin={admin} t={t} refresh={() => void live.poll()} />
              </section>
            )}
            {token && st.you !== null && (
              <details class="card personal secret">
                <summary>
                  <IconLock /> {s('lobby.personalLink')}
                </summary>
                <PersonalLink id={id} token={token} />
              </details>
            )}
            <div class="lang-foot">
              <LangSwitch />
            </div>
          </aside>
        </div>
      </main>
      <CardSheet />
      <PlayArrows log={st.log} />
    </div>
  );
}

/** A seat link with the token masked on screen: it reads as the secret it is; the copy button copies it whole. */
export function maskedLink(url: string): string {
  const k = url.indexOf('#seat=');
  return k < 0 ? url : `${url.slice(0, k)}#seat=${'•'.repeat(8)}`;
}

export function PersonalLink({ id, token }: { id: string; token: string }) {
  const url = seatLink(id, token);
  return (
    <div class="linkbox secret">
      <div class="linkbox-label">
        <IconLock /> {s('lobby.personalLink')}
      </div>
      <div class="linkbox-row">
        <code class="linkbox-url masked" aria-label={s('lobby.personalMasked')}>
          {maskedLink(url)}
        </code>
        <CopyButton text={url} />
      </div>
      <p class="hint warn">{s('lobby.personalHint')}</p>
      <SeatQr url={url} />
    </div>
  );
}

/** "张三 is asleep until 08:00 their time" for each seat the table waits on that is in its quiet hours. */
export function asleepNotes(st: StateBody, name: (n: number) => string): string[] {
  if (st.status !== 'playing' || st.paused) return [];
  return st.waiting.flatMap((n) => {
    const until = st.seats.find((x) => x.seat === n)?.asleepUntil;
    return until ? [s('table.asleep', { name: name(n), until })] : [];
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

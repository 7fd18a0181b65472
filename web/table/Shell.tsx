import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Answer, StateBody } from '../../worker/protocol';
import type { GameUI, TableProps } from '../games/types';
import { lang, s } from '../i18n';
import { announceTurn } from '../lib/badge';
import type { Live } from '../lib/live';
import { makeT } from '../lib/msg';
import { linesSince } from '../lib/logbook';
import { getGame, saveGame } from '../lib/store';
import { Brand, CopyButton, Countdown, LangSwitch } from '../ui';
import { AdminMenu } from './Admin';
import { GenericTable } from './GenericTable';
import { ChatView, LogView, SinceLastVisit } from './Log';
import { NotifyButton } from './Notify';
import { usePicks } from './picks';
import { PromptPanel, winnersText } from './PromptPanel';
import { SeatQr, seatLink } from './SeatQr';
import { SeatList, seatName } from './Seats';
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
 * The table page: header (game, status line, whom the table waits for, deadline), the game's own Table (or
 * the generic one), the prompt panel, seats, log and chat. Phone first: one column with the question on top;
 * two columns from tablet width.
 */
export function TableShell({ id, live, st, ui, title, token, notice }: Props) {
  const l = lang.value;
  const name = (n: number) => seatName(st, n);
  // A game without a client may still get its strings from the server (an optional `strings` in the state).
  const strings = (st as StateBody & { strings?: GameUI['strings'] }).strings;
  const t = useMemo(() => makeT(l, ui ?? (strings ? { strings } : null), name), [l, ui, st.seats, strings]);
  const picks = usePicks(st.prompts);
  const admin = getGame(id)?.admin;

  // "Since you were last here": the cut is taken once, when the page opens.
  const [seenAtOpen] = useState(() => getGame(id)?.seen);
  const [sinceClosed, setSinceClosed] = useState(false);
  const since = linesSince(st.log, seenAtOpen);
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
    answer: send,
  };
  const GameTable = ui?.Table ?? GenericTable;
  const status = statusLine(st, ui, props, name);
  const [tab, setTab] = useState<'log' | 'chat'>('log');
  const conn = live.conn.value;

  return (
    <div class={`table-page game-${st.game}`}>
      <header class="table-head">
        <div class="table-head-row">
          <Brand />
          <div class="table-title">
            <h1>{title}</h1>
            <p class="status-line" aria-live="polite">
              {status}
            </p>
          </div>
          <div class="table-tools">
            <Countdown deadline={st.deadline} paused={st.paused} />
            <span class={`conn conn-${conn}`} title={s(`conn.${conn}`)}>
              <span aria-hidden="true" class="conn-dot" />
              <span class="sr-only">{s(`conn.${conn}`)}</span>
            </span>
            {token && st.you !== null && <NotifyButton id={id} token={token} />}
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
        {st.you === null && <p class="notice spectator">{s('table.spectating')}</p>}
        {!sinceClosed && <SinceLastVisit lines={since} t={t} onClose={() => setSinceClosed(true)} />}
        <div class="table-grid">
          <div class="col-prompt">
            <OutboxNote live={live} t={t} />
            <PromptPanel st={st} picks={picks} t={t} ui={ui} lang={l} name={name} send={send} />
          </div>
          <div class="col-table">
            <section class="card game-area" aria-label={s('table.table')}>
              <GameTable {...props} />
            </section>
          </div>
          <aside class="col-side">
            {ui?.Table && (
              <section class="card" aria-labelledby="seats-h">
                <h2 id="seats-h">{s('lobby.seats')}</h2>
                <SeatList st={st} t={t} />
              </section>
            )}
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
                {tab === 'log' ? <LogView log={st.log} t={t} earlier={st.logFrom > 0 ? () => live.loadEarlier() : undefined} /> : <ChatView chat={st.chat} canSend={st.you !== null} send={(x) => live.chat(x)} />}
              </div>
            </section>
            {admin && st.status !== 'finished' && (
              <section class="card host">
                <h2>{s('lobby.host')}</h2>
                <AdminMenu id={id} st={st} admin={admin} t={t} refresh={() => void live.poll()} />
              </section>
            )}
            {token && st.you !== null && (
              <details class="card personal">
                <summary>{s('lobby.personalLink')}</summary>
                <PersonalLink id={id} token={token} />
              </details>
            )}
            <div class="lang-foot">
              <LangSwitch />
            </div>
          </aside>
        </div>
      </main>
    </div>
  );
}

function PersonalLink({ id, token }: { id: string; token: string }) {
  const url = seatLink(id, token);
  return (
    <div class="linkbox">
      <div class="linkbox-row">
        <input class="linkbox-url" readOnly value={url} aria-label={s('lobby.personalLink')} onFocus={(e) => (e.target as HTMLInputElement).select()} />
        <CopyButton text={url} />
      </div>
      <p class="hint">{s('lobby.personalHint')}</p>
      <SeatQr url={url} />
    </div>
  );
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

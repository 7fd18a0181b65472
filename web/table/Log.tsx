import './log.css';
import { useEffect, useRef, useState } from 'preact/hooks';
import { isMsg, type ChatLine, type LogLine, type Msg } from '../../worker/protocol';
import type { GameUI, Lang } from '../games/types';
import { lang, s } from '../i18n';
import { ErrorNote } from '../ui';
import { readCards, type CardText } from './CardInfo';
import { replayLines } from './Arrows';
import { memo } from '../lib/memo';

type T = (m: Msg | string, p?: Record<string, unknown>) => string;

/**
 * The table's record, oldest first, kept scrolled to the newest line unless the reader scrolled up. `earlier`
 * is given while the client holds only the newest part of the log: a button above the lines fetches the rest.
 * `shown` is false while the log is in a closed drawer: scrolling it reads its layout, so it waits for the drawer
 * to open (a closed drawer is not laid out at all, web/styles.css).
 */
export function LogView({
  log,
  t,
  earlier,
  ui,
  lang: L,
  shown = true,
}: {
  log: LogLine[];
  t: T;
  earlier?: (() => Promise<void>) | undefined;
  ui?: GameUI | null;
  lang?: Lang;
  shown?: boolean;
}) {
  const ref = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (el && shown && stick.current) el.scrollTop = el.scrollHeight;
  }, [log.length, shown]);
  const more = earlier && (
    <button
      type="button"
      class="btn small ghost"
      disabled={busy}
      onClick={async () => {
        // Older lines arrive above: keep the reader where they were rather than jumping to the bottom.
        stick.current = false;
        setBusy(true);
        await earlier();
        setBusy(false);
      }}
    >
      {s('log.earlier')}
    </button>
  );
  if (!log.length)
    return (
      <>
        {more}
        <p class="empty">{s('log.empty')}</p>
      </>
    );
  return (
    <>
      {more}
      <ol
        class="log"
        ref={ref}
        tabIndex={0}
        aria-label={s('log.title')}
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {log.map((l) => (
          <LogItem key={l.i} l={l} t={t} ui={ui} L={L} />
        ))}
      </ol>
    </>
  );
}

const CARD_PARAMS = ['card', 'cards', 'trick', 'ghostCard', 'ghostCards'];

/** The cards a log line names (nested messages included), as texts to read. */
export function cardsOf(m: Msg, text: (id: string) => CardText | null): CardText[] {
  const out: CardText[] = [];
  const walk = (msg: Msg) => {
    for (const [k, v] of Object.entries(msg.params ?? {})) {
      if (isMsg(v)) walk(v);
      else if (CARD_PARAMS.includes(k))
        for (const id of Array.isArray(v) ? v : [v])
          if (typeof id === 'string' || typeof id === 'number') {
            const c = text(String(id));
            if (c && !out.some((x) => x.name === c.name && x.sub === c.sub)) out.push(c);
          }
    }
  };
  walk(m);
  return out;
}

/** One log line; one that names cards is a button that opens their texts. Drawn once, not again per change. */
const LogItem = memo(function LogItem({
  l,
  t,
  ui,
  L,
}: {
  l: LogLine;
  t: T;
  ui?: GameUI | null | undefined;
  L?: Lang | undefined;
}) {
  const text = ui?.cardText && L ? (id: string) => ui.cardText!(id, L) : null;
  const cards = text ? cardsOf(l.msg, text) : [];
  const made = l.msg.key === 'room.log.timedOut' || l.msg.key === 'room.log.botPlayed';
  if (!cards.length) return <li class={made ? 'made-for' : undefined}>{t(l.msg)}</li>;
  return (
    <li>
      <button type="button" class="log-cards" onClick={() => readCards(cards)}>
        {t(l.msg)}
      </button>
    </li>
  );
});

/**
 * Does a log line say something was done to `you` (damage, dying, cards taken or discarded, an imp, a
 * challenge, a move made for you at the deadline)? Those come first in "since you were last here".
 */
export function hitsYou(m: Msg, you: number): boolean {
  if (
    !/damage|dying|death|died|kill|take|snatch|dismantle|lose|borrow|possess|challenge|timedOut|botPlayed/i.test(m.key)
  )
    return false;
  const p = m.params ?? {};
  const aimed = [p.target, p.to, p.voter, ...(Array.isArray(p.targets) ? p.targets : [])];
  if (aimed.some((x) => x !== undefined)) return aimed.includes(you);
  // No target: the line's seat is the one it happened to ("张三 is dying", "张三 loses 1 spirit").
  return p.seat === you;
}

/**
 * "What happened since you were last here": the log lines after the last one this device saw, shown once at
 * the top of the table and dismissable. The caller decides the cut (captured when the page opened).
 */
export function SinceLastVisit({
  lines,
  t,
  you,
  onClose,
}: {
  lines: LogLine[];
  t: T;
  you: number | null;
  onClose: () => void;
}) {
  const [all, setAll] = useState(false);
  // What happened while you were away plays on the table once, in order, when you open it; ▶ plays it again.
  useEffect(() => {
    if (lines.length) replayLines.value = lines;
  }, []);
  if (!lines.length) return null;
  const hits = you === null ? [] : lines.filter((l) => hitsYou(l.msg, you));
  const rest = lines.filter((l) => !hits.includes(l));
  const shown = all ? rest : rest.slice(-6);
  return (
    <section class="card since" aria-labelledby="since-h">
      <div class="since-head">
        <h2 id="since-h">{s('since.title', { n: lines.length })}</h2>
        <button type="button" class="btn small ghost" onClick={() => (replayLines.value = [...lines])}>
          ▶ {s('since.onTable')}
        </button>
        <button type="button" class="icon-btn" aria-label={s('common.close')} onClick={onClose}>
          ×
        </button>
      </div>
      {hits.length > 0 && (
        <>
          <h3 class="since-sub">{s('since.hitYou')}</h3>
          <ol class="since-list hits">
            {hits.map((l) => (
              <li key={l.i}>{t(l.msg)}</li>
            ))}
          </ol>
          {rest.length > 0 && <h3 class="since-sub">{s('since.rest')}</h3>}
        </>
      )}
      <ol class="since-list">
        {shown.map((l) => (
          <li key={l.i}>{t(l.msg)}</li>
        ))}
      </ol>
      {rest.length > shown.length && (
        <button type="button" class="btn small ghost" onClick={() => setAll(true)}>
          {s('since.more', { n: rest.length - shown.length })}
        </button>
      )}
    </section>
  );
}

export function ChatView({
  chat,
  canSend,
  send,
}: {
  chat: ChatLine[];
  canSend: boolean;
  send: (text: string) => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [chat.length]);
  const time = (iso: string) => {
    const d = new Date(iso);
    const today = new Date().toDateString() === d.toDateString();
    return d.toLocaleString(
      lang.value,
      today
        ? { hour: '2-digit', minute: '2-digit' }
        : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
    );
  };
  return (
    <div class="chat">
      {chat.length ? (
        <ol class="chat-lines" ref={ref} tabIndex={0} aria-label={s('chat.title')}>
          {chat.map((c, i) => (
            <li key={i}>
              <b>{c.name}</b> <time dateTime={c.at}>{time(c.at)}</time>
              <div class="chat-text">{c.text}</div>
            </li>
          ))}
        </ol>
      ) : (
        <p class="empty">{s('chat.empty')}</p>
      )}
      {canSend ? (
        <form
          class="chat-form"
          onSubmit={async (e) => {
            e.preventDefault();
            const v = text.trim();
            if (!v) return;
            setBusy(true);
            setError(null);
            try {
              await send(v);
              setText('');
            } catch (err) {
              setError(err);
            }
            setBusy(false);
          }}
        >
          <input
            value={text}
            maxLength={280}
            aria-label={s('chat.placeholder')}
            placeholder={s('chat.placeholder')}
            onInput={(e) => setText((e.target as HTMLInputElement).value)}
          />
          <button type="submit" class="btn small" disabled={busy || !text.trim()}>
            {s('chat.send')}
          </button>
        </form>
      ) : (
        <p class="hint">{s('chat.seatsOnly')}</p>
      )}
      <ErrorNote error={error} />
    </div>
  );
}

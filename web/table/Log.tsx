import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChatLine, LogLine, Msg } from '../../worker/protocol';
import { lang, s } from '../i18n';
import { ErrorNote } from '../ui';

type T = (m: Msg | string, p?: Record<string, unknown>) => string;


/**
 * The table's record, oldest first, kept scrolled to the newest line unless the reader scrolled up. `earlier`
 * is given while the client holds only the newest part of the log: a button above the lines fetches the rest.
 */
export function LogView({ log, t, earlier }: { log: LogLine[]; t: T; earlier?: (() => Promise<void>) | undefined }) {
  const ref = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [log.length]);
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
          <li key={l.i}>{t(l.msg)}</li>
        ))}
      </ol>
    </>
  );
}

/**
 * "What happened since you were last here": the log lines after the last one this device saw, shown once at
 * the top of the table and dismissable. The caller decides the cut (captured when the page opened).
 */
export function SinceLastVisit({ lines, t, onClose }: { lines: LogLine[]; t: T; onClose: () => void }) {
  const [all, setAll] = useState(false);
  if (!lines.length) return null;
  const shown = all ? lines : lines.slice(-6);
  return (
    <section class="card since" aria-labelledby="since-h">
      <div class="since-head">
        <h2 id="since-h">{s('since.title', { n: lines.length })}</h2>
        <button type="button" class="icon-btn" aria-label={s('common.close')} onClick={onClose}>
          ×
        </button>
      </div>
      <ol class="since-list">
        {shown.map((l) => (
          <li key={l.i}>{t(l.msg)}</li>
        ))}
      </ol>
      {lines.length > shown.length && (
        <button type="button" class="btn small ghost" onClick={() => setAll(true)}>
          {s('since.more', { n: lines.length - shown.length })}
        </button>
      )}
    </section>
  );
}

export function ChatView({ chat, canSend, send }: { chat: ChatLine[]; canSend: boolean; send: (text: string) => Promise<void> }) {
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
    return d.toLocaleString(lang.value, today ? { hour: '2-digit', minute: '2-digit' } : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
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
          <input value={text} maxLength={280} aria-label={s('chat.placeholder')} placeholder={s('chat.placeholder')} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
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

import { useEffect, useRef, useState } from 'preact/hooks';
import { lang, s } from '../i18n';
import { setSound, soundOn } from '../lib/badge';
import { addWebhook, pushSupported, removeTarget, subscribePush } from '../lib/push';
import { myGames, saveGame } from '../lib/store';
import { ErrorNote } from '../ui';
import { IconBell } from '../icons';

/**
 * The bell: how this seat hears that the table waits for it. Permission is asked only from a click here,
 * never on page load. Push goes through the service worker; a webhook (generic JSON, ntfy or Discord) is
 * for people who live in a chat app; the sound is for an open tab.
 */
export function NotifyButton({ id, token, inline }: { id: string; token: string; inline?: boolean }) {
  const [open, setOpen] = useState(false);
  const me = myGames.value[id];
  const on = me?.push !== undefined || !!me?.hook;
  const panelId = `notify-${inline ? 'inline' : 'top'}`;
  const ref = useRef<HTMLDivElement>(null);
  // A popover: Escape or a click outside closes it, and focus goes back to the bell.
  useEffect(() => {
    if (!open) return;
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    const click = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', key);
    document.addEventListener('mousedown', click);
    return () => {
      document.removeEventListener('keydown', key);
      document.removeEventListener('mousedown', click);
    };
  }, [open]);
  return (
    <div class={`notify${inline ? ' inline' : ''}`} ref={ref}>
      <button
        type="button"
        class={inline ? 'btn' : `icon-btn bell${on ? ' on' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={inline ? undefined : s('notify.title')}
        title={s('notify.title')}
        onClick={() => setOpen(!open)}
      >
        <IconBell off={!on} />
        {inline && <> {s('notify.cta')}</>}
      </button>
      {open && (
        <div id={panelId} class="notify-panel" role="group" aria-label={s('notify.title')}>
          <button type="button" class="icon-btn notify-close" aria-label={s('common.close')} onClick={() => setOpen(false)}>
            ×
          </button>
          <NotifyPanel id={id} token={token} />
        </div>
      )}
    </div>
  );
}

function NotifyPanel({ id, token }: { id: string; token: string }) {
  const me = myGames.value[id];
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState('ntfy');
  const supported = pushSupported();
  const denied = supported && Notification.permission === 'denied';

  const act = async (f: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await f();
    } catch (e) {
      const m = (e as Error).message;
      setError(m === 'denied' ? new Error(s('notify.denied')) : m === 'unsupported' ? new Error(s('notify.unsupported')) : e);
    }
    setBusy(false);
  };

  return (
    <div class="notify-body">
      <h3>{s('notify.title')}</h3>
      <p class="hint">{s('notify.explain')}</p>
      <div class="notify-row">
        <span>
          <b>{s('notify.push')}</b>
          <small>{!supported ? s('notify.unsupported') : denied ? s('notify.denied') : me?.push !== undefined ? s('notify.pushOn') : s('notify.pushOff')}</small>
        </span>
        {me?.push !== undefined ? (
          <button type="button" class="btn small" disabled={busy} onClick={() => act(async () => (await removeTarget(id, token, me.push!), void saveGame(id, { push: undefined })))}>
            {s('notify.turnOff')}
          </button>
        ) : (
          <button type="button" class="btn small primary" disabled={busy || !supported || denied} onClick={() => act(async () => void saveGame(id, { push: await subscribePush(id, token, lang.value) }))}>
            {s('notify.turnOn')}
          </button>
        )}
      </div>
      <label class="check">
        <input type="checkbox" checked={soundOn.value} onChange={(e) => setSound((e.target as HTMLInputElement).checked)} />
        <span>
          <b>{s('notify.sound')}</b>
          <small>{s('notify.soundHint')}</small>
        </span>
      </label>
      <div class="webhook">
        <b>{s('notify.webhook')}</b>
        {me?.hook ? (
          <div class="notify-row">
            <code class="hook-url">{me.hook.url}</code>
            <button type="button" class="btn small" disabled={busy} onClick={() => act(async () => (await removeTarget(id, token, me.hook!.id), void saveGame(id, { hook: undefined })))}>
              {s('notify.remove')}
            </button>
          </div>
        ) : (
          <form
            class="hook-form"
            onSubmit={(e) => {
              e.preventDefault();
              const u = url.trim();
              if (u) void act(async () => (void saveGame(id, { hook: { id: await addWebhook(id, token, u, format, lang.value), url: u, format } })));
            }}
          >
            <label class="field">
              <span>{s('notify.url')}</span>
              <input type="url" required value={url} placeholder="https://ntfy.sh/my-topic" onInput={(e) => setUrl((e.target as HTMLInputElement).value)} />
            </label>
            <label class="field">
              <span>{s('notify.format')}</span>
              <select value={format} onChange={(e) => setFormat((e.target as HTMLSelectElement).value)}>
                <option value="ntfy">ntfy</option>
                <option value="discord">Discord</option>
                <option value="json">JSON</option>
              </select>
            </label>
            <button type="submit" class="btn small" disabled={busy || !url.trim()}>
              {s('notify.add')}
            </button>
          </form>
        )}
      </div>
      <ErrorNote error={error} />
    </div>
  );
}


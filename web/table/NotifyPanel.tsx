import '../parts/forms.css';
import './panel.css';
import './notify-panel.css';
import { useState } from 'preact/hooks';
import { formatMenu } from '../../worker/notify/formats';
import { lang, s } from '../i18n';
import { setSound, soundOn } from '../lib/badge';
import { addWebhook, pushSupported, removeTarget, subscribePush } from '../lib/push';
import { myGames, saveGame } from '../lib/store';
import { CheckRow, ErrorNote } from '../ui';

/** The bell's panel (its own chunk: most visits never open it): push, sound, webhook. */
export function NotifyPanel({ id, token }: { id: string; token: string }) {
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
      setError(
        m === 'denied' ? new Error(s('notify.denied')) : m === 'unsupported' ? new Error(s('notify.unsupported')) : e,
      );
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
          <small>
            {!supported
              ? s('notify.unsupported')
              : denied
                ? s('notify.denied')
                : me?.push !== undefined
                  ? s('notify.pushOn')
                  : s('notify.pushOff')}
          </small>
        </span>
        {me?.push !== undefined ? (
          <button
            type="button"
            class="btn small"
            disabled={busy}
            onClick={() =>
              act(async () => (await removeTarget(id, token, me.push!), void saveGame(id, { push: undefined })))
            }
          >
            {s('notify.turnOff')}
          </button>
        ) : (
          <button
            type="button"
            class="btn small primary"
            disabled={busy || !supported || denied}
            onClick={() => act(async () => void saveGame(id, { push: await subscribePush(id, token, lang.value) }))}
          >
            {s('notify.turnOn')}
          </button>
        )}
      </div>
      <CheckRow label={s('notify.sound')} hint={s('notify.soundHint')} checked={soundOn.value} onChange={setSound} />
      <div class="webhook">
        <b>{s('notify.webhook')}</b>
        {me?.hook ? (
          <div class="notify-row">
            <code class="hook-url">{me.hook.url}</code>
            <button
              type="button"
              class="btn small"
              disabled={busy}
              onClick={() =>
                act(async () => (await removeTarget(id, token, me.hook!.id), void saveGame(id, { hook: undefined })))
              }
            >
              {s('notify.remove')}
            </button>
          </div>
        ) : (
          <form
            class="hook-form"
            onSubmit={(e) => {
              e.preventDefault();
              const u = url.trim();
              if (u)
                void act(
                  async () =>
                    void saveGame(id, {
                      hook: { id: await addWebhook(id, token, u, format, lang.value), url: u, format },
                    }),
                );
            }}
          >
            <label class="field">
              <span>{s('notify.url')}</span>
              <input
                type="url"
                required
                value={url}
                placeholder="https://ntfy.sh/my-topic"
                onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
              />
            </label>
            <label class="field">
              <span>{s('notify.format')}</span>
              <select value={format} onChange={(e) => setFormat((e.target as HTMLSelectElement).value)}>
                {formatMenu('personal').map((f) => (
                  <option value={f.id}>{s(f.label)}</option>
                ))}
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

import '../parts/forms.css';
import { useState } from 'preact/hooks';
import { formatMenu } from '../../worker/notify/formats';
import { lang, s } from '../i18n';
import { CheckRow } from '../ui';

/** What the host's `settings` action takes (any subset; `channel: null` removes the table channel). */
export interface HostBody {
  title?: string | null;
  quietCapMinutes?: number | null;
  awayStandIn?: boolean;
  channel?: { url: string; format: string; lang: string } | null;
}

/**
 * The host's part of the across-time-zones settings, inside the host menu: the game's title, the cap on quiet
 * time per day, whether a stand-in answers for away seats, and the table channel (one webhook for the whole
 * game). The room does not send the host's current settings back, so the form sends only what is filled in.
 */
export function HostSettings({ busy, run }: { busy: boolean; run: (body: HostBody) => void }) {
  const [title, setTitle] = useState('');
  const [cap, setCap] = useState('');
  const [standIn, setStandIn] = useState(false);
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState('discord');
  const submit = (e: Event) => {
    e.preventDefault();
    const body: HostBody = { awayStandIn: standIn };
    if (title.trim()) body.title = title.trim();
    if (cap.trim()) body.quietCapMinutes = Math.round(Number(cap) * 60);
    if (url.trim()) body.channel = { url: url.trim(), format, lang: lang.value };
    run(body);
  };
  return (
    <form class="host-settings" onSubmit={submit}>
      <b>{s('host.title')}</b>
      <label class="field">
        <span>{s('host.gameTitle')}</span>
        <input
          type="text"
          name="game-title"
          maxLength={40}
          value={title}
          onInput={(e) => setTitle((e.target as HTMLInputElement).value)}
        />
      </label>
      <label class="field">
        <span>{s('host.quietCap')}</span>
        <input
          type="number"
          name="quiet-cap"
          min={0}
          max={24}
          step={0.5}
          value={cap}
          onInput={(e) => setCap((e.target as HTMLInputElement).value)}
        />
      </label>
      <CheckRow name="away-stand-in" label={s('host.standIn')} checked={standIn} onChange={setStandIn} />
      <label class="field">
        <span>{s('host.channel')}</span>
        <input
          type="url"
          name="channel-url"
          value={url}
          placeholder="https://discord.com/api/webhooks/…"
          onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
        />
      </label>
      <label class="field">
        <span>{s('notify.format')}</span>
        <select name="channel-format" value={format} onChange={(e) => setFormat((e.target as HTMLSelectElement).value)}>
          {formatMenu('channel').map((f) => (
            <option value={f.id}>{s(f.label)}</option>
          ))}
        </select>
      </label>
      <button type="submit" class="btn small" disabled={busy}>
        {s('settings.save')}
      </button>
    </form>
  );
}

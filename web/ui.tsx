import { signal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { LANGS, lang, s, setLang } from './i18n';
import { ApiError } from './lib/api';
import { IconGlobe, IconHourglass, IconPause } from './icons';

/** One clock for every countdown on the page. */
export const now = signal(Date.now());
setInterval(() => (now.value = Date.now()), 1000);

/** "2天3小时", "5:07", "3 d 4 h": compact, the unit that matters first. */
export function formatLeft(ms: number): string {
  if (ms <= 0) return s('time.now');
  const sec = Math.floor(ms / 1000);
  const d = Math.floor(sec / 86400);
  const h = Math.floor((sec % 86400) / 3600);
  const m = Math.floor((sec % 3600) / 60);
  if (d) return s('time.dh', { d, h });
  if (h) return s('time.hm', { h, m });
  return `${m}:${String(sec % 60).padStart(2, '0')}`;
}

export function formatMinutes(min: number): string {
  const [unit, n] = min % 1440 === 0 ? ['days', min / 1440] : min % 60 === 0 ? ['hours', min / 60] : ['minutes', min];
  return s(n === 1 ? `time.${unit}.one` : `time.${unit}`, { n });
}

const clocks = new Map<string, Intl.DateTimeFormat>();
const CLOCK: Record<'day' | 'week' | 'date', Intl.DateTimeFormatOptions> = {
  day: { hour: '2-digit', minute: '2-digit' },
  week: { weekday: 'short', hour: '2-digit', minute: '2-digit' },
  date: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
};

/**
 * A deadline in the reader's own clock: "21:30" today, "Tue 21:30" within the week, a date beyond. The formats
 * are made once per language (`toLocaleString` makes one per call, some milliseconds on a phone, every second).
 */
export function localTime(iso: string, at = Date.now()): string {
  const d = new Date(iso);
  const days = (d.getTime() - at) / 86400000;
  const kind = new Date(at).toDateString() === d.toDateString() ? 'day' : days < 6 ? 'week' : 'date';
  const key = `${lang.value} ${kind}`;
  let f = clocks.get(key);
  if (!f) clocks.set(key, (f = new Intl.DateTimeFormat(lang.value, CLOCK[kind])));
  return f.format(d);
}

/**
 * Time left until a deadline, ticking. `long` also says when, in local time ("until 21:30 your time · 5 h 10
 * min"), for a reader in another time zone than the rest of the table.
 */
export function Countdown({
  deadline,
  paused,
  long,
}: {
  deadline: string | null | undefined;
  paused?: boolean;
  long?: boolean;
}) {
  if (!deadline) return null;
  if (paused)
    return (
      <span class="countdown paused" title={s('table.paused')}>
        <IconPause /> {s('table.paused')}
      </span>
    );
  const left = Date.parse(deadline) - now.value;
  const urgent = left < 5 * 60 * 1000;
  const at = localTime(deadline, now.value);
  return (
    <time
      class={`countdown${urgent ? ' urgent' : ''}`}
      dateTime={deadline}
      title={s('time.until', { at, left: formatLeft(left) })}
    >
      <IconHourglass /> <span class="sr-only">{s('table.timeLeft')} </span>
      {long ? s('time.until', { at, left: formatLeft(left) }) : formatLeft(left)}
    </time>
  );
}

export function LangSwitch() {
  return (
    <label class="lang-switch">
      <span class="sr-only">{s('common.language')}</span>
      <IconGlobe />
      <select value={lang.value} onChange={(e) => setLang((e.target as HTMLSelectElement).value as typeof lang.value)}>
        {LANGS.map((l) => (
          <option key={l.id} value={l.id}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Brand() {
  return (
    <a href="/" class="brand" aria-label={s('common.home')}>
      <img src="/icons/icon.svg" alt="" width={32} height={32} />
      <span class="brand-name">{s('common.site')}</span>
    </a>
  );
}

export function TopBar({ children }: { children?: ComponentChildren }) {
  return (
    <header class="topbar">
      <Brand />
      <div class="topbar-right">
        {children}
        <LangSwitch />
      </div>
    </header>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <div class="spinner" role="status">
      <span class="spinner-dot" aria-hidden="true" />
      <span>{label ?? s('common.loading')}</span>
    </div>
  );
}

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  const msg =
    error instanceof ApiError && error.code === 'offline'
      ? s('error.offline')
      : error instanceof ApiError && error.code === 'rate_limited'
        ? s('error.rateLimited')
        : error instanceof Error
          ? error.message
          : String(error);
  return (
    <p class="error" role="alert">
      {msg}
    </p>
  );
}

/**
 * A checkbox and its words (`label.check`): a bold label and, under it, an optional hint. Every page's yes/no
 * setting is one of these, so they look and read alike.
 * @example <CheckRow label={s('home.bots')} hint={s('home.botsHint')} checked={bots} onChange={setBots} />
 */
export function CheckRow({
  label,
  hint,
  checked,
  onChange,
  name,
  disabled,
}: {
  label: ComponentChildren;
  hint?: ComponentChildren;
  checked: boolean;
  onChange: (on: boolean) => void;
  name?: string;
  disabled?: boolean;
}) {
  return (
    <label class="check">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange((e.target as HTMLInputElement).checked)}
      />
      <span>
        <b>{label}</b>
        {hint && <small>{hint}</small>}
      </span>
    </label>
  );
}

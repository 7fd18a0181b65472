import { useEffect, useRef, useState } from 'preact/hooks';
import { s } from '../i18n';
import { myGames } from '../lib/store';
import { IconBell } from '../icons';
import { lazy } from '../lib/lazy';

import { later } from '../i18n/packs';

/** The bell's panel, with the later strings it shows: its own chunk (the table prefetches it after its first paint). */
export const NotifyPanel = lazy(() => later(import('./NotifyPanel')).then((m) => m.NotifyPanel), null);

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
          <button
            type="button"
            class="icon-btn notify-close"
            aria-label={s('common.close')}
            onClick={() => setOpen(false)}
          >
            ×
          </button>
          <NotifyPanel id={id} token={token} />
        </div>
      )}
    </div>
  );
}

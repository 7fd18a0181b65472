import { effect, signal } from '@preact/signals';
import { waitingCount } from './mygames';
import { pref, setPref } from './store';
import { waitingShown } from './title';

let baseIcon: HTMLImageElement | null = null;

function drawFavicon(n: number): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  link.dataset.base ??= link.href;
  if (!n) {
    link.href = link.dataset.base;
    return;
  }
  const paint = () => {
    const c = document.createElement('canvas');
    c.width = c.height = 64;
    const g = c.getContext('2d');
    // A broken icon (its fetch failed, e.g. offline) cannot be drawn: leave the favicon as it is.
    if (!g || !baseIcon?.naturalWidth) return;
    g.drawImage(baseIcon, 0, 0, 64, 64);
    g.fillStyle = '#c0392b';
    g.beginPath();
    g.arc(46, 18, 18, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#fff';
    g.font = 'bold 26px system-ui, sans-serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(n > 9 ? '9+' : String(n), 46, 19);
    link.href = c.toDataURL('image/png');
  };
  // `complete` is also true of an image whose load failed: only a loaded one is drawn, a broken one is fetched again.
  if (baseIcon?.complete && baseIcon.naturalWidth > 0) paint();
  else {
    baseIcon = new Image();
    baseIcon.onload = paint;
    baseIcon.src = link.dataset.base;
  }
}

/** Title "(2) …" (web/lib/title.ts), the favicon dot and the installed app's badge follow the number of games waiting for you. */
export function startBadge(): void {
  effect(() => {
    const n = waitingCount.value;
    waitingShown.value = n;
    drawFavicon(n);
    const nav = navigator as Navigator & {
      setAppBadge?: (n: number) => Promise<void>;
      clearAppBadge?: () => Promise<void>;
    };
    if (n) nav.setAppBadge?.(n).catch(() => {});
    else nav.clearAppBadge?.().catch(() => {});
  });
}

export const soundOn = signal(pref('sound') === '1');
export function setSound(on: boolean): void {
  soundOn.value = on;
  setPref('sound', on ? '1' : null);
  if (on) chime();
}

let audio: AudioContext | null = null;
/** Two soft notes, like a cup set on a saucer. Off unless the player turned it on. */
export function chime(): void {
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    for (const [i, f] of [880, 1318.5].entries()) {
      const o = audio.createOscillator();
      const v = audio.createGain();
      o.type = 'sine';
      o.frequency.value = f;
      v.gain.setValueAtTime(0.0001, now + i * 0.16);
      v.gain.exponentialRampToValueAtTime(0.18, now + i * 0.16 + 0.02);
      v.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.16 + 0.6);
      o.connect(v).connect(audio.destination);
      o.start(now + i * 0.16);
      o.stop(now + i * 0.16 + 0.65);
    }
  } catch {
    /* no audio: nothing to do */
  }
}

/**
 * Tell the player their turn came: a sound if they asked for one, and a system notification when the tab is
 * hidden and permission was already given (the same tag as the push, so the two replace each other).
 */
export function announceTurn(gameId: string, seat: number, title: string, body: string): void {
  if (soundOn.value) chime();
  if (
    document.visibilityState === 'visible' ||
    typeof Notification === 'undefined' ||
    Notification.permission !== 'granted'
  )
    return;
  const opts: NotificationOptions = {
    body,
    tag: `teahouse:${gameId}:${seat}`,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-72.png',
  };
  const plain = () => void new Notification(title, opts);
  if (!navigator.serviceWorker) return plain();
  navigator.serviceWorker.getRegistration().then((reg) => {
    if (reg) void reg.showNotification(title, { ...opts, data: { url: `/g/${gameId}` } });
    else plain();
  }, plain);
}

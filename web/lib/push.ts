import { api } from './api';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && typeof Notification !== 'undefined';
}

function b64urlToBytes(s: string): Uint8Array<ArrayBuffer> {
  const pad = '='.repeat((4 - (s.length % 4)) % 4);
  const raw = atob((s + pad).replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** The server's VAPID public key (`GET /api/push/key`), accepted as `{key}`, `{publicKey}` or plain text. */
async function vapidKey(): Promise<string> {
  const r = await fetch('/api/push/key', { cache: 'no-store' });
  if (!r.ok) throw new Error(`push key: HTTP ${r.status}`);
  const text = (await r.text()).trim();
  try {
    const j = JSON.parse(text);
    const k = typeof j === 'string' ? j : (j.key ?? j.publicKey ?? j.vapidPublicKey);
    if (typeof k === 'string') return k;
  } catch {
    /* plain text */
  }
  return text;
}

/**
 * Ask permission (only ever from a click), subscribe through the service worker and register the
 * subscription for this seat. Returns the endpoint, or throws with a reason the player can read.
 */
export async function subscribePush(gameId: string, token: string, lang: string): Promise<number> {
  if (!pushSupported()) throw new Error('unsupported');
  const perm = await Notification.requestPermission();
  if (perm !== 'granted') throw new Error('denied');
  const reg = (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register('/sw.js'));
  await navigator.serviceWorker.ready;
  const key = b64urlToBytes(await vapidKey());
  let sub = await reg.pushManager.getSubscription();
  if (sub) {
    // A subscription made for another key (the server rotated VAPID keys) cannot be reused.
    const old = sub.options.applicationServerKey;
    const same = old && old.byteLength === key.length && new Uint8Array(old).every((b, i) => b === key[i]);
    if (!same) {
      await sub.unsubscribe();
      sub = null;
    }
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return register(gameId, token, { kind: 'push', subscription: sub.toJSON(), lang });
}

/** `POST /notify` answers `{id, kind}`; the id is what `DELETE` names later. */
async function register(gameId: string, token: string, body: unknown): Promise<number> {
  const r = await api<{ id: number }>(`/api/games/${encodeURIComponent(gameId)}/notify`, { body, token });
  if (typeof r?.id !== 'number') throw new Error('the server did not confirm the registration');
  return r.id;
}

/** Remove one notification target of this seat (the browser's push subscription stays for other games). */
export async function removeTarget(gameId: string, token: string, id: number): Promise<void> {
  await api(`/api/games/${encodeURIComponent(gameId)}/notify`, { method: 'DELETE', body: { id }, token });
}

export function addWebhook(gameId: string, token: string, url: string, format: string, lang: string): Promise<number> {
  return register(gameId, token, { kind: 'webhook', url, format, lang });
}

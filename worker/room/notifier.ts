/**
 * The room's only door to the notification channels (worker/notify, written separately). The room codes
 * against this small surface — validate a target, render a message, send it — so the channel code can land
 * or change without touching the room. Until `worker/notify/index.ts` exists, the fallbacks below validate
 * targets locally and deliver webhooks as plain JSON; Web Push reports a transient failure (retried later).
 */
import type { DeliveryResult, Lang, NotifyKind, NotifyMessage, NotifyTarget, VapidKeys } from '../notify/types';
import { LANGS } from '../notify/types';
export { retryPlan } from '../notify/retry';
export type { DeliveryResult, Lang, NotifyKind, NotifyMessage, NotifyTarget, VapidKeys };

export const SEND_TIMEOUT_MS = 5_000;

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function httpsUrl(raw: unknown, allowHttpLocal: boolean): URL | null {
  if (typeof raw !== 'string' || raw.length > 2048) return null;
  try {
    const u = new URL(raw);
    if (u.protocol === 'https:') return u;
    // Local development only: a webhook receiver on this machine.
    if (allowHttpLocal && u.protocol === 'http:' && (u.hostname === 'localhost' || u.hostname === '127.0.0.1')) return u;
    return null;
  } catch {
    return null;
  }
}

/** Check a target a seat wants to register; a string is the reason for a 400. */
export function validateTarget(raw: unknown): NotifyTarget | string {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'a target is an object';
  const r = raw as Record<string, unknown>;
  const lang = (r.lang ?? 'zh-CN') as Lang;
  if (!LANGS.includes(lang)) return `lang must be one of ${LANGS.join(', ')}`;
  if (r.kind === 'push') {
    const sub = r.subscription as Record<string, unknown> | undefined;
    if (!sub || typeof sub !== 'object') return 'a push target has a subscription';
    if (!httpsUrl(sub.endpoint, false)) return 'the subscription endpoint must be an https URL';
    const keys = sub.keys as Record<string, unknown> | undefined;
    if (!keys || typeof keys.p256dh !== 'string' || typeof keys.auth !== 'string' || !B64URL.test(keys.p256dh) || !B64URL.test(keys.auth))
      return 'the subscription needs base64url keys p256dh and auth';
    return { kind: 'push', subscription: { endpoint: sub.endpoint as string, keys: { p256dh: keys.p256dh, auth: keys.auth } }, lang };
  }
  if (r.kind === 'webhook') {
    if (!httpsUrl(r.url, true)) return 'a webhook url must be https';
    const format = r.format ?? 'json';
    if (format !== 'json' && format !== 'ntfy' && format !== 'discord') return 'format must be json, ntfy or discord';
    return { kind: 'webhook', url: r.url as string, format, lang };
  }
  return "kind must be 'push' or 'webhook'";
}

/** A stable key for a target, so registering the same endpoint twice replaces it instead of duplicating it. */
export function targetKey(t: NotifyTarget): string {
  return t.kind === 'push' ? `push:${t.subscription.endpoint}` : `webhook:${t.url}`;
}

/** Send one notification; never throws, never takes longer than `timeoutMs`. */
export async function send(target: NotifyTarget, msg: NotifyMessage, o: { vapid: VapidKeys | null; timeoutMs: number }): Promise<DeliveryResult> {
  if (target.kind === 'push') return { ok: false, drop: false, error: 'web push sender not available' };
  try {
    const res = await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(msg),
      signal: AbortSignal.timeout(o.timeoutMs),
    });
    await res.body?.cancel();
    if (res.ok) return { ok: true };
    return { ok: false, drop: res.status === 404 || res.status === 410, status: res.status, error: `HTTP ${res.status}` };
  } catch (e) {
    return { ok: false, drop: false, error: String(e) };
  }
}

/** Fill `{param}` placeholders; seat params become names (the shared Msg convention). */
export function renderMsg(strings: Record<string, string>, key: string, params: Record<string, unknown> | undefined, nameOf: (seat: number) => string): string {
  const template = strings[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, p: string) => {
    const v = params?.[p];
    if (v === undefined) return `{${p}}`;
    const isSeat = ['seat', 'target', 'source', 'from', 'to', 'by', 'host', 'voter'].includes(p) || p.endsWith('Seat');
    if (isSeat && typeof v === 'number') return nameOf(v);
    if ((p === 'seats' || p === 'targets') && Array.isArray(v)) return v.map((s) => (typeof s === 'number' ? nameOf(s) : String(s))).join(', ');
    if (v && typeof v === 'object' && 'key' in (v as object)) {
      const m = v as { key: string; params?: Record<string, unknown> };
      return renderMsg(strings, m.key, m.params, nameOf);
    }
    return Array.isArray(v) ? v.join(', ') : String(v);
  });
}

const SHELL: Record<Lang, Record<string, string>> = {
  'zh-CN': {
    prompt: '轮到你了', reminder: '提醒：还在等你', expired: '已超时', ended: '对局结束', disabled: '通知已停用',
    disabledBody: '通知多次发送失败，已停用：{target}',
  },
  'zh-TW': {
    prompt: '輪到你了', reminder: '提醒：還在等你', expired: '已逾時', ended: '對局結束', disabled: '通知已停用',
    disabledBody: '通知多次傳送失敗，已停用：{target}',
  },
  en: {
    prompt: 'Your turn', reminder: 'Reminder: the table waits for you', expired: 'Time ran out', ended: 'The game is over',
    disabled: 'Notifications turned off', disabledBody: 'Notifications to {target} failed repeatedly and were turned off',
  },
};

/**
 * The notification a seat gets: the game's name and what is asked, rendered in the target's language,
 * with a link that opens the table at that prompt.
 */
export function notificationFor(o: {
  lang: Lang;
  kind: NotifyKind;
  gameId: string;
  game: string;
  gameTitle: string;
  seat: number;
  url: string;
  strings: Record<string, Record<string, string>> | undefined;
  names: (string | null)[];
  prompt?: { id: string; message: { key: string; params?: Record<string, unknown> }; deadline?: string };
  note?: string;
}): NotifyMessage {
  const shell = SHELL[o.lang];
  const strings = o.strings?.[o.lang] ?? {};
  const nameOf = (s: number) => o.names[s] ?? `#${s + 1}`;
  const body = o.prompt ? renderMsg(strings, o.prompt.message.key, o.prompt.message.params, nameOf) : o.note ?? '';
  const msg: NotifyMessage = {
    gameId: o.gameId,
    game: o.game,
    seat: o.seat,
    kind: o.kind,
    title: `${o.gameTitle} · ${shell[o.kind]}`,
    body,
    url: o.prompt ? `${o.url}?prompt=${encodeURIComponent(o.prompt.id)}` : o.url,
  };
  if (o.prompt) msg.promptId = o.prompt.id;
  if (o.prompt?.deadline) msg.deadline = o.prompt.deadline;
  return msg;
}

export function disabledNote(lang: Lang, target: NotifyTarget): string {
  const where = target.kind === 'push' ? 'push' : new URL(target.url).host;
  return SHELL[lang].disabledBody!.replace('{target}', where);
}

/**
 * The short texts of a notification in the three languages. Generic: the room passes the game's display
 * title and the already-rendered question (`renderMsg`), so no game knowledge lives here.
 */
import type { Lang, NotifyKind } from './types';

export interface NotificationInput {
  lang: Lang;
  /** The game's display name in `lang` ("驱鬼"). */
  gameTitle: string;
  /** What is asked, rendered in `lang` ("饿死鬼的驱鬼投票"); for `ended`, the outcome line. */
  question?: string;
  /** ISO time of the deadline, if any. */
  deadline?: string;
  /** Milliseconds since the epoch; needed to say how much time is left. */
  now?: number;
}

interface Texts {
  prompt: string;
  reminder: string;
  expired: string;
  ended: string;
  disabled: string;
  again: string;
  againBody: string;
  expiredBody: string;
  endedBody: string;
  disabledBody: string;
  left: string;
  dash: string;
  days: string;
  hours: string;
  minutes: string;
  underMinute: string;
  joiner: string;
}

const TEXTS: Record<Lang, Texts> = {
  'zh-CN': {
    prompt: '轮到你了',
    reminder: '别忘了，轮到你了',
    expired: '已超时',
    ended: '对局结束',
    disabled: '通知已停用',
    again: '再来一局？',
    againBody: '有人提议同一桌再来一局：请在结束画面答复。',
    expiredBody: '时间到，已替你作答：{q}',
    endedBody: '对局结束，来看看结果吧。',
    disabledBody: '你的通知地址多次发送失败，已停用。请在牌桌上重新设置。',
    left: '还剩 {t}',
    dash: ' — ',
    days: '{n} 天',
    hours: '{n} 小时',
    minutes: '{n} 分钟',
    underMinute: '不到 1 分钟',
    joiner: ' ',
  },
  'zh-TW': {
    prompt: '輪到你了',
    reminder: '別忘了，輪到你了',
    expired: '已逾時',
    ended: '對局結束',
    disabled: '通知已停用',
    again: '再來一局？',
    againBody: '有人提議同一桌再來一局：請在結束畫面答覆。',
    expiredBody: '時間到，已替你作答：{q}',
    endedBody: '對局結束，來看看結果吧。',
    disabledBody: '你的通知網址多次傳送失敗，已停用。請在牌桌上重新設定。',
    left: '還剩 {t}',
    dash: ' — ',
    days: '{n} 天',
    hours: '{n} 小時',
    minutes: '{n} 分鐘',
    underMinute: '不到 1 分鐘',
    joiner: ' ',
  },
  en: {
    prompt: 'Your turn',
    reminder: 'Reminder: your turn',
    expired: "Time's up",
    ended: 'Game over',
    disabled: 'Notifications stopped',
    again: 'Play again?',
    againBody: 'Someone proposes another game with this table: answer on the end screen.',
    expiredBody: 'Time ran out; an answer was given for you: {q}',
    endedBody: 'The game is over — see how it ended.',
    disabledBody: 'Your notification address failed too many times and was turned off. Set it again at the table.',
    left: '{t} left',
    dash: ' — ',
    days: '{n} d',
    hours: '{n} h',
    minutes: '{n} min',
    underMinute: 'under a minute',
    joiner: ' ',
  },
};

/** Shorten to `max` code points with an ellipsis (never splits a surrogate pair). */
export function clip(text: string, max: number): string {
  const cps = Array.from(text);
  return cps.length <= max ? text : cps.slice(0, Math.max(0, max - 1)).join('') + '…';
}

/** "1 天 3 小时" / "1 d 3 h": at most the two largest units, rounded down, so it never overstates. */
export function formatDuration(ms: number, lang: Lang): string {
  const t = TEXTS[lang] ?? TEXTS['zh-CN'];
  const min = Math.floor(ms / 60_000);
  if (min < 1) return t.underMinute;
  const d = Math.floor(min / 1440);
  const h = Math.floor((min % 1440) / 60);
  const m = min % 60;
  const parts: string[] = [];
  if (d) parts.push(t.days.replace('{n}', String(d)));
  if (h) parts.push(t.hours.replace('{n}', String(h)));
  if (m && !d) parts.push(t.minutes.replace('{n}', String(m)));
  return parts.join(t.joiner);
}

/**
 * Title and body for one notification.
 *
 * @example
 * notificationFor('prompt', { lang: 'zh-CN', gameTitle: '驱鬼', question: '饿死鬼的驱鬼投票' })
 * // → { title: '轮到你了 — 驱鬼', body: '饿死鬼的驱鬼投票' }
 */
export function notificationFor(kind: NotifyKind, o: NotificationInput): { title: string; body: string } {
  const t = TEXTS[o.lang] ?? TEXTS['zh-CN'];
  const q = (o.question ?? '').trim();
  const deadlineMs = o.deadline ? Date.parse(o.deadline) : NaN;
  const left =
    o.now !== undefined && Number.isFinite(deadlineMs) && deadlineMs > o.now
      ? formatDuration(deadlineMs - o.now, o.lang)
      : null;
  const leftText = left ? t.left.replace('{t}', left) : '';
  const title = `${t[kind]}${t.dash}${o.gameTitle}`;
  switch (kind) {
    case 'prompt':
    case 'reminder': {
      const body = [q, leftText].filter(Boolean).join(' · ');
      return { title: kind === 'reminder' && leftText ? `${leftText}${t.dash}${o.gameTitle}` : title, body };
    }
    case 'expired':
      return { title, body: q ? t.expiredBody.replace('{q}', q) : t.expiredBody.replace(/[:：]\s*\{q\}$/, '') };
    case 'ended':
      return { title, body: q || t.endedBody };
    case 'disabled':
      return { title, body: t.disabledBody };
    case 'again': {
      const body = [t.againBody, leftText].filter(Boolean).join(' · ');
      return { title, body };
    }
  }
}

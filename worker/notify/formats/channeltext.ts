/**
 * The words of a table-channel post, the same in every format: a heading, then "waiting on …" (with who is asleep
 * or away and the time left), or who started, or the outcome. A format says how its text is escaped and how it
 * writes a mention; it lays the words out in its own request (`NotifyFormat.channel`).
 */
import { clip, formatDuration } from '../texts';
import type { Lang } from '../types';
import type { ChannelInput } from '../channel';
import type { NotifyFormat } from './format';

interface Texts {
  waiting: string;
  start: string;
  end: string;
  winners: string;
  draw: string;
  again: string;
  againHost: string;
  againAsked: string;
  asleep: string;
  away: string;
  left: string;
  sep: string;
}

const TEXTS: Record<Lang, Texts> = {
  'zh-CN': {
    waiting: '等待：{names}',
    start: '对局开始：{names}',
    end: '对局结束：{reason}',
    winners: '胜者：{names}',
    draw: '平局',
    again: '{name}提议同一桌再来一局',
    againHost: '房主提议同一桌再来一局',
    againAsked: '请在结束画面答复：{names}',
    asleep: '{name}在睡觉，当地时间{time}醒',
    away: '{name}暂时离开',
    left: '还剩{t}',
    sep: '、',
  },
  'zh-TW': {
    waiting: '等待：{names}',
    start: '對局開始：{names}',
    end: '對局結束：{reason}',
    winners: '勝者：{names}',
    draw: '平局',
    again: '{name}提議同一桌再來一局',
    againHost: '房主提議同一桌再來一局',
    againAsked: '請在結束畫面答覆：{names}',
    asleep: '{name}在睡覺，當地時間{time}醒',
    away: '{name}暫時離開',
    left: '還剩{t}',
    sep: '、',
  },
  en: {
    waiting: 'Waiting on {names}',
    start: 'The game has started: {names}',
    end: 'The game is over: {reason}',
    winners: 'Winners: {names}',
    draw: 'a draw',
    again: '{name} proposes another game with this table',
    againHost: 'The host proposes another game with this table',
    againAsked: 'Answer on the end screen: {names}',
    asleep: '{name} is asleep until {time} their time',
    away: '{name} is away',
    left: '{t} left',
    sep: ', ',
  },
};

/**
 * Check a mention a seat sets under a format's rule (`NotifyFormat.mention`; by default one short line, shown as
 * is). Returns it normalised, null for none, or a reason for the 400.
 */
export function checkMention(rule: NotifyFormat['mention'], raw: unknown): string | null | { error: string } {
  if (raw === null || raw === '') return null;
  if (typeof raw !== 'string' || raw.length > 64) return { error: 'mention must be a short text' };
  if (/[\r\n\u2028\u2029]/.test(raw)) return { error: 'mention must be one short line' };
  // Bidi overrides, zero-width and other invisible or control characters go (issue 26 point 10): a mention is
  // shown to the whole channel, and U+202E could turn the words around it.
  const m = raw.normalize('NFC').replace(INVISIBLE, '').trim();
  if (!m) return null;
  if (rule) return rule(m);
  return m.length <= 32 ? m : { error: 'mention must be one short line' };
}

/** What a mention may not carry: control, format (bidi controls, zero-width), private-use and unassigned code points. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/gu;

/** The mention if it is valid under `rule`, else null (a mention set for another format is not used). */
export const validMention = (rule: NotifyFormat['mention'], m: string | null | undefined): string | null => {
  const v = m ? checkMention(rule, m) : null;
  return typeof v === 'string' ? v : null;
};

/** How a format writes the words. */
export interface ChannelStyle {
  /** Makes a name or a reason show as itself in the format's markup. */
  escape?: (s: string) => string;
  /** The format's mention rule (`NotifyFormat.mention`). */
  mention?: NotifyFormat['mention'];
  /** How a valid mention is written after a name; absent: names go without mentions. */
  tag?: (mention: string) => string;
  /** The format shows the deadline itself (Discord's stamp): no "5 h left" line. */
  ownClock?: boolean;
}

export interface ChannelText {
  heading: string;
  /** Lines of text, each already escaped for the format. */
  lines: string[];
  /** The mentions written (Discord lets only these ping). */
  mentioned: string[];
  deadline: number | null;
}

const fill = (tpl: string, v: Record<string, string>) => tpl.replace(/\{(\w+)\}/g, (w, k: string) => v[k] ?? w);

export function channelText(input: ChannelInput, lang: Lang, style: ChannelStyle): ChannelText {
  const t = TEXTS[lang] ?? TEXTS['zh-CN'];
  const esc = style.escape ?? ((s: string) => s);
  const bySeat = new Map(input.seats.map((s) => [s.seat, s]));
  const mentioned: string[] = [];
  const nameOf = (seat: number, withMention: boolean): string => {
    const s = bySeat.get(seat);
    const name = esc(clip(s?.name?.trim() || `#${seat + 1}`, 40));
    const m = withMention && style.tag ? validMention(style.mention, s?.mention) : null;
    if (!m || !style.tag) return name;
    mentioned.push(m);
    return `${name} ${style.tag(m)}`;
  };
  const heading = esc(clip(input.title?.trim() ? `${input.title.trim()} · ${input.gameTitle}` : input.gameTitle, 120));
  const lines: string[] = [];
  let deadline: number | null = null;
  const ev = input.event;
  if (ev.kind === 'waiting') {
    const seats = [...new Set(ev.seats)].sort((a, b) => a - b);
    lines.push(fill(t.waiting, { names: seats.map((s) => nameOf(s, true)).join(t.sep) }));
    for (const s of seats) {
      const seat = bySeat.get(s);
      if (seat?.asleepUntil) lines.push(fill(t.asleep, { name: nameOf(s, false), time: esc(seat.asleepUntil) }));
      else if (seat?.away) lines.push(fill(t.away, { name: nameOf(s, false) }));
    }
    if (ev.deadline && ev.deadline > input.now) {
      deadline = ev.deadline;
      if (!style.ownClock) lines.push(fill(t.left, { t: formatDuration(ev.deadline - input.now, lang) }));
    }
  } else if (ev.kind === 'again') {
    lines.push(ev.by === null ? t.againHost : fill(t.again, { name: nameOf(ev.by, false) }));
    const asked = [...new Set(ev.seats)].sort((a, b) => a - b);
    if (asked.length) lines.push(fill(t.againAsked, { names: asked.map((s) => nameOf(s, true)).join(t.sep) }));
    if (ev.deadline > input.now) {
      deadline = ev.deadline;
      if (!style.ownClock) lines.push(fill(t.left, { t: formatDuration(ev.deadline - input.now, lang) }));
    }
  } else if (ev.kind === 'start') {
    lines.push(fill(t.start, { names: input.seats.map((s) => nameOf(s.seat, true)).join(t.sep) }));
  } else {
    lines.push(fill(t.end, { reason: esc(clip(ev.reason, 300)) }));
    lines.push(
      ev.winners.length ? fill(t.winners, { names: ev.winners.map((s) => nameOf(s, true)).join(t.sep) }) : t.draw,
    );
  }
  return { heading, lines, mentioned: [...new Set(mentioned)], deadline };
}

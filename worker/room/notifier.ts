/**
 * The room's only door to the notification channels (worker/notify): validate a target, build a message,
 * send it. The room codes against this small surface so the channel library can change without touching it.
 */
import {
  notificationFor,
  pickStrings,
  renderMsg,
  send as sendVia,
  validateTarget,
  type DeliveryResult,
  type Lang,
  type NotifyKind,
  type NotifyMessage,
  type NotifyTarget,
  type VapidKeys,
} from '../notify';
import type { Msg } from '../engine';
export { retryPlan, pickStrings } from '../notify';
export { validateTarget };
export type { DeliveryResult, Lang, NotifyKind, NotifyMessage, NotifyTarget, VapidKeys };

export const SEND_TIMEOUT_MS = 5_000;

/** How the room delivers one message; tests replace it on the instance to record or fail deliveries. */
export type Sender = (target: NotifyTarget, msg: NotifyMessage, o: { vapid: VapidKeys | null; timeoutMs: number; now: number }) => Promise<DeliveryResult>;

export const send: Sender = (target, msg, o) => sendVia(target, msg, o);

/** A stable key for a target, so registering the same endpoint twice replaces it instead of duplicating it. */
export function targetKey(t: NotifyTarget): string {
  return t.kind === 'push' ? `push:${t.subscription.endpoint}` : `webhook:${t.url}`;
}

/**
 * The notification a seat gets, in the target's language: the game's name and what is asked (the prompt's
 * message rendered with the game's strings), with a link that opens the table at that prompt.
 */
export function messageFor(o: {
  target: NotifyTarget;
  kind: NotifyKind;
  gameId: string;
  game: string;
  seat: number;
  url: string;
  strings: Record<string, Record<string, string>> | undefined;
  names: (string | null)[];
  now: number;
  /** What is asked (a prompt: id set) or told (an outcome). */
  about?: { id?: string; message: Msg; deadline?: string };
}): NotifyMessage {
  const lang: Lang = o.target.lang;
  const strings = pickStrings(o.strings, lang);
  const nameOf = (s: number) => o.names[s] ?? `#${s + 1}`;
  const gameTitle = gameTitleOf(strings, o.game);
  const question = o.about ? renderMsg(strings, o.about.message, nameOf, { lang }) : undefined;
  const { title, body } = notificationFor(o.kind, {
    lang,
    gameTitle,
    ...(question ? { question } : {}),
    ...(o.about?.deadline ? { deadline: o.about.deadline } : {}),
    now: o.now,
  });
  const msg: NotifyMessage = {
    gameId: o.gameId,
    game: o.game,
    seat: o.seat,
    kind: o.kind,
    title,
    body,
    url: o.about?.id ? `${o.url}?prompt=${encodeURIComponent(o.about.id)}` : o.url,
  };
  if (o.about?.id) msg.promptId = o.about.id;
  if (o.about?.deadline) msg.deadline = o.about.deadline;
  return msg;
}

/**
 * The game's display name in one language: `<game id>.title`, else the one `<namespace>.title` key of its
 * strings (sanguosha's keys are `sgs.*`), else the id.
 */
export function gameTitleOf(strings: Record<string, string>, game: string): string {
  return strings[`${game}.title`] ?? Object.entries(strings).find(([k]) => /^[a-z]+\.title$/.test(k))?.[1] ?? game;
}

/** The line a seat reads in its chat when one of its targets was turned off after repeated failures. */
export function disabledNote(target: NotifyTarget, gameTitle: string): string {
  return notificationFor('disabled', { lang: target.lang, gameTitle }).body;
}

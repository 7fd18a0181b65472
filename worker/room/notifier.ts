/**
 * The room's only door to the notification channels (worker/notify): validate a target, build a message,
 * send it. The room codes against this small surface so the channel library can change without touching it.
 */
import {
  notificationFor,
  pickStrings,
  refusedTarget,
  renderMsg,
  send as sendVia,
  validateTarget,
  type DeliveryResult,
  type Lang,
  type NotifyKind,
  type NotifyMessage,
  type NotifyTarget,
  type TargetScope,
  type VapidKeys,
} from '../notify';
import type { Msg } from '../engine';
export { retryPlan, pickStrings } from '../notify';
export { validateTarget };
export type { DeliveryResult, NotifyKind, NotifyMessage, NotifyTarget, VapidKeys };

export const SEND_TIMEOUT_MS = 5_000;

/**
 * How the room delivers one message; tests replace it on the instance to record or fail deliveries. `scope`
 * is where targets may point (`public` unless the Worker allows private targets: tests, local development).
 */
export type Sender = (
  target: NotifyTarget,
  msg: NotifyMessage,
  o: { vapid: VapidKeys | null; timeoutMs: number; now: number; scope?: TargetScope; dohUrl?: string },
) => Promise<DeliveryResult>;

/** Checked again just before sending (a name may resolve elsewhere now); a refused target is dropped. */
export const send: Sender = async (target, msg, o) => {
  const bad = await refusedTarget(
    target.kind === 'push' ? target.subscription.endpoint : target.url,
    o.scope ?? 'public',
    fetch,
    o.dohUrl,
  );
  if (bad) return { ok: false, drop: true, error: `target refused: ${bad}` };
  return sendVia(target, msg, o);
};

/** Where the Worker lets targets point: `ALLOW_PRIVATE_TARGETS=1` only in the tests' and local development's. */
export const targetScope = (env: { ALLOW_PRIVATE_TARGETS?: string }): TargetScope =>
  env.ALLOW_PRIVATE_TARGETS === '1' ? 'private' : 'public';

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

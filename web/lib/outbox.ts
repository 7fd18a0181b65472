import type { Answer, LogLine, Msg, StateBody } from '../../worker/protocol';

/**
 * An answer that could not go out at once (offline, or the request failed on the way) and waits for the
 * connection. It is sent with the version it was made against, so the room's version check turns a repeat
 * into a harmless 409; before sending, the client looks at the table again and tells the player plainly when
 * the answer can no longer count.
 */
export interface Queued {
  answer: Answer;
  /** The chosen option's message, to name the answer to the player even after its prompt has gone. */
  label: Msg | null;
  /** The state version the answer was made against. */
  version: number;
  /** Where the log ended when it was made: lines after it say what happened meanwhile. */
  logEnd: number;
  /**
   * A request for it did leave and no reply came back: the room may have taken it already. Only then can a
   * vanished prompt be our own doing, and the player is told we could not confirm it rather than "not sent".
   */
  uncertain: boolean;
}

/** Why a queued answer was not sent. */
export type NotSentReason =
  /** The prompt's deadline passed and the default (or a bot) answered for you. */
  | 'timedOut'
  /** The prompt is gone for another reason (the host acted, the game ended, another seat's move closed it). */
  | 'gone'
  /** The room answered 409: the table moved on since the answer was made. */
  | 'moved'
  /** The connection dropped while it was being sent and the prompt is gone: it may or may not have counted. */
  | 'unconfirmed'
  /** The room refused it (its message is shown as worded). */
  | 'refused';

/** What the outbox shows: nothing, an answer waiting or on its way, or one that was not sent and why. */
export type OutboxState =
  | null
  | ({ status: 'queued' | 'sending' } & Queued)
  | ({ status: 'notSent'; reason: NotSentReason; message?: string } & Queued);

/** Log keys the room writes before a move it made for a seat (contracts §5). */
const FOR_YOU = new Set(['room.log.timedOut', 'room.log.botPlayed']);

/** Did the room answer for `seat` in the lines written after `logEnd`? */
export function answeredForSeat(log: LogLine[], logEnd: number, seat: number | null): boolean {
  if (seat === null) return false;
  return log.some((l) => l.i >= logEnd && FOR_YOU.has(l.msg.key) && l.msg.params?.seat === seat);
}

/**
 * Decide what to do with a queued answer now that the current table is known: send it, or say why not.
 * An answer whose prompt is still open is sent with the version it was made against: the room takes it when
 * that prompt was already open then and still is (prompts never change once asked), and answers 409 when the
 * table has moved on in a way that matters — then the reason is 'moved'.
 */
export function decide(q: Queued, cur: Pick<StateBody, 'prompts' | 'log' | 'you'>): 'send' | NotSentReason {
  const open = cur.prompts.some((p) => p.id === q.answer.prompt);
  if (!open) {
    if (answeredForSeat(cur.log, q.logEnd, cur.you)) return 'timedOut';
    return q.uncertain ? 'unconfirmed' : 'gone';
  }
  return 'send';
}

/** The message of the option an answer chose, from the prompts it was made against. */
export function optionLabel(st: Pick<StateBody, 'prompts'> | null, a: Answer): Msg | null {
  return st?.prompts.find((p) => p.id === a.prompt)?.options.find((o) => o.id === a.option)?.message ?? null;
}

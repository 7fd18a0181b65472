import { signal } from '@preact/signals';
import type { Answer, ChatLine } from '../../worker/protocol';
import { ApiError } from '../lib/api';
import { Live } from '../lib/live';
import type { PracticeReply, PracticeRequest } from './protocol';

let worker: Worker | null = null;
let seq = 0;
const waiting = new Map<number, (r: PracticeReply) => void>();

/** One request to the practice worker (started on first use, one per page), answered in order. */
export function ask(req: PracticeRequest): Promise<PracticeReply> {
  if (!worker) {
    worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (ev: MessageEvent<{ id: number; reply: PracticeReply }>) => {
      const done = waiting.get(ev.data.id);
      waiting.delete(ev.data.id);
      done?.(ev.data.reply);
    };
    // A worker that cannot start (its script missing: a new deploy while offline) answers every request it holds.
    worker.onerror = (ev) => {
      ev.preventDefault();
      worker = null;
      for (const done of waiting.values())
        done({ type: 'failed', message: ev.message || 'the practice worker failed' });
      waiting.clear();
    };
  }
  const id = ++seq;
  const w = worker;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    w.postMessage({ id, req });
  });
}

/**
 * A practice game's table source: the same `Live` the table shell reads online (its `state` signal and log book,
 * `answer`, `chat`), whose room is the practice Web Worker instead of a Durable Object. The worker sends the
 * player's state body only, as the room does; nothing here touches the network, so it plays offline. One
 * instance per game (a new game starts a new log book).
 */
export class PracticeLive extends Live {
  /** The bots play the player's seat too. */
  readonly autoplay = signal(false);
  /** No saved game (the form is shown). */
  readonly none = signal(false);
  /** Chat at a practice table stays on the page (the bots do not read it). */
  private chatLines: ChatLine[] = [];

  constructor() {
    super('practice', undefined);
  }

  /** Where the page's log ends: the next body carries the lines after it. */
  private from(): number | undefined {
    return this.state.value?.logEnd;
  }

  /** Show a reply; a refusal or a failure is thrown as the room's errors are. */
  private take(r: PracticeReply): void {
    if (r.type === 'state' || r.type === 'refused') {
      this.none.value = false;
      this.autoplay.value = r.autoplay;
      this.accept({ ...r.body, chat: this.chatLines });
      if (r.type === 'refused') throw new ApiError(r.code === 'stale' ? 409 : 400, r.code, r.message);
    } else if (r.type === 'none') {
      this.none.value = true;
    } else if (r.type === 'failed') {
      this.error.value = new ApiError(500, 'internal', r.message);
      throw this.error.value;
    }
  }

  override start(): void {
    this.conn.value = 'live';
    void this.poll().catch(() => undefined);
  }

  override stop(): void {}

  override async poll(): Promise<void> {
    this.take(await ask({ type: 'open', from: this.from() }));
  }

  override async answer(a: Answer): Promise<void> {
    const version = this.state.value?.version ?? 0;
    this.take(await ask({ type: 'answer', answer: a, version, from: this.from() }));
  }

  /** The book holds every line from the visit's start (the tail before it): fetch them all. */
  override async loadEarlier(): Promise<void> {
    this.take(await ask({ type: 'open', from: 0 }));
  }

  override async chat(text: string): Promise<void> {
    const st = this.state.value;
    if (!st || st.you === null) return;
    const name = st.seats[st.you]?.name ?? '';
    this.chatLines = [...this.chatLines, { at: new Date().toISOString(), seat: st.you, name, text }];
    this.accept({ ...st, chat: this.chatLines, log: [], logFrom: st.logEnd });
  }

  /** The bots play (or stop playing) the player's seat. */
  async setAutoplay(on: boolean): Promise<void> {
    this.take(await ask({ type: 'autoplay', on, from: this.from() }));
  }
}

import type { ChatLine } from '../protocol';
import { cleanText } from './names';
import { ok, reject, type Reply } from './reply';
import { LIMITS } from './limits';
import { iso, type Room } from './types';

interface Row extends ChatLine {
  n: number;
  /** The one seat a note from the room is for (null: the whole table). */
  to: number | null;
}

/**
 * Chat, and notes from the room to one seat. The lines a state body shows (the last `chatLines` for the table
 * and for each seat's own notes) are read once and kept in memory, so no answer reads the chat table.
 */
export class Chat {
  private rows: Row[] = [];

  constructor(private readonly r: Room) {}

  load(): void {
    if (!this.r.store.meta) return;
    this.rows = this.r.sql
      .exec<{ n: number; at: string; seat: number; name: string; text: string; to_seat: number | null }>(
        'SELECT n, at, seat, name, text, to_seat FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY to_seat ORDER BY n DESC) AS k FROM chat) WHERE k <= ? ORDER BY n',
        LIMITS.chatLines,
      )
      .toArray()
      .map((x) => ({ n: x.n, at: x.at, seat: x.seat, name: x.name, text: x.text, to: x.to_seat }));
  }

  /** The last lines `seat` may read (the table's and its own notes), oldest first. */
  linesFor(seat: number | null): ChatLine[] {
    return this.rows
      .filter((x) => x.to === null || x.to === seat)
      .slice(-LIMITS.chatLines)
      .map(({ at, seat: s, name, text }) => ({ at, seat: s, name, text }));
  }

  /** Write a line (inside a transaction) and keep it in memory. */
  add(line: ChatLine, to: number | null = null): void {
    this.r.sql.exec('INSERT INTO chat (at, seat, name, text, to_seat) VALUES (?, ?, ?, ?, ?)', line.at, line.seat, line.name, line.text, to);
    const n = (this.rows.at(-1)?.n ?? 0) + 1;
    this.rows.push({ ...line, n, to });
    // Keep at most `chatLines` per audience (the table, each seat's notes).
    const same = this.rows.filter((x) => x.to === to);
    if (same.length > LIMITS.chatLines) this.rows.splice(this.rows.indexOf(same[0]!), 1);
  }

  async post(token: string | null, body: unknown): Promise<Reply> {
    const st = this.r.store;
    if (!st.load()) return reject('not_found', 'no such game');
    const raw = (body as { text?: unknown } | null)?.text;
    if (typeof raw !== 'string') return st.rejected('bad_request', 'text is required', { route: 'chat' });
    const text = cleanText(raw);
    const len = [...text].length;
    if (len < 1 || len > LIMITS.chatChars) return st.rejected('bad_request', `a message has 1 to ${LIMITS.chatChars} characters`, { route: 'chat' });
    const who = await this.r.seats.actingSeat(token, 'chat', 'messages');
    if ('reply' in who) return who.reply;
    const name = this.r.seats.rows[who.seat]?.name ?? `#${who.seat + 1}`;
    const line: ChatLine = { at: iso(this.r.now()), seat: who.seat, name, text };
    st.mutate((mm) => {
      this.add(line);
      mm.version++;
    });
    this.r.sockets.broadcast();
    return ok(line, 201);
  }
}

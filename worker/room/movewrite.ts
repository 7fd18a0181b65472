/**
 * The statements a change ends with (store.ts `mutate`): the move's ONE statement — an insert into migration 7's
 * view, whose trigger writes the move row, its log lines and, when more of meta than its live part changed, the
 * meta row — and, for a change without a move, its lines and the meta row.
 */
import type { Statement } from './writes';

/** A log line as the store writes it: index, step, audience bits (null: public), the message's JSON text. */
export type LineRow = [i: number, at: number, aud: number | null, msg: string];

/** Lines that ride in the move's statement as columns of their own (migration 7); the rest go as JSON. */
const INLINE_LINES = 4;

/**
 * A move as one answer writes it (migration 7): the view's INSTEAD OF INSERT trigger writes the move row, its log
 * lines (the first `INLINE_LINES` as columns, the message text bound as it is stored; the rest as `more`, a JSON
 * array of `[i, at, aud, msg]` with each message as the JSON string of its text) and the meta row (`meta`, when
 * more of meta than its live part changed) — one statement, atomic as any single statement is.
 */
const insertMove = (lines: number, meta: boolean, more: boolean): string => {
  const cols = ['n', 'seat', 'answer', 'by', 'at', 'delta', 'live'];
  if (meta) cols.push('meta');
  for (let k = 0; k < lines; k++) cols.push(`i${k}`, `at${k}`, `aud${k}`, `msg${k}`);
  if (more) cols.push('more');
  return `INSERT INTO move_writes (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`;
};
/**
 * The move's statement per shape — inline lines (0 to `INLINE_LINES`), with the meta row or not, with `more` or
 * not —, naming only the columns it binds (the trigger reads the others as NULL): an answer binds the values it
 * has, not a NULL for every column it leaves empty. Index: `lines * 4 + (meta ? 2 : 0) + (more ? 1 : 0)`.
 */
const INSERT_MOVE: string[] = [];
for (let lines = 0; lines <= INLINE_LINES; lines++) for (const meta of [false, true]) for (const more of [false, true]) INSERT_MOVE.push(insertMove(lines, meta, more));
/** Log lines as one JSON array (`more`'s form): lines beyond the inline ones, and lines without a move. */
const INSERT_LINES = "INSERT INTO log (i, at, aud, msg) SELECT value ->> '$[0]', value ->> '$[1]', value ->> '$[2]', value ->> '$[3]' FROM json_each(?)";
/** `rows` as `INSERT_LINES` and `more` take them. */
const linesJson = (rows: LineRow[], from: number): string => {
  let json = '';
  for (let k = from; k < rows.length; k++) {
    const [i, at, aud, msg] = rows[k]!;
    json += `${k > from ? ',' : ''}[${i},${at},${aud},${JSON.stringify(msg)}]`;
  }
  return `[${json}]`;
};
/** The meta row, whole. */
export const SAVE_META = 'INSERT OR REPLACE INTO meta (id, json) VALUES (1, ?)';

/** A move row the current change adds: written at its end, with meta's live part as the change left it. */
export interface MoveRow {
  n: number;
  seat: number;
  answer: string;
  by: string;
  at: string;
  delta: string | null;
}

/** The move's one statement: `mv` with meta's live part, the meta row (null: leave it) and the change's lines. */
export function moveStatement(mv: MoveRow, live: string, meta: string | null, lines: LineRow[] | null): Statement {
  const b: unknown[] = [mv.n, mv.seat, mv.answer, mv.by, mv.at, mv.delta, live];
  if (meta !== null) b.push(meta);
  const n = lines === null ? 0 : Math.min(lines.length, INLINE_LINES);
  for (let k = 0; k < n; k++) {
    const x = lines![k]!;
    b.push(x[0], x[1], x[2], x[3]);
  }
  const more = lines !== null && lines.length > INLINE_LINES;
  if (more) b.push(linesJson(lines, INLINE_LINES));
  return [INSERT_MOVE[n * 4 + (meta !== null ? 2 : 0) + (more ? 1 : 0)]!, b];
}

/** Lines without a move (the start's), as one statement. */
export const linesStatement = (rows: LineRow[]): Statement => [INSERT_LINES, [linesJson(rows, 0)]];

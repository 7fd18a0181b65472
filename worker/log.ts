/**
 * Server log lines are `event key=[value] …`, one line per event, so they can be grepped by code or game. A
 * value may come from a request (a name, a prompt id, a path) or from a remote server (a webhook's error), so
 * it is escaped: a raw newline would start a forged log line, an ANSI escape would rewrite the operator's
 * terminal, a bidi override would reorder what is read, and `[` `]` would forge fields.
 */

/** Longest value written; the rest is cut (a 16 KB name is not worth logging whole). */
export const LOG_VALUE_CHARS = 300;

// C0 and C1 controls, DEL, line and paragraph separators, zero-width and bidi formatting characters, BOM.
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

/**
 * One value as it may appear in a log line: strings escaped (`\n`, `\u001b`, `\[`), everything else as JSON.
 * @example logValue('x\n] rejected code=[ok') // 'x\\n\\] rejected code=\\[ok'
 */
export function logValue(v: unknown): string {
  let s = typeof v === 'string' ? v : v instanceof Error ? String(v) : (JSON.stringify(v) ?? String(v));
  if (s.length > LOG_VALUE_CHARS) s = `${s.slice(0, LOG_VALUE_CHARS)}…(${s.length} chars)`;
  return s
    .replace(/[\\[\]]/g, (c) => `\\${c}`)
    .replace(UNSAFE, (c) => {
      const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
      return named[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    });
}

/** `key=[value]` pairs, escaped, undefined values left out. */
export function logFields(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=[${logValue(v)}]`)
    .join(' ');
}

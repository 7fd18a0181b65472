import { joinViewText, type ViewText } from '../engine';

/**
 * A socket's view patch from views given as the text of their parts (`GameDef.viewTexts`): the parts whose text
 * differs from the view the socket was sent last are sent whole, as delta operations (delta.ts: `[path, value]`,
 * the value written as its JSON text); a list of the same length item by item. A part with the same text
 * serialises to the same bytes, so the client's copy of it is already right: nothing is walked, only strings
 * compared — and the strings of the parts every viewer shares are the same ones, built once per state. Walking
 * every seat's view whole (every view holds every character) was the largest part of a broadcast at eight seats.
 * Returns the operations' JSON.
 */
export function textOps(a: ViewText, b: ViewText): string {
  // Other keys, or in another order: the whole view is set.
  if (a.keys.length !== b.keys.length || a.keys.some((k, i) => k !== b.keys[i])) return `[[[],${joinViewText(b)}]]`;
  const ops: string[] = [];
  for (let i = 0; i < b.keys.length; i++) {
    const x = a.parts[i]!;
    const y = b.parts[i]!;
    if (x === y) continue;
    const key = JSON.stringify(b.keys[i]);
    if (typeof x !== 'string' && typeof y !== 'string' && x.length === y.length) {
      for (let j = 0; j < y.length; j++) if (x[j] !== y[j]) ops.push(`[[${key},${j}],${y[j]}]`);
      continue;
    }
    if (typeof x === 'string' && typeof y === 'string') {
      if (x !== y) ops.push(`[[${key}],${y}]`);
      continue;
    }
    ops.push(`[[${key}],${typeof y === 'string' ? y : `[${y.join(',')}]`}]`);
  }
  return `[${ops.join(',')}]`;
}

/**
 * The registry of notification formats: one file per format in this folder, one line here. Validation
 * (`validateTarget`, `validateChannel`), the senders (`send`, `postChannel`) and the client's format menus read
 * it. A test or a variant passes its own registry (`registry([...FORMATS.values(), extra])`); nothing is patched.
 */
import type { NotifyFormat } from './format';
import { discord } from './discord';
import { json } from './json';
import { ntfy } from './ntfy';
import { slack } from './slack';
import { telegram } from './telegram';

export type { NotifyFormat, WebhookRequest } from './format';

/** Formats by id, in menu order. */
export type Formats = ReadonlyMap<string, NotifyFormat>;

export const registry = (list: readonly NotifyFormat[]): Formats => new Map(list.map((f) => [f.id, f]));

export const FORMATS: Formats = registry([discord, slack, telegram, ntfy, json]);

/** Where a format may be used: a seat's own webhook, or the host's table channel. */
export type FormatUse = 'personal' | 'channel';

/** The ids of the formats offered for `use`. */
export const formatIds = (use: FormatUse, formats: Formats = FORMATS): string[] =>
  [...formats.values()].filter((f) => f[use]).map((f) => f.id);

/**
 * The format menu for `use`: ids and the strings keys of their names.
 * @example formatMenu('channel').map((f) => <option value={f.id}>{s(f.label)}</option>)
 */
export const formatMenu = (use: FormatUse, formats: Formats = FORMATS): { id: string; label: string }[] =>
  [...formats.values()].filter((f) => f[use]).map((f) => ({ id: f.id, label: f.label }));

/** Check `format` for `use` and the URL it goes with: the format, or a reason for the 400 (`what` names the field). */
export function checkFormat(
  format: unknown,
  url: URL,
  use: FormatUse,
  what: string,
  formats: Formats = FORMATS,
): NotifyFormat | string {
  const f = typeof format === 'string' ? formats.get(format) : undefined;
  if (!f?.[use]) return `${what} must be one of ${formatIds(use, formats).join(', ')}`;
  return f.checkUrl?.(url) ?? f;
}

import type { Json, Msg, Option } from '../../engine/types';

/** A message of 驱鬼's strings: `msg('ask.day')` is `ghost.ask.day`. */
export const msg = (key: string, params?: Record<string, Json>): Msg & Record<string, Json> =>
  params ? { key: `ghost.${key}`, params } : { key: `ghost.${key}` };

/** An option `id` labelled by the string `ghost.<key>`, with its picks. */
export const opt = (id: string, key: string, params?: Record<string, Json>, extra: Partial<Option> = {}): Option => ({
  id,
  message: msg(key, params),
  ...extra,
});

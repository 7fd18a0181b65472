import type { PatchMessage, StateBody } from '../../worker/protocol';
import { applyDelta } from '../../worker/room/delta';

/**
 * The state a `patch` message describes: the body this socket got last (`base`, as it came, before its log
 * lines were merged into the book) with the fields the patch sets, the view changed by its delta operations
 * (on copies: `base` and its view stay as they were), and the patch's own log lines (given as `lines`, `[i, at,
 * msg]` each, by a hello that said `patch: 2`, absent when none; `logFrom` left out: the base's `logEnd`). Null when the patch is
 * not about `base` (its `of` is another version): the client then starts the socket over, and the hello brings a
 * full state.
 */
export function applyPatch(base: StateBody | null, p: PatchMessage): StateBody | null {
  if (!base || base.version !== p.of) return null;
  const log = p.lines ? p.lines.map(([i, at, msg]) => ({ i, at, msg })) : (p.log ?? []);
  const body: StateBody = { ...base, ...p.set, log, logFrom: p.logFrom ?? base.logEnd, logEnd: p.logEnd };
  if (p.view) body.view = applyDelta(base.view, p.view, true);
  return body;
}

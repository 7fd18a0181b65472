import { freezeNew } from '../../worker/room/delta';

/** `x` frozen with everything it holds (the room's own `freezeNew`), so a write through any shared part throws. */
export function deepFreeze<T>(x: T): T {
  freezeNew(x);
  return x;
}

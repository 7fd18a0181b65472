/** `x` frozen with everything it holds, so a write through any shared part throws. */
export function deepFreeze<T>(x: T): T {
  if (typeof x !== 'object' || x === null || Object.isFrozen(x)) return x;
  Object.freeze(x);
  for (const v of Array.isArray(x) ? x : Object.values(x)) deepFreeze(v);
  return x;
}

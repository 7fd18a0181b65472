import { h, type Component, type FunctionComponent } from 'preact';

/**
 * A component drawn again only when one of its props is another value than last time (`===`), like preact/compat's
 * `memo` without importing compat (which installs its React shims on every page). Each socket message replaces the
 * whole state, but `Live` keeps the objects of the unchanged parts (web/lib/live.ts `keep`): a seat's tile or a
 * log line given the same objects is skipped.
 *
 * @example
 * const LogItem = memo(function LogItem({ l, t }: { l: LogLine; t: T }) { return <li>{t(l.msg)}</li>; });
 */
export function memo<P extends object>(c: FunctionComponent<P>): FunctionComponent<P> {
  function Memo(this: Component<P>, props: P) {
    this.shouldComponentUpdate = (next: P) => changed(this.props, next);
    return h(c, props);
  }
  Memo.displayName = `Memo(${c.displayName ?? c.name})`;
  return Memo;
}

function changed(a: object, b: object): boolean {
  for (const k in a) if (!(k in b)) return true;
  for (const k in b) if ((a as Record<string, unknown>)[k] !== (b as Record<string, unknown>)[k]) return true;
  return false;
}

import type { ComponentChildren, ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Spinner } from '../ui';

/**
 * A component in its own chunk, fetched on first render (preact/compat's `lazy` would pull in all of compat):
 * a page, or a part of one that most visits never show (a game's rules, the host's menu). `fallback` stands in
 * meanwhile (a spinner unless told otherwise; `null` for a part that may appear without a placeholder); a
 * chunk that fails to load (offline) is asked for again on the next render.
 *
 * @example
 * const RulesPage = lazy(() => import('./pages/Rules').then((m) => m.RulesPage));
 */
export function lazy<P>(
  load: () => Promise<ComponentType<P>>,
  fallback: ComponentChildren = <Spinner />,
): ComponentType<P> & { preload: () => void } {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const get = () =>
    (pending ??= load().then(
      (c) => (loaded = c),
      (e: unknown) => {
        pending = null;
        throw e;
      },
    ));
  const Lazy = (props: P) => {
    const [C, setC] = useState(() => loaded);
    useEffect(() => {
      if (!C)
        get().then(
          (c) => setC(() => c),
          (e: unknown) => console.error('a part of the page failed to load', e),
        );
    }, []);
    return C ? <C {...(props as P & object)} /> : <>{fallback}</>;
  };
  /** Start fetching now (the first page, alongside the strings), so the first render may find it there. */
  Lazy.preload = () => void get().catch(() => undefined);
  return Lazy;
}

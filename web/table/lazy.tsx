import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A component whose code loads on first render (its own chunk): for parts of a page most visits never show —
 * a game's rules text inside its table chunk, the host's controls. Renders nothing until the code is there.
 *
 * @example
 * const Rules = lazyComponent(() => import('./Rules').then((m) => m.Rules));
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let C: ComponentType<P> | null = null;
  let p: Promise<void> | null = null;
  return function Lazy(props: P) {
    const [, setReady] = useState(!!C);
    useEffect(() => {
      if (C) return;
      p ??= load().then((c) => void (C = c));
      let live = true;
      void p.then(() => live && setReady(true));
      return () => void (live = false);
    }, []);
    return C ? <C {...props} /> : null;
  };
}

import { effect, signal } from '@preact/signals';

/**
 * The document title, kept by the entry so every page's first paint has it: the page's base title (each page
 * sets it) with the number of games waiting for you in front — that number is filled in by web/lib/badge.ts,
 * which comes after the first paint with "my games".
 */
export const pageTitle = signal('茶馆 Teahouse');
/** Games waiting for you (set by web/lib/badge.ts once it runs). */
export const waitingShown = signal(0);

effect(() => {
  if (typeof document === 'undefined') return;
  const n = waitingShown.value;
  document.title = (n ? `(${n}) ` : '') + pageTitle.value;
});

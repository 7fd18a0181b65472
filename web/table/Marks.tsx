import './marks.css';
import { signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { s } from '../i18n';
import { api } from '../lib/api';
import { getGame } from '../lib/store';

/**
 * Identity marks (标记身份, issue 28): a player notes what they suspect of another seat — 三国杀 lord-side, rebel
 * or renegade; 驱鬼 red, blue or heretic. Kept with the seat's settings (`GET`/`PUT /api/games/:id/me`), so every
 * device of the seat sees them and nobody else does. A chip on each other seat: a tap steps to the next mark, and
 * after the last back to none.
 */
const marks = signal<{ id: string; of: Record<string, string> } | null>(null);
let asked: string | null = null;

const KINDS: Record<string, string[]> = { ghost: ['red', 'blue', 'heretic'] };

function load(id: string): void {
  const token = getGame(id)?.token;
  if (asked === id || !token) return;
  asked = id;
  api<{ settings: { marks?: Record<string, string> } }>(`/api/games/${id}/me`, { token }).then(
    (m) => (marks.value = { id, of: m?.settings.marks ?? {} }),
    () => (asked = null),
  );
}

export function MarkButton({ id, game, seat, name }: { id: string; game: string; seat: number; name: string }) {
  useEffect(() => load(id), [id]);
  const all = marks.value?.id === id ? marks.value.of : null;
  if (!all) return null;
  const kinds = KINDS[game] ?? ['loyal', 'rebel', 'traitor'];
  const cur = all[seat];
  const label = s('mark.label', { name, mark: s(`mark.${cur ?? 'none'}`) });
  const step = (e: Event) => {
    e.stopPropagation();
    const next = kinds[cur ? kinds.indexOf(cur) + 1 : 0];
    const of = { ...all };
    if (next) of[seat] = next;
    else delete of[seat];
    marks.value = { id, of };
    void api(`/api/games/${id}/me`, { method: 'PUT', token: getGame(id)?.token, body: { marks: of } }).catch(
      () => (marks.value = { id, of: all }),
    );
  };
  return (
    <button type="button" class={`mark-btn mark-${cur ?? 'none'}`} aria-label={label} title={label} onClick={step}>
      {cur ? s(`mark.${cur}`) : '?'}
    </button>
  );
}

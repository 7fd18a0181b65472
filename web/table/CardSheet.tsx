import './card-sheet.css';
import { useEffect, useRef } from 'preact/hooks';
import { s } from '../i18n';
import { reading } from './CardInfo';

/**
 * The sheet that shows the cards being read: a modal dialog at the bottom of a phone, centred on a desktop.
 * Escape, the close button or a click on the backdrop closes it, and focus goes back where it was.
 */
export function CardSheet() {
  const cards = reading.value;
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (cards && !d.open) d.showModal?.();
    if (!cards && d.open) d.close();
  }, [cards]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; Escape and the close button do by keyboard
    <dialog
      ref={ref}
      class="card-sheet"
      aria-labelledby="card-sheet-h"
      onClose={() => (reading.value = null)}
      onClick={(e) => {
        if (e.target === ref.current) reading.value = null;
      }}
    >
      {cards && (
        <div class="card-sheet-body">
          <h2 id="card-sheet-h" class="sr-only">
            {s('card.read')}
          </h2>
          {cards.map((c, i) => (
            <article key={i} class={`card-text${c.red ? ' red' : ''}`}>
              <h3>{c.name}</h3>
              {c.sub && <p class="card-text-sub">{c.sub}</p>}
              <p>{c.text}</p>
            </article>
          ))}
          <button type="button" class="btn" onClick={() => (reading.value = null)}>
            {s('common.close')}
          </button>
        </div>
      )}
    </dialog>
  );
}

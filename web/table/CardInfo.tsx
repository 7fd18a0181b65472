import { signal } from '@preact/signals';
import { s } from '../i18n';
import { loadLater } from '../i18n/packs';

/** What a card says about itself when a player asks to read it (tap, long-press, right-click). */
export interface CardText {
  name: string;
  /** Type, suit and rank, colour… one short line. */
  sub?: string;
  text: string;
  red?: boolean;
}

/** The cards being read right now (several for a log line that names more than one), or null. */
export const reading = signal<CardText[] | null>(null);

export const readCards = (cards: CardText[]) => {
  if (cards.length) reading.value = cards;
};

const LONG_MS = 450;

/**
 * Props that make any element a card one can read: a long press (touch or mouse held) or a right-click opens
 * its text; a plain tap calls `onTap`, or opens the text when the card has nothing else to do. The click that
 * ends a long press is swallowed, so reading a card in your hand never picks it.
 */
export function readable(info: () => CardText | null, onTap?: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let long = false;
  // Card and skill texts are in the later strings chunk (fetched after the first paint; at once if not yet).
  const open = () =>
    void loadLater().then(
      () => {
        const c = info();
        if (c) readCards([c]);
      },
      () => undefined,
    );
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.button !== 0) return;
      long = false;
      cancel();
      timer = setTimeout(() => {
        long = true;
        open();
      }, LONG_MS);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu: (e: Event) => {
      e.preventDefault();
      cancel();
      long = true;
      open();
    },
    onClick: (e: Event) => {
      // A card on a seat tile that is itself a target: reading or picking the card is not picking the seat.
      e.stopPropagation();
      if (long) {
        long = false;
        e.preventDefault();
        return;
      }
      if (onTap) onTap();
      else open();
    },
  };
}

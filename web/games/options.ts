/** A creation option as a checkbox: its id (strings `opt.<game>.<id>`), the key it sets and the value it sends. */
export interface GameOption {
  id: string;
  key?: string;
  def: boolean;
  value?: (on: boolean) => unknown;
}

/** The bots' level (issue 25): "good" unless the host asks for the first, simpler bots. */
const EASY_BOTS: GameOption = { id: 'easyBots', key: 'botLevel', def: false, value: (on) => (on ? 'easy' : 'good') };

/**
 * Creation options per game, as the game's `parseOptions` reads them : the home page's
 * form and the host's choices for a game played again (web/table/Again.tsx) both show them.
 */
export const GAME_OPTIONS: Record<string, GameOption[]> = {
  sanguosha: [
    { id: 'autoPass', def: true },
    { id: 'deck108', key: 'deck', def: false, value: (on) => (on ? 'standard' : 'full') },
    { id: 'doubleTraitor', def: false },
    { id: 'noGenerals', def: false },
    // Only means something with generals on; sent either way, the game reads it only when generals are chosen.
    { id: 'extraLords', def: true },
    EASY_BOTS,
  ],
  ghost: [EASY_BOTS],
};

/** Whether option `o` is on in a game's checked options. */
export const optionOn = (o: GameOption, options: Record<string, unknown>): boolean =>
  o.value ? options[o.key ?? o.id] === o.value(true) : options[o.key ?? o.id] === true;

/** The options with `o` set to `on`. */
export const withOption = (o: GameOption, options: Record<string, unknown>, on: boolean): Record<string, unknown> => ({
  ...options,
  [o.key ?? o.id]: o.value ? o.value(on) : on,
});

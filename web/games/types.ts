/**
 * How a game plugs into the client shell. Each game folder `web/games/<id>/index.ts` default-exports a
 * `GameUI`; the shell (`web/table/`) renders the header, the game's `Table`, the generic prompt panel,
 * the log and the chat, and renders every `Msg` through `t`.
 */
import type { ComponentType } from 'preact';
import type { Answer, Msg, StateBody } from '../../worker/protocol';
import type { Option } from '../../worker/engine/types';
import type { CardText } from '../table/CardInfo';

export type Lang = 'zh-CN' | 'zh-TW' | 'en';

/** key → template with `{param}` placeholders. */
export type Strings = Record<string, string>;

export interface TableProps {
  state: StateBody;
  lang: Lang;
  /** Render a message (game strings first, then the shell's). */
  t: (m: Msg | string, params?: Record<string, unknown>) => string;
  /** Player name for a seat. */
  name: (seat: number) => string;
  /** Cards / seats currently picked in the open prompt; clicking a card or a seat in the table toggles them. */
  picked: { cards: string[]; seats: number[] };
  toggleCard: (id: string) => void;
  toggleSeat: (seat: number) => void;
  /** Which card ids / seats the selected option lets you pick now (empty when nothing is being asked). */
  pickable: { cards: string[]; seats: number[] };
  /** The option being composed (its `seats.blocked` says why the other seats are not targets), or null. */
  option: Option | null;
  answer: (a: Answer) => Promise<void>;
}

export interface GameUI {
  id: string;
  /** Display name of the game. */
  title: Record<Lang, string>;
  strings: Record<Lang, Strings>;
  /**
   * Render one message parameter (e.g. a card id as "杀 ♠7", a list of seats as names); return
   * undefined to let the shell render it (seat/seats/target params become names).
   */
  formatParam?: (name: string, value: unknown, lang: Lang, nameOf: (seat: number) => string) => string | undefined;
  /** Label of a card id inside prompts (card picks). */
  cardLabel?: (id: string, lang: Lang) => string;
  /** What a card does, to read on a tap or long-press anywhere it is shown (hand, table, log, discard). */
  cardText?: (id: string, lang: Lang) => CardText | null;
  /** Is the reader out of the game (dead) while it goes on? They watch, and are promised no turns. */
  isOut?: (p: TableProps) => boolean;
  Table: ComponentType<TableProps>;
  Rules: ComponentType<{ lang: Lang }>;
  /** One line of what is happening now ("Night — exorcism of 饿死鬼; waiting for 李四 to vote"). */
  status?: (p: TableProps) => string;
}

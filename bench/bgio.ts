/**
 * The anchor: the hidden-hand fixture (test/helpers/hidden.ts) as a boardgame.io 0.50 game, run through its
 * authoritative server path — `Master.onUpdate` (auth skipped, as our sockets are authenticated at hello) → the
 * reducer → the store → `sendAll`, where each of the 4 players' views is filtered (`getFilterPlayerView`, as its
 * socket.io transport does) and serialised. boardgame.io is a devDependency used only here; nothing under worker/
 * or web/ imports it. The store is a copy of boardgame.io's own `InMemory` (its server module, which holds it,
 * also pulls in koa and socket.io).
 */
import { Master } from 'boardgame.io/master';
import { INVALID_MOVE } from 'boardgame.io/core';
import { InitializeGame, ProcessGameConfig, getFilterPlayerView } from 'boardgame.io/internal';
import { HIDDEN_HAND, hiddenDeck } from '../test/helpers/hidden';

interface G {
  hands: string[][];
  deck: string[];
  discard: string[];
  moves: number;
}

function hiddenGame(limit: number) {
  return {
    name: 'hidden',
    seed: 'bench',
    setup: ({ ctx, random }: any): G => {
      const deck: string[] = random.Shuffle(hiddenDeck());
      const hands = [...Array(ctx.numPlayers)].map(() => deck.splice(-HIDDEN_HAND));
      return { hands, deck, discard: [], moves: 0 };
    },
    moves: {
      play: ({ G, ctx, random, events }: any, card: string) => {
        const hand: string[] = G.hands[Number(ctx.currentPlayer)];
        const k = hand.indexOf(card);
        if (k < 0) return INVALID_MOVE;
        hand.splice(k, 1);
        G.discard.push(card);
        if (G.deck.length === 0) G.deck = random.Shuffle(G.discard.splice(0));
        hand.push(G.deck.pop());
        G.moves++;
        events.endTurn();
      },
    },
    endIf: ({ G }: any) => (G.moves >= limit ? { draw: true } : undefined),
    playerView: ({ G, playerID }: any) => ({
      ...G,
      hands: G.hands.map((h: string[], i: number) => (String(i) === playerID ? h : { count: h.length })),
      deck: G.deck.length,
    }),
  };
}

/** boardgame.io's InMemory store (server/db/inmemory.ts), synchronous. */
class InMemory {
  private state = new Map<string, any>();
  private initial = new Map<string, any>();
  private metadata = new Map<string, any>();
  private log = new Map<string, any[]>();
  type() {
    return 0; // Type.SYNC
  }
  connect() {}
  createMatch(id: string, o: { initialState: any; metadata: any }) {
    this.initial.set(id, o.initialState);
    this.setState(id, o.initialState);
    this.setMetadata(id, o.metadata);
  }
  setMetadata(id: string, m: any) {
    this.metadata.set(id, m);
  }
  setState(id: string, state: any, deltalog?: any[]) {
    if (deltalog && deltalog.length > 0) {
      const log = this.log.get(id) || [];
      this.log.set(id, [...log, ...deltalog]);
    }
    this.state.set(id, state);
  }
  fetch(id: string, o: { state?: boolean; metadata?: boolean; log?: boolean; initialState?: boolean }) {
    const r: any = {};
    if (o.state) r.state = this.state.get(id);
    if (o.metadata) r.metadata = this.metadata.get(id);
    if (o.log) r.log = this.log.get(id) || [];
    if (o.initialState) r.initialState = this.initial.get(id);
    return r;
  }
}

export interface BgioMatch {
  /** Make the current player's move (play the first card of the hand); returns bytes sent to the 4 sockets. */
  move(): Promise<number>;
  over(): boolean;
}

export function bgioMatch(limit: number, players = 4): BgioMatch {
  const game = hiddenGame(limit);
  const db = new InMemory();
  const processed = ProcessGameConfig(game as any);
  const filter = getFilterPlayerView(processed as any);
  const ids = [...Array(players).keys()].map(String);
  let sent = 0;
  const transport = {
    send: ({ playerID, ...data }: any) => {
      sent += JSON.stringify(filter(playerID, data as any)).length;
    },
    sendAll: (payload: any) => {
      for (const id of ids) sent += JSON.stringify(filter(id, payload)).length;
    },
  };
  const initialState = InitializeGame({ game: game as any, numPlayers: players });
  db.createMatch('m', { initialState, metadata: { gameName: 'hidden', players: {}, createdAt: 0, updatedAt: 0 } });
  const master = new Master(game as any, db as any, transport as any, undefined as any);
  return {
    async move() {
      const { state } = db.fetch('m', { state: true });
      const pid = state.ctx.currentPlayer as string;
      const card = state.G.hands[Number(pid)][0];
      sent = 0;
      await master.onUpdate(
        { type: 'MAKE_MOVE', payload: { type: 'play', args: [card], playerID: pid } } as any,
        state._stateID,
        'm',
        pid,
      );
      const after = db.fetch('m', { state: true }).state;
      if (after._stateID !== state._stateID + 1) throw new Error('boardgame.io rejected a move');
      return sent;
    },
    over() {
      return db.fetch('m', { state: true }).state.ctx.gameover !== undefined;
    },
  };
}

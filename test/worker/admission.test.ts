import { describe, expect, it } from 'vitest';
import { ADMISSION, makeRoom, nextSilence, refuseOpen, silentSockets, type Open } from '../../worker/room/sockets';
import { RETENTION_DAYS, expiresAt } from '../../worker/room/store';

const sock = (id: string, att: Open<string>['att']): Open<string> => ({ ws: id, att });
const DAY = 86_400_000;

describe('issue 9 point 4: who may hold a live socket (worker/room/admission.ts)', () => {
  it('a socket that has not said hello within helloMs is silent; a ready one never is', () => {
    const list = [
      sock('a', { ready: false, seat: null, openedAt: 1000 }),
      sock('b', { ready: true, seat: 0, openedAt: 0 }),
      sock('c', { ready: false, seat: null, openedAt: 4000 }),
    ];
    expect(silentSockets(list, 1000 + ADMISSION.helloMs).map((s) => s.ws)).toEqual(['a']);
    expect(nextSilence(list)).toBe(1000 + ADMISSION.helloMs);
    expect(nextSilence([list[1]!])).toBeNull();
  });

  it('a socket from before the rule (no openedAt) that never said hello is silent at once', () => {
    expect(silentSockets([sock('old', { ready: false, seat: null })], Date.UTC(2026, 11, 1))).toHaveLength(1);
  });

  it('waiting sockets count only against their own address', () => {
    const list = [...Array(ADMISSION.pendingPerAddress)].map((_, i) =>
      sock(`s${i}`, { ready: false, seat: null, openedAt: 0, from: '203.0.113.9' }),
    );
    expect(refuseOpen(list, '203.0.113.9')).toMatch(/this address/);
    expect(refuseOpen(list, '198.51.100.1')).toBeNull();
  });

  it('a seat full of sockets makes room by closing its own oldest, never another seat', () => {
    const mine = [...Array(ADMISSION.perSeat)].map((_, i) =>
      sock(`m${i}`, { ready: true, seat: 1, openedAt: 100 - i }),
    );
    const theirs = sock('t', { ready: true, seat: 2, openedAt: 0 });
    const fresh = sock('new', { ready: false, seat: null, openedAt: 200 });
    const close = makeRoom([...mine, theirs, fresh], 1, 'new', undefined);
    expect(close).not.toBe('full');
    expect((close as Open<string>[]).map((s) => s.ws)).toEqual([`m${ADMISSION.perSeat - 1}`]);
    expect(makeRoom([theirs, fresh], 1, 'new', undefined)).toEqual([]);
  });

  it('a full seat closes a hidden socket before a visible one, even a newer hidden one', () => {
    const mine = [...Array(ADMISSION.perSeat)].map((_, i) =>
      sock(`m${i}`, { ready: true, seat: 1, openedAt: i, visible: i !== 3 }),
    );
    const close = makeRoom([...mine, sock('new', { ready: false, seat: null, openedAt: 99 })], 1, 'new', undefined);
    expect((close as Open<string>[]).map((s) => s.ws)).toEqual(['m3']);
  });

  it('spectators beyond their places are refused', () => {
    const watching = [...Array(ADMISSION.spectators)].map((_, i) =>
      sock(`w${i}`, { ready: true, seat: null, openedAt: i, from: `198.51.100.${i}` }),
    );
    expect(makeRoom(watching, null, 'new', '203.0.113.9')).toBe('full');
    expect(makeRoom(watching.slice(1), null, 'new', '203.0.113.9')).toEqual([]);
  });

  it('issue 26 point 5: one address holds at most its share of the spectator places; other addresses still get in', () => {
    const mine = [...Array(ADMISSION.spectatorsPerAddress)].map((_, i) =>
      sock(`w${i}`, { ready: true, seat: null, openedAt: i, from: '203.0.113.9' }),
    );
    expect(makeRoom(mine, null, 'new', '203.0.113.9')).toBe('address');
    expect(makeRoom(mine, null, 'new', '198.51.100.1')).toEqual([]);
    expect(makeRoom(mine.slice(1), null, 'new', '203.0.113.9')).toEqual([]);
  });
});

describe('issue 9 point 5: how long a game is kept (worker/room/retention.ts)', () => {
  it('a finished game is kept for the stated days after its last change, then expires', () => {
    expect(expiresAt({ status: 'finished', paused: false, changedAt: 0, joined: 4 })).toBe(
      RETENTION_DAYS.finished * DAY,
    );
  });

  it('a lobby nobody joined expires sooner than one people joined', () => {
    const empty = expiresAt({ status: 'lobby', paused: false, changedAt: 0, joined: 0 })!;
    const joined = expiresAt({ status: 'lobby', paused: false, changedAt: 0, joined: 2 })!;
    expect(empty).toBe(RETENTION_DAYS.emptyLobby * DAY);
    expect(joined).toBeGreaterThan(empty);
  });

  it('a running game never expires; a paused one left alone does', () => {
    expect(expiresAt({ status: 'playing', paused: false, changedAt: 0, joined: 4 })).toBeNull();
    expect(expiresAt({ status: 'playing', paused: true, changedAt: 0, joined: 4 })).toBe(RETENTION_DAYS.paused * DAY);
  });
});

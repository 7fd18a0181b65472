/**
 * The game API as the browser tests call it directly (to set a table up, or to play the seats no page shows):
 * POST with a JSON body and the seat's or host's token, and a started table with every seat joined.
 */

/** POST `body` as JSON to `base` + `path` (bearer `token` if given); the JSON answer, or a throw naming the status and body. */
export async function apiPost(base: string, path: string, body: unknown, token?: string): Promise<any> {
  const r = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

/** A table created and started through the API: `seats` players p0, p1, … joined in seat order; `beforeStart` runs once all are seated. */
export async function startedGame(
  base: string,
  o: {
    game: string;
    seats: number;
    deadline?: Record<string, number>;
    beforeStart?: (g: { id: string; adminToken: string; tokens: string[] }) => Promise<void>;
  },
): Promise<{ id: string; adminToken: string; tokens: string[] }> {
  const g = await apiPost(base, '/api/games', {
    game: o.game,
    seats: o.seats,
    ...(o.deadline ? { deadline: o.deadline } : {}),
  });
  const tokens: string[] = [];
  for (let i = 0; i < o.seats; i++)
    tokens.push((await apiPost(base, `/api/games/${g.id}/seats`, { name: `p${i}` })).token);
  const out = { id: g.id as string, adminToken: g.adminToken as string, tokens };
  await o.beforeStart?.(out);
  await apiPost(base, `/api/games/${g.id}/start`, {}, g.adminToken);
  return out;
}

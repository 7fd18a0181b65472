import type { ApiError as ApiErrorBody, StateBody } from '../../worker/protocol';

/** A rejected request: the server's machine code and its plain message (shown to the player as is). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

export interface Call {
  method?: string;
  body?: unknown;
  token?: string | undefined;
  signal?: AbortSignal;
}

/**
 * JSON over fetch. Returns `null` for 304 (the polling fallback's "nothing changed"). Any non-2xx becomes an
 * `ApiError` carrying the DESIGN §4 error body; a network failure becomes code `offline`.
 */
export async function api<T>(path: string, c: Call = {}): Promise<T | null> {
  const headers: Record<string, string> = {};
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  let res: Response;
  try {
    res = await fetch(path, {
      method: c.method ?? (c.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: c.body !== undefined ? JSON.stringify(c.body) : null,
      signal: c.signal ?? null,
      cache: 'no-store',
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'offline', (e as Error).message || 'network error');
  }
  if (res.status === 304) return null;
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const err = (json as ApiErrorBody | null)?.error;
    throw new ApiError(
      res.status,
      err?.code ?? `http_${res.status}`,
      err?.message ?? (text.slice(0, 200) || res.statusText),
      json,
    );
  }
  return json as T;
}

/** A 409 `stale` carries the current state (either as the body itself or under `state`). */
export function staleState(e: ApiError): StateBody | null {
  const b = e.body as { state?: StateBody; version?: number } | null;
  if (b?.state && typeof b.state.version === 'number') return b.state;
  if (b && typeof b.version === 'number' && 'seats' in b) return b as unknown as StateBody;
  return null;
}

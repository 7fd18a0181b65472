import type { Msg } from '../../worker/protocol';
import { s } from '../i18n';
import type { Live } from '../lib/live';

/**
 * What became of an answer that could not go out at once: waiting for the connection (with a way to take it
 * back), on its way, or not sent and why — never a promise of a retry that does not happen.
 */
export function OutboxNote({ live, t }: { live: Live; t: (m: Msg | string) => string }) {
  const o = live.outbox.value;
  if (!o) return null;
  const answer = o.label ? t(o.label) : o.answer.option;
  if (o.status === 'notSent')
    return (
      <div class="notice outbox not-sent" role="alert">
        <p>{s(`outbox.notSent.${o.reason}`, { answer, message: o.message ?? '' })}</p>
        <button type="button" class="btn" onClick={() => live.dismissOutbox()}>
          {s('outbox.dismiss')}
        </button>
      </div>
    );
  return (
    <div class={`notice outbox ${o.status}`} role="status">
      <p>{s(`outbox.${o.status}`, { answer })}</p>
      {o.status === 'queued' && (
        <button type="button" class="btn ghost" onClick={() => live.dismissOutbox()}>
          {s('outbox.takeBack')}
        </button>
      )}
    </div>
  );
}

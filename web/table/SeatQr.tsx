import { useState } from 'preact/hooks';
import { s } from '../i18n';
import type { QrMatrix } from '../lib/qr';

/** A seat's personal link: the token rides in the fragment, so it never reaches a server log. */
export function seatLink(id: string, token: string): string {
  return `${location.origin}/g/${id}#seat=${token}`;
}

/**
 * "Show QR code" next to a personal seat link, so a player moves from laptop to phone (or back) by scanning.
 * The encoder is imported only when the button is pressed: the home page and the entry bundle never carry it.
 */
export function SeatQr({ url }: { url: string }) {
  const [open, setOpen] = useState(false);
  const [qr, setQr] = useState<{ url: string; m: QrMatrix } | null>(null);
  const [failed, setFailed] = useState(false);
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && qr?.url !== url) {
      setFailed(false);
      import('../lib/qr').then(({ qrMatrix }) => setQr({ url, m: qrMatrix(url) })).catch(() => setFailed(true));
    }
  };
  const m = qr?.url === url ? qr.m : null;
  return (
    <div class="seat-qr">
      <button type="button" class="btn small ghost" aria-expanded={open} onClick={toggle}>
        {open ? s('lobby.qrHide') : s('lobby.qrShow')}
      </button>
      {open && (
        <div style={{ marginTop: '0.5rem' }}>
          {failed && <p class="hint">{s('lobby.qrFailed')}</p>}
          {m && (
            <svg
              role="img"
              aria-label={s('lobby.qrLabel')}
              viewBox={`0 0 ${m.side} ${m.side}`}
              width={240}
              height={240}
              shape-rendering="crispEdges"
              style={{
                display: 'block',
                background: '#fff',
                width: '240px',
                height: '240px',
                maxWidth: '100%',
                borderRadius: '4px',
              }}
            >
              <title>{s('lobby.qrLabel')}</title>
              <rect width={m.side} height={m.side} fill="#fff" />
              <path d={m.path} fill="#000" />
            </svg>
          )}
          <p class="hint">{s('lobby.qrWarning')}</p>
        </div>
      )}
    </div>
  );
}

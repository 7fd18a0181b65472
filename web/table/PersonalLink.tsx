import './personal-link.css';
import { s } from '../i18n';
import { IconLock } from '../icons';
import { CopyButton } from '../ui';
import { SeatQr, seatLink } from './SeatQr';

/**
 * The reader's own seat link, masked on screen, with copy and QR. Its own chunk: on a table it sits in a closed
 * "personal link" box of the side panel, so the first screen does not need it.
 */
export function PersonalLink({ id, token }: { id: string; token: string }) {
  const url = seatLink(id, token);
  return (
    <div class="linkbox secret">
      <div class="linkbox-label">
        <IconLock /> {s('lobby.personalLink')}
      </div>
      <div class="linkbox-row">
        <code class="linkbox-url masked" role="img" aria-label={s('lobby.personalMasked')}>
          {maskedLink(url)}
        </code>
        <CopyButton text={url} />
      </div>
      <p class="hint warn">{s('lobby.personalHint')}</p>
      <SeatQr url={url} />
    </div>
  );
}

/** A seat link with the token masked on screen: it reads as the secret it is; the copy button copies it whole. */
export function maskedLink(url: string): string {
  const k = url.indexOf('#seat=');
  return k < 0 ? url : `${url.slice(0, k)}#seat=${'•'.repeat(8)}`;
}

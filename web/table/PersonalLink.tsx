import './personal-link.css';
import { s } from '../i18n';
import { ICON } from '../icons';
import { CopyButton } from '../parts/LinkBox';
import { SeatQr, seatLink } from './SeatQr';

/** The lock by your seat link (here and in the side panel): not in web/icons.tsx, which every page loads. */
export const IconLock = () => (
  <svg {...ICON}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);

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

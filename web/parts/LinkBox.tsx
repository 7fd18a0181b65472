import './linkbox.css';
import { useState } from 'preact/hooks';
import { s } from '../i18n';

/*
 * A link to copy and its copy button: the lobby's invite, the host's new seat link, your personal seat link.
 * Their own module (with their CSS), so the table's first load, which shows none of them, does not carry them.
 */

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Old browsers / insecure origins: select a temporary field instead.
      const ta = document.createElement('textarea');
      ta.value = text;
      document.body.appendChild(ta);
      ta.select();
      document.execCommand('copy');
      ta.remove();
    }
    setDone(true);
    setTimeout(() => setDone(false), 2000);
  };
  return (
    <button type="button" class="btn small" onClick={copy} aria-live="polite">
      {done ? s('common.copied') : (label ?? s('common.copy'))}
    </button>
  );
}

/** A link to copy: the text (selectable) and a copy button, plus the system share sheet where there is one. */
export function LinkBox({ url, label, hint }: { url: string; label: string; hint?: string }) {
  const share = typeof navigator.share === 'function';
  return (
    <div class="linkbox">
      <div class="linkbox-label">{label}</div>
      <div class="linkbox-row">
        <input
          class="linkbox-url"
          readOnly
          value={url}
          aria-label={label}
          onFocus={(e) => (e.target as HTMLInputElement).select()}
        />
        <CopyButton text={url} />
        {share && (
          <button type="button" class="btn small ghost" onClick={() => navigator.share({ url }).catch(() => {})}>
            {s('common.share')}
          </button>
        )}
      </div>
      {hint && <p class="hint">{hint}</p>}
    </div>
  );
}

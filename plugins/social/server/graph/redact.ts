/**
 * Tokens kept out of every text the plugin shows or stores: an error the platform wrote may quote
 * the token it was sent, and a URL may carry one as `access_token`.
 */

const REDACTED = '[redacted]';
/** Meta's user, page and system-user tokens start with EAA; any such run is a token whoever sent it. */
const META_TOKEN = /EAA[A-Za-z0-9]{16,}/g;

/** `text` with the given secrets (longest first, as one may contain another) and anything shaped like a Meta token replaced. */
export function redacted(text: string, secrets: readonly string[] = []): string {
  let clean = text;
  for (const secret of [...secrets].filter((value) => value.length >= 4).sort((a, b) => b.length - a.length)) {
    clean = clean.split(secret).join(REDACTED);
  }
  return clean.replace(META_TOKEN, REDACTED);
}

/** A platform's text bounded and on one line, for a job's error or an API answer. */
export function shortText(text: string, secrets: readonly string[] = []): string {
  const clean = redacted(text.replace(/\s+/g, ' ').trim(), secrets);
  return clean.length > 300 ? `${clean.slice(0, 300)}…` : clean;
}

// Who may use `/mcp` over HTTP beyond the Host and Origin checks (@formrequest/internal's Access): the
// bearer token when the server has one (`serve --http --token`, FORMREQUEST_SERVE_TOKEN).
import { createHash, timingSafeEqual } from 'node:crypto';

/** True when `authorization` is `Bearer <token>` (compared in constant time). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '')?.[1];
  if (!given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

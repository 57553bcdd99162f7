import { createHmac, timingSafeEqual } from "node:crypto";

// The local store's presigned upload links (POST /media/presigned without S3): a link on the site itself signed like
// an S3 one — an HMAC of the media row, its owner and the expiry — that PUT /media/uploads/{id} checks.

/** Status of a row whose file the browser has not sent yet (stories and forms refuse it meanwhile). */
export const AWAITING_UPLOAD = "Uploading";

/**
 * Where S3 presigned uploads land until POST /media/{id}/complete has checked them: under the private prefix (never
 * linked or served), removed by the completion or, when it never comes, by the sweep of unfinished uploads.
 */
export const INCOMING_PREFIX = "private/incoming/";

function signatureOf(secret: string, id: number, userId: number, expires: number): string {
  return createHmac("sha256", secret).update(`media-upload:${id}:${userId}:${expires}`).digest("base64url");
}

/** The site's own upload link for a media row, valid `ttlSeconds`. */
export function localUploadUrl(
  secret: string,
  row: { id: number; userId: number },
  ttlSeconds: number,
  now = Date.now(),
) {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  const signature = signatureOf(secret, row.id, row.userId, expires);
  return `/api/media/uploads/${row.id}?expires=${expires}&signature=${signature}`;
}

/** True when the link's signature is the one this row's owner got, and it has not expired. */
export function isValidUploadLink(
  secret: string,
  row: { id: number; userId: number | null },
  expires: number,
  signature: string,
  now = Date.now(),
): boolean {
  if (row.userId === null || expires * 1000 < now) return false;
  const expected = Buffer.from(signatureOf(secret, row.id, row.userId, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

import { createHash, randomBytes } from "node:crypto";

/** Recovery links work for an hour (issue 4). */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** A new recovery token: 32 random bytes as 64 hex characters (mailed), and its SHA-256 (stored). */
export function newPasswordResetToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("hex");
  return { token, hash: hashPasswordResetToken(token) };
}

/** Only this hash is stored, so a leaked table cannot reset anyone's password. */
export function hashPasswordResetToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The link the mail carries: the site's restore page with the token. */
export function passwordResetLink(publicUrl: string, token: string): string {
  const url = new URL("/auth/restore-password", publicUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

import { ACCOUNT_NOTICES, productText } from "@camatlas/shared";
import type { MailMessage } from "./mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

export type AccountNotice =
  | { kind: "passwordChanged" | "passwordReset" }
  | { kind: "emailChanged"; newEmail: string };

/** `j***@example.com`: enough for the owner to recognise an address, not enough to hand it to whoever reads the mail. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

/** A mail telling the owner of an account about a change to it (texts: ACCOUNT_NOTICES in packages/shared). */
export function accountNoticeMail(input: {
  to: string;
  nickName: string;
  productName: string;
  notice: AccountNotice;
}): MailMessage {
  const { notice, productName } = input;
  const texts = ACCOUNT_NOTICES[notice.kind];
  const lines = (
    notice.kind === "emailChanged"
      ? ACCOUNT_NOTICES.emailChanged.lines(maskEmail(notice.newEmail))
      : ACCOUNT_NOTICES[notice.kind].lines()
  ).map((line) => productText(line, productName));
  const text = [`Hello ${input.nickName},`, "", ...lines.flatMap((l) => [l, ""]), `— ${productName}`].join(
    "\n",
  );
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello ${escapeHtml(input.nickName)},</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}
<p>— ${escapeHtml(productName)}</p>
</body></html>`;
  return { to: input.to, subject: productText(texts.subject, productName), text, html };
}

/** Placeholder addresses of OAuth accounts without a known email (`…@users.invalid`) receive nothing. */
export function isDeliverable(email: string): boolean {
  return !email.toLowerCase().endsWith(".invalid");
}

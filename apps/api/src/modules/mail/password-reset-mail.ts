import type { MailMessage } from "./mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/** The password recovery mail: a plain-text and an HTML body with the product name and the link. */
export function passwordResetMail(input: {
  to: string;
  nickName: string;
  productName: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  const { productName, link, validMinutes } = input;
  const text = [
    `Hello ${input.nickName},`,
    "",
    `Someone asked to reset the password of your ${productName} account.`,
    "Open this link to choose a new password:",
    "",
    link,
    "",
    `The link works once and expires in ${validMinutes} minutes.`,
    "If you did not ask for this, ignore this mail: your password stays as it is.",
    "",
    `— ${productName}`,
  ].join("\n");
  const p = escapeHtml(productName);
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello ${escapeHtml(input.nickName)},</p>
<p>Someone asked to reset the password of your ${p} account.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#db2777;color:#fff;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p style="font-size:14px">Or paste this address into your browser:<br>${escapeHtml(link)}</p>
<p style="font-size:14px">The link works once and expires in ${validMinutes} minutes. If you did not ask for this, ignore this mail: your password stays as it is.</p>
<p>— ${p}</p>
</body></html>`;
  return { to: input.to, subject: `Reset your ${productName} password`, text, html };
}

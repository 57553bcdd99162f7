import type { MailMessage } from "../mail/mailer.ts";

// Alert e-mails, instant or digest. Each carries a one-click unsubscribe (RFC 8058): the List-Unsubscribe header's
// POST needs no sign-in, and the visible link opens a page with the same button.

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

export function unsubscribeLinks(publicUrl: string, token: string) {
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    api: `${publicUrl}/api/alerts/unsubscribe${query}`,
    page: `${publicUrl}/alerts/unsubscribe${query}`,
  };
}

export function alertMail(input: {
  to: string;
  productName: string;
  publicUrl: string;
  unsubscribeToken: string;
  subject: string;
  items: readonly { text: string; url: string }[];
}): MailMessage {
  const links = unsubscribeLinks(input.publicUrl, input.unsubscribeToken);
  const absolute = (url: string) => `${input.publicUrl}${url}`;
  const text = [
    ...input.items.flatMap((item) => [item.text, absolute(item.url), ""]),
    "You get these mails because you follow these models.",
    `Stop alert e-mails: ${links.page}`,
    "",
    `— ${input.productName}`,
  ].join("\n");
  const html = [
    "<ul>",
    ...input.items.map(
      (item) => `<li><a href="${escapeHtml(absolute(item.url))}">${escapeHtml(item.text)}</a></li>`,
    ),
    "</ul>",
    `<p>You get these mails because you follow these models. <a href="${escapeHtml(links.page)}">Stop alert e-mails</a>.</p>`,
    `<p>— ${escapeHtml(input.productName)}</p>`,
  ].join("\n");
  return {
    to: input.to,
    subject: input.subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${links.api}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

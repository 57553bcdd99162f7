import type { ApiDeps } from "../../app-env.ts";
import { type AccountNotice, accountNoticeMail, isDeliverable } from "../mail/account-notice-mail.ts";
import { runAfterReply } from "./after-reply.ts";

/** Mails the owner about a change to their account (new password, new email: to the old one), after the reply. */
export function mailAccountNotice(
  deps: Pick<ApiDeps, "mailer" | "logger" | "env">,
  to: { email: string; nickName: string },
  notice: AccountNotice,
): void {
  if (!isDeliverable(to.email)) return;
  const message = accountNoticeMail({
    to: to.email,
    nickName: to.nickName,
    productName: deps.env.PRODUCT_NAME,
    notice,
  });
  runAfterReply(deps.logger, "account notice mail failed", () => deps.mailer.send(message));
}

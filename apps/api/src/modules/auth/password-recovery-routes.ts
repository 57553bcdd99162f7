import {
  consumePasswordResetToken,
  expirePasswordResetTokensOf,
  findUserByEmail,
  findUserById,
  insertPasswordResetToken,
  updateUserEndingSessions,
} from "@camatlas/db";
import { API_MESSAGES } from "@camatlas/shared";
import { authEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { tooManyRequests, validationFailed } from "../../lib/http-errors.ts";
import { hashPassword } from "../../lib/password.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { passwordResetMail } from "../mail/password-reset-mail.ts";
import { mailAccountNotice } from "./account-notices.ts";
import { runAfterReply } from "./after-reply.ts";
import {
  hashPasswordResetToken,
  newPasswordResetToken,
  PASSWORD_RESET_TTL_MINUTES,
  passwordResetLink,
} from "./password-reset-token.ts";

const HOUR = 60 * 60_000;
const QUARTER = 15 * 60_000;

const forgotRoute = contractRoute(authEndpoints.forgotPassword, {
  invalidates: [],
  access: "public",
  tags: ["auth"],
  summary: "Mail a password recovery link (the answer never tells whether the email exists)",
  middleware: [rateLimit({ name: "forgot-ip", limit: 10, windowMs: HOUR })],
  replyDescription: "Accepted",
  errors: { 429: "Too many requests from this IP or for this email" },
});

const restoreRoute = contractRoute(authEndpoints.restorePassword, {
  invalidates: [],
  access: "public",
  tags: ["auth"],
  summary: "Set a new password with a recovery token (single use, 60 minutes)",
  middleware: [rateLimit({ name: "restore-ip", limit: 20, windowMs: QUARTER })],
  replyDescription: "Password changed",
  errors: { 429: "Too many attempts" },
});

export const passwordRecoveryRoutes = new OpenAPIHono<AppEnv>();

passwordRecoveryRoutes.openapi(forgotRoute, async (c) => {
  const { email } = c.req.valid("json");
  const { db, env, mailer, rateLimitStore, logger } = c.var.deps;
  // Counted per address whether or not it exists, so a 429 tells nothing either.
  const perAccount = await rateLimitStore.hit(`forgot-account:${email}`, HOUR);
  if (perAccount.count > 3) {
    c.header("retry-after", String(Math.ceil((perAccount.resetAt - Date.now()) / 1000)));
    throw tooManyRequests();
  }
  // The request does the same work for every address: one lookup. What only a known address needs (storing the
  // token, composing and sending the mail) runs after the reply, so the answer cannot be timed to tell them apart.
  const user = await findUserByEmail(db, email);
  if (user && !user.blockedAt) {
    runAfterReply(logger, "password recovery mail failed", async () => {
      const { token, hash } = newPasswordResetToken();
      await insertPasswordResetToken(db, {
        tokenHash: hash,
        userId: user.id,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      });
      const message = passwordResetMail({
        to: user.email,
        nickName: user.nickName,
        productName: env.PRODUCT_NAME,
        link: passwordResetLink(env.PUBLIC_URL, token),
        validMinutes: PASSWORD_RESET_TTL_MINUTES,
      });
      await mailer.send(message);
    });
  }
  return c.json({ message: API_MESSAGES.passwordResetSent }, 200);
});

passwordRecoveryRoutes.openapi(restoreRoute, async (c) => {
  const body = c.req.valid("json");
  const { db, rateLimitStore } = c.var.deps;
  const tokenHash = hashPasswordResetToken(body.token);
  const perToken = await rateLimitStore.hit(`restore-token:${tokenHash}`, QUARTER);
  if (perToken.count > 5) throw tooManyRequests();
  const passwordHash = await hashPassword(body.password);
  const restored = await db.transaction(async (tx) => {
    const claim = await consumePasswordResetToken(tx, tokenHash);
    if (!claim) return null;
    // A new password ends every session signed in with the old one, on every instance (the version is in the row).
    await updateUserEndingSessions(tx, claim.userId, { passwordHash });
    await expirePasswordResetTokensOf(tx, claim.userId);
    return claim.userId;
  });
  if (restored === null) throw validationFailed({ token: [API_MESSAGES.invalidToken] });
  const user = await findUserById(db, restored);
  if (user) mailAccountNotice(c.var.deps, user, { kind: "passwordReset" });
  return c.json({ message: API_MESSAGES.passwordReset }, 200);
});

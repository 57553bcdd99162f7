import {
  findTakenIdentity,
  findUsablePasswordResetToken,
  findUserById,
  findUserForLogin,
  insertUser,
  touchLastLogin,
} from "@camatlas/db";
import {
  API_MESSAGES,
  blockedSignInMessage,
  COOKIE_NAMES,
  isBlockActive,
  VALIDATION_MESSAGES,
} from "@camatlas/shared";
import { authEndpoints } from "@camatlas/shared/api-contract";
import { PASSWORD_RESET_TOKEN_PATTERN } from "@camatlas/shared/schemas/auth";
import { OpenAPIHono } from "@hono/zod-openapi";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute, SESSION_SECURITY } from "../../lib/contract-route.ts";
import { forbidden, tooManyRequests, unauthorized, validationFailed } from "../../lib/http-errors.ts";
import { hashPassword, verifyPassword } from "../../lib/password.ts";
import { tokenOf } from "../../middleware/authenticate.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { passwordRecoveryRoutes } from "./password-recovery-routes.ts";
import { hashPasswordResetToken } from "./password-reset-token.ts";
import { presentBlock, presentOwnUser } from "./presenter.ts";
import { clearSessionCookies, setSessionCookies } from "./session-cookies.ts";
import { assertCurrentSession, TokenError } from "./token-service.ts";

// A hash verified against when no user matches, so a wrong email costs as much time as a wrong password.
let decoyHash: Promise<string> | undefined;

// Per-IP and per-account limits on credential guessing.
const QUARTER = 15 * 60_000;
const loginLimitPerIp = rateLimit({ name: "login-ip", limit: 20, windowMs: QUARTER });
const LOGIN_ATTEMPTS_PER_ACCOUNT_AND_IP = 10;
const registerLimit = rateLimit({ name: "register", limit: 10, windowMs: 60 * 60_000 });
const REGISTER_ATTEMPTS_PER_ACCOUNT = 5;

const loginRoute = contractRoute(authEndpoints.login, {
  invalidates: [],
  access: "public",
  tags: ["auth"],
  summary: "Sign in by email or nick name",
  middleware: [loginLimitPerIp],
  replyDescription: "Signed in",
  errors: { 403: "The account is blocked" },
});

const registerRoute = contractRoute(authEndpoints.register, {
  access: "public",
  tags: ["auth"],
  summary: "Create a camfan or camgirl account",
  middleware: [registerLimit],
  replyDescription: "Registered and signed in",
});

const refreshRoute = contractRoute(authEndpoints.refresh, {
  invalidates: [],
  // The handler reads the session token itself.
  access: "token",
  security: SESSION_SECURITY,
  tags: ["auth"],
  summary: "Exchange a token inside its refresh window for a new one (Authorization response header)",
  replyDescription: "New token in the Authorization header",
});

const tokenCheckRoute = contractRoute(authEndpoints.tokenCheck, {
  invalidates: [],
  access: "public",
  tags: ["auth"],
  summary: "Tell whether a session token or a password recovery token is valid",
  replyDescription: "Valid",
});

const logoutRoute = contractRoute(authEndpoints.logout, {
  invalidates: [],
  access: "public",
  tags: ["auth"],
  summary: "Sign out: the token stops working and the session cookies are cleared",
  replyDescription: "Signed out",
});

export const authRoutes = new OpenAPIHono<AppEnv>();

authRoutes.route("/", passwordRecoveryRoutes);

authRoutes.openapi(loginRoute, async (c) => {
  const body = c.req.valid("json");
  const { db, rateLimitStore } = c.var.deps;
  const user = await findUserForLogin(db, { email: body.email, nickName: body.nick_name });
  // Attempts count per account (email and nick name alike) and per address: guessing from elsewhere does not
  // lock the owner out (decision 0014).
  const account = user ? `user:${user.id}` : `unknown:${(body.email ?? body.nick_name ?? "").toLowerCase()}`;
  const attempts = await rateLimitStore.hit(`login-account:${account}:${c.var.clientIp}`, QUARTER);
  if (attempts.count > LOGIN_ATTEMPTS_PER_ACCOUNT_AND_IP) {
    c.header("retry-after", String(Math.ceil((attempts.resetAt - Date.now()) / 1000)));
    throw tooManyRequests();
  }
  decoyHash ??= hashPassword("decoy-password-for-timing");
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash), body.password);
  if (!user?.passwordHash || !ok) throw validationFailed({ email: [API_MESSAGES.invalidCredentials] });
  // A blocked account is told why at sign-in, and until when (an ended block no longer counts).
  if (isBlockActive(user))
    throw forbidden(blockedSignInMessage(API_MESSAGES.accountBlocked, presentBlock(user)));
  const token = await c.var.deps.tokens.issue(user);
  await touchLastLogin(db, user.id);
  setSessionCookies(c, token, user);
  return c.json({ token, user: presentOwnUser(user) }, 200);
});

authRoutes.openapi(registerRoute, async (c) => {
  const body = c.req.valid("json");
  const { db } = c.var.deps;
  const attempts = await c.var.deps.rateLimitStore.hit(`register-account:${body.email}`, 60 * 60_000);
  if (attempts.count > REGISTER_ATTEMPTS_PER_ACCOUNT) throw tooManyRequests();
  const taken = await findTakenIdentity(db, body.email, body.nick_name);
  const errors: Record<string, string[]> = {};
  if (taken.email) errors.email = [VALIDATION_MESSAGES.emailTaken];
  if (taken.nickName) errors.nick_name = [VALIDATION_MESSAGES.nickNameTaken];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const user = await insertUser(db, {
    firstName: body.first_name ?? null,
    lastName: body.last_name ?? null,
    nickName: body.nick_name,
    email: body.email,
    passwordHash: await hashPassword(body.password),
    roleId: body.role_id,
    gender: body.gender,
    birthday: body.birthday,
    country: body.country ?? null,
    city: body.city ?? null,
  });
  const token = await c.var.deps.tokens.issue(user);
  setSessionCookies(c, token, user);
  return c.json({ token, user: presentOwnUser(user) }, 200);
});

authRoutes.openapi(refreshRoute, async (c) => {
  const token = tokenOf(c.req.header("authorization"), getCookie(c, COOKIE_NAMES.token));
  if (!token) throw unauthorized();
  try {
    const next = await c.var.deps.tokens.refresh(token, (id) => findUserById(c.var.deps.db, id));
    const user = await findUserById(c.var.deps.db, next.claims.userId);
    // A blocked member keeps a read-only session (writes answer 403 with the reason shown by the site).
    if (!user) throw unauthorized();
    c.header("Authorization", `Bearer ${next.token}`);
    setSessionCookies(c, next.token, user);
    return c.json({ message: "Token refreshed." }, 200);
  } catch (error) {
    if (error instanceof TokenError) throw unauthorized(error.message);
    throw error;
  }
});

authRoutes.openapi(tokenCheckRoute, async (c) => {
  const { token } = c.req.valid("json");
  // A password recovery token (64 hex) is valid while unused and unexpired.
  if (PASSWORD_RESET_TOKEN_PATTERN.test(token)) {
    const usable = await findUsablePasswordResetToken(c.var.deps.db, hashPasswordResetToken(token));
    if (usable) return c.json({ valid: true as const }, 200);
    throw validationFailed({ token: [API_MESSAGES.invalidToken] });
  }
  try {
    const claims = await c.var.deps.tokens.verify(token);
    // A session ended by a password change or reset is no longer valid either.
    const user = await c.var.deps.users.findForAuth(claims.userId);
    if (!user) throw new TokenError(API_MESSAGES.invalidToken);
    assertCurrentSession(claims, user);
    return c.json({ valid: true as const }, 200);
  } catch (error) {
    // Spec §7: any failure means invalid.
    if (error instanceof TokenError) throw validationFailed({ token: [API_MESSAGES.invalidToken] });
    throw error;
  }
});

authRoutes.openapi(logoutRoute, async (c) => {
  const token = tokenOf(c.req.header("authorization"), getCookie(c, COOKIE_NAMES.token));
  if (token) await c.var.deps.tokens.revoke(token).catch(() => {});
  clearSessionCookies(c);
  return c.json({ message: API_MESSAGES.loggedOut }, 200);
});

import { countUnreadNotificationsOf, findUserById, listModelsReviewedBy } from "@camatlas/db";
import { API_MESSAGES, SUCCESS_MESSAGES } from "@camatlas/shared";
import { type ProfileReply, profileEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { currentUser } from "../../lib/current-user.ts";
import { unauthorized } from "../../lib/http-errors.ts";
import { presentOwnUser } from "../auth/presenter.ts";
import { setRoleCookie, setSessionCookies } from "../auth/session-cookies.ts";
import { loadUserExtras } from "../users/user-details.ts";
import { saveOwnProfile } from "./service.ts";

const getRoute = contractRoute(profileEndpoints.get, {
  access: "user",
  owner: "self",
  tags: ["profile"],
  summary: "The signed-in user's own profile, with optional relations",
  replyDescription: "Own profile",
});

const putRoute = contractRoute(profileEndpoints.update, {
  access: "user",
  owner: "self",
  tags: ["profile"],
  summary:
    "Edit the signed-in user's own profile (a password or email change needs current_password; a new password " +
    "ends every other session and answers this session's new token in the Authorization header)",
  replyDescription: "Saved",
});

export const profileRoutes = new OpenAPIHono<AppEnv>();

profileRoutes.openapi(getRoute, async (c) => {
  const q = c.req.valid("query");
  const { db } = c.var.deps;
  const user = await findUserById(db, currentUser(c).id);
  if (!user) throw unauthorized();
  const wants = new Set(q.with ?? []);
  const extras = wants.has("models") || wants.has("stats") ? await loadUserExtras(db, [user.id]) : null;
  const body: ProfileReply = presentOwnUser(user);
  if (wants.has("unreadNotifications"))
    body.unread_notifications = await countUnreadNotificationsOf(db, user.id);
  if (extras && wants.has("models")) body.models = extras.modelsOf(user.id);
  if (extras && wants.has("stats")) body.stats = extras.statsOf(user.id);
  if (q.user_review_information) {
    body.unavailable_models_for_create_user_review = await listModelsReviewedBy(db, user.id);
  }
  return c.json(body, 200);
});

profileRoutes.openapi(putRoute, async (c) => {
  const body = c.req.valid("json");
  const current = await findUserById(c.var.deps.db, currentUser(c).id);
  if (!current) throw unauthorized();
  const { saved, roleChanged, sessionsEnded } = await saveOwnProfile(c, current, body);
  if (sessionsEnded) {
    // Every other session has ended; this one goes on with a token of the new session version (cookies, and the
    // Authorization header as GET /auth/refresh gives it to bearer clients).
    const token = await c.var.deps.tokens.issue(saved);
    setSessionCookies(c, token, saved);
    c.header("Authorization", `Bearer ${token}`);
    return c.json({ message: API_MESSAGES.passwordChanged, user: presentOwnUser(saved) }, 200);
  }
  // The role cookie drives the page guards; keep it in step. The token cookie is left as it is.
  if (roleChanged) setRoleCookie(c, saved.roleId);
  return c.json({ message: SUCCESS_MESSAGES.profileSaved, user: presentOwnUser(saved) }, 200);
});

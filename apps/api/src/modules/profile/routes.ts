import {
  countUnreadNotificationsOf,
  findTakenIdentity,
  findUserById,
  findUserPasswordHash,
  isMediaUsableAsAvatar,
  listModelsReviewedBy,
  type UserChanges,
  updateUser,
  writeAudit,
} from "@camatlas/db";
import { ROLE, SELF_ASSIGNABLE_ROLE_IDS, SUCCESS_MESSAGES, VALIDATION_MESSAGES } from "@camatlas/shared";
import {
  profileQuerySchema,
  profileResponseSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
} from "@camatlas/shared/schemas/profile";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { notFound, tooManyRequests, unauthorized, validationFailed } from "../../lib/http-errors.ts";
import { hashPassword, verifyPassword } from "../../lib/password.ts";
import { requireUser } from "../../middleware/authenticate.ts";
import { presentOwnUser } from "../auth/presenter.ts";
import { setRoleCookie } from "../auth/session-cookies.ts";
import { uniqueViolationOf } from "../../lib/db-errors.ts";
import { loadUserExtras } from "../users/user-details.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });

const getRoute = createRoute({
  method: "get",
  path: "/profile",
  tags: ["profile"],
  summary: "The signed-in user's own profile, with optional relations",
  request: { query: profileQuerySchema },
  responses: {
    200: { description: "Own profile", ...json(profileResponseSchema) },
    401: { description: "Not signed in (or a refused token)", ...json(messageSchema) },
  },
});

const putRoute = createRoute({
  method: "put",
  path: "/profile",
  tags: ["profile"],
  summary: "Edit the signed-in user's own profile (a password change needs current_password and confirm)",
  request: { body: { ...json(updateProfileRequestSchema), required: true } },
  responses: {
    200: { description: "Saved", ...json(updateProfileResponseSchema) },
    401: { description: "Not signed in", ...json(messageSchema) },
    422: { description: "Invalid fields, a taken email or nick name, a wrong current password" },
  },
});

// Guessing the current password through PUT /profile is limited like sign-in.
const PASSWORD_CHANGES_PER_QUARTER = 10;

export const profileRoutes = new OpenAPIHono<AppEnv>();
profileRoutes.use("/profile", requireUser());

profileRoutes.openapi(getRoute, async (c) => {
  const q = c.req.valid("query");
  const { db } = c.var.deps;
  const me = c.var.user!;
  const user = await findUserById(db, me.id);
  if (!user) throw unauthorized();
  const wants = new Set(q.with ?? []);
  const extras = wants.has("models") || wants.has("stats") ? await loadUserExtras(db, [user.id]) : null;
  const body: z.infer<typeof profileResponseSchema> = presentOwnUser(user);
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
  const { db } = c.var.deps;
  const me = c.var.user!;
  const current = await findUserById(db, me.id);
  if (!current) throw unauthorized();

  const errors: Record<string, string[]> = {};
  const changes: UserChanges = {};
  const copy = <K extends keyof UserChanges>(key: K, value: UserChanges[K] | undefined) => {
    if (value !== undefined) changes[key] = value;
  };
  copy("firstName", body.first_name);
  copy("lastName", body.last_name);
  copy("country", body.country);
  copy("city", body.city);
  copy("gender", body.gender);
  copy("about", body.about);
  copy("birthday", body.birthday);

  if (body.email !== undefined && body.email !== current.email.toLowerCase()) changes.email = body.email;
  if (body.nick_name !== undefined && body.nick_name !== current.nickName) changes.nickName = body.nick_name;
  if (changes.email || changes.nickName) {
    const taken = await findTakenIdentity(db, changes.email, changes.nickName, me.id);
    if (taken.email) errors.email = [VALIDATION_MESSAGES.emailTaken];
    if (taken.nickName) errors.nick_name = [VALIDATION_MESSAGES.nickNameTaken];
  }

  if (body.avatar_media_id !== undefined) {
    if (body.avatar_media_id === null) changes.avatarMediaId = null;
    else if (await isMediaUsableAsAvatar(db, body.avatar_media_id, me.id))
      changes.avatarMediaId = body.avatar_media_id;
    else errors.avatar_media_id = [VALIDATION_MESSAGES.mediaNotFound];
  }

  // Roles: camfans and camgirls may switch between the two; nobody makes themself admin here, and an admin
  // changes roles in the admin area only.
  if (body.role_id !== undefined && body.role_id !== current.roleId) {
    const allowed =
      current.roleId !== ROLE.admin && (SELF_ASSIGNABLE_ROLE_IDS as readonly number[]).includes(body.role_id);
    if (allowed) changes.roleId = body.role_id;
    else errors.role_id = [VALIDATION_MESSAGES.roleNotAllowed];
  }

  if (body.password !== undefined) {
    const attempts = await c.var.deps.rateLimitStore.hit(`password-change:${me.id}`, 15 * 60_000);
    if (attempts.count > PASSWORD_CHANGES_PER_QUARTER) throw tooManyRequests();
    const storedHash = await findUserPasswordHash(db, me.id);
    // Accounts made through OAuth have no password yet and set their first one without a current one.
    if (storedHash) {
      if (!body.current_password) errors.current_password = [VALIDATION_MESSAGES.required];
      else if (!(await verifyPassword(storedHash, body.current_password))) {
        errors.current_password = [VALIDATION_MESSAGES.currentPasswordWrong];
      }
    }
    if (!errors.current_password) changes.passwordHash = await hashPassword(body.password);
  }

  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  try {
    await db.transaction(async (tx) => {
      await updateUser(tx, me.id, changes);
      if (changes.roleId !== undefined) {
        await writeAudit(tx, {
          actorUserId: me.id,
          action: "user.role_changed",
          subjectType: "user",
          subjectId: me.id,
          changes: { role_id: { from: current.roleId, to: changes.roleId } },
          ip: c.var.clientIp,
        });
      }
    });
  } catch (error) {
    const index = uniqueViolationOf(error);
    if (index === "users_email_unique") throw validationFailed({ email: [VALIDATION_MESSAGES.emailTaken] });
    if (index === "users_nick_name_unique") {
      throw validationFailed({ nick_name: [VALIDATION_MESSAGES.nickNameTaken] });
    }
    throw error;
  }

  const saved = await findUserById(db, me.id);
  if (!saved) throw notFound();
  if (changes.roleId !== undefined) {
    // The role cookie drives the page guards; keep it in step. The token cookie is left as it is.
    setRoleCookie(c, saved.roleId);
  }
  return c.json({ message: SUCCESS_MESSAGES.profileSaved, user: presentOwnUser(saved) }, 200);
});

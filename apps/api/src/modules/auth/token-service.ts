import { randomUUID } from "node:crypto";
import { TOKEN_ERRORS } from "@camatlas/shared";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";

/** Keeps refreshed and logged-out tokens unusable until they would have expired anyway. */
export interface TokenDenyList {
  add(jti: string, until: Date): Promise<void>;
  has(jti: string): Promise<boolean>;
}

export interface TokenClaims {
  userId: number;
  roleId: number;
  /** The user's session version when the token was issued (claim `sv`; absent in older tokens: 0). */
  sessionVersion: number;
  jti: string;
  issuedAt: number;
  expiresAt: number;
}

export interface TokenServiceOptions {
  secret: string;
  /** Lifetime of a token, in seconds (JWT_TTL). */
  ttlSeconds: number;
  /** How long after issue a token may still be exchanged for a new one, in seconds (JWT_REFRESH_TTL). */
  refreshTtlSeconds: number;
  denyList: TokenDenyList;
  now?: () => number;
}

/** A token the API refuses; `message` is one of the spec's four token errors. */
export class TokenError extends Error {
  override name = "TokenError";
}

/** Who a token is issued to: the user and their current session version (users.session_version). */
export interface TokenSubject {
  id: number;
  roleId: number;
  sessionVersion?: number;
}

/**
 * A token stays in force only while the user's session version is the one it was issued with: a password change
 * or reset raises the version, which ends every session issued before, on every instance (the version lives in
 * the user row, which the auth hook reads anyway). Refused with the spec's "blacklisted" text, which the web
 * answers by signing out.
 */
export function assertCurrentSession(claims: TokenClaims, user: { sessionVersion: number }): void {
  if (claims.sessionVersion !== user.sessionVersion) throw new TokenError(TOKEN_ERRORS.blacklisted);
}

const ALGORITHM = "HS256";

export function createTokenService(options: TokenServiceOptions) {
  const key = new TextEncoder().encode(options.secret);
  const nowSeconds = () => Math.floor((options.now?.() ?? Date.now()) / 1000);

  async function issue(user: TokenSubject): Promise<string> {
    const iat = nowSeconds();
    return new SignJWT({ role: user.roleId, sv: user.sessionVersion ?? 0 })
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(String(user.id))
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + options.ttlSeconds)
      .sign(key);
  }

  /** Checks signature and shape; expiry is judged by the caller's rule (verify or refresh). */
  async function decode(token: string): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        // Expiry is checked below so an expired token can still be told apart from a forged one.
        currentDate: new Date(0),
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.jti !== "string" || typeof payload.exp !== "number") {
        throw new TokenError(TOKEN_ERRORS.signatureInvalid);
      }
      const sessionVersion = payload.sv ?? 0;
      if (!Number.isInteger(sessionVersion)) throw new TokenError(TOKEN_ERRORS.signatureInvalid);
      return {
        userId,
        roleId: Number(payload.role),
        sessionVersion: sessionVersion as number,
        jti: payload.jti,
        issuedAt: payload.iat ?? 0,
        expiresAt: payload.exp,
      };
    } catch (error) {
      if (error instanceof TokenError) throw error;
      if (error instanceof joseErrors.JOSEError) throw new TokenError(TOKEN_ERRORS.signatureInvalid);
      throw error;
    }
  }

  /** The claims of a token that may be used now; throws a TokenError with the spec's message otherwise. */
  async function verify(token: string): Promise<TokenClaims> {
    const claims = await decode(token);
    if (await options.denyList.has(claims.jti)) throw new TokenError(TOKEN_ERRORS.blacklisted);
    const now = nowSeconds();
    if (claims.expiresAt <= now) {
      const refreshable = claims.issuedAt + options.refreshTtlSeconds > now;
      throw new TokenError(refreshable ? TOKEN_ERRORS.expired : TOKEN_ERRORS.refreshExpired);
    }
    return claims;
  }

  /**
   * Exchanges a token (expired or not) inside its refresh window for a new one; the old one is deny-listed.
   * `subjectOf` reads the user as stored now (the API always passes it; deny-list tests may leave it out): a token
   * of an earlier session version (a password changed since), or of a user that is gone, is refused, so an ended
   * session cannot come back through a refresh.
   */
  async function refresh(
    token: string,
    subjectOf?: (userId: number) => Promise<Required<TokenSubject> | null>,
  ): Promise<{ token: string; claims: TokenClaims }> {
    const claims = await decode(token);
    if (await options.denyList.has(claims.jti)) throw new TokenError(TOKEN_ERRORS.blacklisted);
    const refreshUntil = claims.issuedAt + options.refreshTtlSeconds;
    if (refreshUntil <= nowSeconds()) throw new TokenError(TOKEN_ERRORS.refreshExpired);
    const subject = subjectOf
      ? await subjectOf(claims.userId)
      : { id: claims.userId, roleId: claims.roleId, sessionVersion: claims.sessionVersion };
    if (!subject) throw new TokenError(TOKEN_ERRORS.blacklisted);
    assertCurrentSession(claims, subject);
    await options.denyList.add(claims.jti, new Date(refreshUntil * 1000));
    const next = await issue(subject);
    return { token: next, claims: await decode(next) };
  }

  /** Logout: the token stops working at once. */
  async function revoke(token: string): Promise<void> {
    const claims = await decode(token);
    await options.denyList.add(claims.jti, new Date((claims.issuedAt + options.refreshTtlSeconds) * 1000));
  }

  return { issue, verify, refresh, revoke };
}

export type TokenService = ReturnType<typeof createTokenService>;

export function createMemoryDenyList(now: () => number = Date.now): TokenDenyList {
  const entries = new Map<string, number>();
  return {
    async add(jti, until) {
      entries.set(jti, until.getTime());
    },
    async has(jti) {
      const until = entries.get(jti);
      if (until === undefined) return false;
      if (until <= now()) {
        entries.delete(jti);
        return false;
      }
      return true;
    },
  };
}

import { type Database, isTokenRevoked, revokeToken } from "@camatlas/db";
import type { TokenDenyList } from "./token-service.ts";

/** The deny-list in PostgreSQL (table revoked_tokens), shared by every instance of the site. */
export function createDatabaseDenyList(db: Database): TokenDenyList {
  return {
    add: (jti, until) => revokeToken(db, jti, until),
    has: (jti) => isTokenRevoked(db, jti),
  };
}

import type { ServerEnv } from "@camatlas/api";
import type { DemoAccount } from "@camatlas/db/seed";

export type BannerEnv = Pick<
  ServerEnv,
  | "PRODUCT_NAME"
  | "PUBLIC_URL"
  | "APP_ENV"
  | "DATA_DIR"
  | "HOST"
  | "PORT"
  | "ingestTokenGenerated"
  | "ingestTokenFile"
  | "ingestOpen"
>;

/**
 * What `npm start` prints once it serves. Never a secret (start output ends up in terminals, CI logs and log
 * collectors): the generated ingest token is named by the file that keeps it. The demo accounts' public passwords
 * are shown outside production only.
 */
export function startBanner(
  env: BannerEnv,
  engine: string,
  accounts: DemoAccount[] | null,
  seconds: string,
): string {
  const database = engine === "pglite" ? `embedded database in ${env.DATA_DIR}/db` : "PostgreSQL";
  const lines = [
    "",
    `  ${env.PRODUCT_NAME} is running at ${env.PUBLIC_URL}  (${env.APP_ENV}, ${database}, ready in ${seconds}s)`,
    `  Listening on ${env.HOST}:${env.PORT}${env.HOST === "127.0.0.1" ? " (this machine only; set HOST to change)" : ""}`,
    `  API docs: ${env.PUBLIC_URL}/api/docs`,
  ];
  if (accounts?.length) {
    if (env.APP_ENV === "production") {
      lines.push(
        "",
        "  Demo accounts were created (SEED_DEMO): they use the public demo passwords; change them.",
      );
    } else {
      lines.push("", "  Demo accounts:");
      for (const a of accounts)
        lines.push(`    ${a.role.padEnd(8)} ${a.email.padEnd(28)} password: ${a.password}`);
    }
  }
  if (env.ingestTokenGenerated && env.ingestTokenFile)
    lines.push(
      "",
      `  Ingest token (POST /api/ingest/observations): generated, kept in ${env.ingestTokenFile}`,
    );
  if (!env.ingestOpen)
    lines.push(
      "",
      "  POST /api/ingest/observations is closed: set INGEST_TOKEN to receive collectors' polls over HTTP.",
    );
  return `${lines.join("\n")}\n`;
}

import { DEMO_ACCOUNTS } from "@camatlas/db/seed";
import { describe, expect, it } from "vitest";
import { type BannerEnv, startBanner } from "./start-banner.ts";

const TOKEN = "generated-ingest-token-0123456789abcdef";

const env = (overrides: Partial<BannerEnv> = {}): BannerEnv => ({
  PRODUCT_NAME: "CamAtlas",
  PUBLIC_URL: "http://localhost:3000",
  APP_ENV: "development",
  DATA_DIR: "/srv/camatlas/data",
  HOST: "127.0.0.1",
  PORT: 3000,
  ingestTokenGenerated: true,
  ingestTokenFile: "/srv/camatlas/data/.ingest-token",
  ingestOpen: true,
  ...overrides,
});

describe("start banner", () => {
  it("says where the generated ingest token is kept, never a secret", () => {
    // The whole env, secrets included, as main.ts has it.
    const full = { ...env(), INGEST_TOKEN: TOKEN, JWT_SECRET: "jwt-secret-that-is-long-enough-for-hs256" };
    const text = startBanner(full, "pglite", null, "1.0");
    expect(text).toContain("kept in /srv/camatlas/data/.ingest-token");
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(full.JWT_SECRET);
  });

  it("shows the demo accounts outside production only", () => {
    const dev = startBanner(env(), "pglite", DEMO_ACCOUNTS, "1.0");
    expect(dev).toContain(DEMO_ACCOUNTS[0]!.password);
    const prod = startBanner(
      env({ APP_ENV: "production", HOST: "0.0.0.0", ingestTokenGenerated: false, ingestTokenFile: null }),
      "postgres",
      DEMO_ACCOUNTS,
      "1.0",
    );
    for (const account of DEMO_ACCOUNTS) expect(prod).not.toContain(account.password);
    expect(prod).toContain("change them");
  });

  it("tells that HTTP ingest is closed in production without INGEST_TOKEN", () => {
    const text = startBanner(
      env({ APP_ENV: "production", ingestTokenGenerated: false, ingestTokenFile: null, ingestOpen: false }),
      "postgres",
      null,
      "1.0",
    );
    expect(text).toContain("set INGEST_TOKEN");
  });
});

import { describe, expect, it } from "vitest";
import { ApiResponseError } from "../lib/api-client.ts";
import { loader } from "./restore-password.tsx";

type LoaderArgs = Parameters<typeof loader>[0];

/** The loader with an API whose token check fails as the API answers a used or expired token. */
async function visit(query: string): Promise<Response> {
  const api = {
    call: async () => {
      throw new ApiResponseError(422, { message: "The token is invalid." });
    },
  };
  const args = {
    request: new Request(`http://localhost/auth/restore-password${query}`),
    context: { get: () => api },
    params: {},
  } as unknown as LoaderArgs;
  try {
    await loader(args);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("the loader did not redirect");
}

describe("a reset link that does not work", () => {
  it("leads to the forgot-password page, which says why, for a used, expired or bogus token and for none", async () => {
    for (const query of ["?token=0000", ""]) {
      const answer = await visit(query);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/auth/forgot-password?link=invalid");
    }
  });
});

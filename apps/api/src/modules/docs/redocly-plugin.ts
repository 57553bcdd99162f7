import { ambiguousPaths } from "./unambiguous-paths.ts";

// Two rules of redocly.yaml (decision 0011), each replacing a recommended rule that cannot see one fact of this API:
// - `camatlas/no-ambiguous-paths`: `no-ambiguous-paths`, reading the path parameters' schemas (integer ids never
//   match a word such as `by-slug` or `bind-many`).
// - `camatlas/operation-success-response`: `operation-2xx-response`, where a browser navigation's 302 (the OAuth
//   redirects) is the operation's success.

interface Report {
  report: (problem: { message: string; location: unknown }) => void;
  location: { child: (path: Array<string | number>) => { key: () => unknown }; key: () => unknown };
}

function NoAmbiguousPaths() {
  return {
    Paths: {
      enter(paths: Record<string, Record<string, unknown>>, ctx: Report) {
        for (const [first, second] of ambiguousPaths(paths))
          ctx.report({
            message: `Paths should resolve unambiguously. Found two ambiguous paths: \`${first}\` and \`${second}\`.`,
            location: ctx.location.child([second]).key(),
          });
      },
    },
  };
}

function OperationSuccessResponse() {
  return {
    Responses: {
      enter(responses: Record<string, unknown>, ctx: Report) {
        if (!Object.keys(responses).some((code) => /^[23]([0-9]{2}|XX)$/i.test(code)))
          ctx.report({
            message: "Operation must have at least one `2XX` or `3XX` (redirect) response.",
            location: ctx.location.key(),
          });
      },
    },
  };
}

export default function camatlasRules() {
  return {
    id: "camatlas",
    rules: {
      oas3: {
        "no-ambiguous-paths": NoAmbiguousPaths,
        "operation-success-response": OperationSuccessResponse,
      },
    },
  };
}

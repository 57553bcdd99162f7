import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";

interface RouteShape {
  method: string;
  pattern: RegExp;
  params: number;
  path: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** A reply that does not match the schema its route declares: the test that made the call fails with this. */
export class ReplyContractError extends Error {
  constructor(route: string, status: number, issues: string) {
    super(`Reply of ${route} (${status}) does not match its declared schema:\n${issues}`);
    this.name = "ReplyContractError";
  }
}

/**
 * Checks every JSON reply an in-process API test receives against the schema its route declares for that status,
 * so the reply schemas in packages/shared (which the OpenAPI document and the web client are built from) stay true.
 */
export function createReplyCheck(
  api: OpenAPIHono<never> | { openAPIRegistry: OpenAPIHono["openAPIRegistry"] },
) {
  let routes: RouteShape[] | null = null;
  const load = (): RouteShape[] => {
    routes ??= api.openAPIRegistry.definitions.flatMap((definition) => {
      if (definition.type !== "route") return [];
      const route = definition.route;
      const fullPath = `/api${route.path === "/" ? "" : route.path}`;
      const source = fullPath.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
      return [
        {
          method: route.method.toUpperCase(),
          pattern: new RegExp(`^${source}$`),
          params: (fullPath.match(/\{/g) ?? []).length,
          path: `${route.method.toUpperCase()} ${fullPath}`,
          responses: route.responses as RouteShape["responses"],
        },
      ];
    });
    return routes;
  };

  return async function checkReply(request: Request, response: Response): Promise<void> {
    if (!(response.headers.get("content-type") ?? "").includes("application/json")) return;
    const pathname = new URL(request.url).pathname;
    const matches = load()
      .filter((route) => route.method === request.method && route.pattern.test(pathname))
      .sort((a, b) => a.params - b.params);
    const route = matches[0];
    if (!route) return;
    const schema = route.responses[String(response.status)]?.content?.["application/json"]?.schema;
    if (!(schema instanceof z.ZodType)) return;
    const text = await response.clone().text();
    const result = schema.safeParse(text ? JSON.parse(text) : null);
    if (!result.success)
      throw new ReplyContractError(route.path, response.status, z.prettifyError(result.error));
  };
}

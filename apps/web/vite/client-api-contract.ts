import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";

// The browser calls the API through the shared contract (`browserCall(endpoint, input)`), but all it reads of an
// endpoint is its method and path: its zod schemas validate on the server and in tests. Bundling the contract as it
// is would ship zod and every request and reply schema to every page (the contract's schemas are built at module
// load, which no bundler can drop). So the browser build gets a generated stand-in for
// `@camatlas/shared/api-contract`: the same endpoint groups, each endpoint reduced to { method, path }, plus
// `endpointPath`. Types still come from the real module. A value the stand-in lacks fails the build by name.

const CONTRACT = "@camatlas/shared/api-contract";
const STAND_IN = "\0client-api-contract";

interface EndpointLike {
  method: string;
  path: string;
}

function isEndpoint(value: unknown): value is EndpointLike {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as EndpointLike).method === "string" &&
    typeof (value as EndpointLike).path === "string"
  );
}

/** Data only: primitives, arrays and plain objects of them (constants such as a list of states), never a schema. */
function isPlainData(value: unknown): boolean {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.values(value).every(isPlainData);
}

function methodAndPath(endpoint: EndpointLike): EndpointLike {
  return { method: endpoint.method, path: endpoint.path };
}

/**
 * The stand-in's source: the contract's endpoints (alone or in groups) as { method, path }, and its constants as
 * they are. Schemas and anything else are left out.
 */
export function standInSource(contract: Record<string, unknown>, endpointModule: string): string {
  const lines = [`export { endpointPath } from ${JSON.stringify(endpointModule)};`];
  for (const [name, value] of Object.entries(contract).sort(([a], [b]) => a.localeCompare(b))) {
    let data: unknown;
    if (isEndpoint(value)) data = methodAndPath(value);
    else if (
      typeof value === "object" &&
      value !== null &&
      Object.values(value).length > 0 &&
      Object.values(value).every(isEndpoint)
    )
      data = Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, methodAndPath(item as EndpointLike)]),
      );
    else if (isPlainData(value)) data = value;
    else continue;
    lines.push(`export const ${name} = ${JSON.stringify(data)};`);
  }
  return `${lines.join("\n")}\n`;
}

export function clientApiContract(): Plugin {
  return {
    name: "camatlas:client-api-contract",
    apply: "build",
    enforce: "pre",
    async resolveId(source, _importer, options) {
      if (source !== CONTRACT || options?.ssr || this.environment?.name === "ssr") return null;
      return STAND_IN;
    },
    async load(id) {
      if (id !== STAND_IN) return null;
      // The real contract (skipping this plugin), loaded in Node to read its endpoints.
      const real = await this.resolve(CONTRACT, undefined, { skipSelf: true });
      if (!real) throw new Error(`client-api-contract: ${CONTRACT} could not be resolved`);
      const contract = (await import(pathToFileURL(real.id).href)) as Record<string, unknown>;
      return standInSource(contract, path.join(path.dirname(real.id), "endpoint.ts"));
    },
  };
}

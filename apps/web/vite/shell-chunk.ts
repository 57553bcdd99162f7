import path from "node:path";

/** What a chunk group's `name(id, ctx)` may ask Rolldown: one module's static imports. */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * A Rolldown code-splitting group that puts the site shell in one chunk: the root route (`rootFile`), every module of
 * the app (`appDir`) it imports statically, directly or through other app modules, and what those use (React, React
 * Router, the texts and constants from @camatlas/shared). Every page loads all of it anyway; left to the automatic
 * chunking it came as a dozen and more small chunks, split by which other pages share each part, and small chunks
 * compress badly (each its own gzip, each importing the others by name). Code loaded on demand (`import()`) stays out.
 * `alsoInShell` names other modules most pages use, which would otherwise come as a small chunk of their own.
 */
export function shellChunkGroup(
  appDir: string,
  rootFile: string,
  alsoInShell: (id: string) => boolean = () => false,
) {
  let shell: Set<string> | undefined;
  const inApp = (id: string) => id.startsWith(appDir + path.sep) && !id.includes("node_modules");
  /** The root's static app imports, followed through app modules only (packages come along as their dependencies). */
  const collect = (ctx: ChunkingContext) => {
    const found = new Set<string>();
    const stack = [rootFile];
    while (stack.length > 0) {
      const current = stack.pop() as string;
      if (found.has(current)) continue;
      found.add(current);
      for (const imported of ctx.getModuleInfo(current)?.importedIds ?? [])
        if (inApp(imported)) stack.push(imported);
    }
    return found;
  };
  return {
    name: (id: string, ctx: ChunkingContext): string | null => {
      shell ??= collect(ctx);
      return shell.has(id) || alsoInShell(id) ? "shell" : null;
    },
    debugName: "shell",
  };
}

import { camsiteEndpoints } from "@camatlas/shared/api-contract";
import { useEffect, useState } from "react";
import { browserCall } from "../../lib/errors/browser-api.ts";
import { handleClientError } from "../../lib/errors/index.ts";

// The inline camsite-meta element (spec §2): one meta value chosen by key and camsite id, shown as plain text.
// Values are read once per camsite (GET /cam-site-meta?camsiteId=…&all=1) and shared by every element on the
// page; a failed load stops and goes to the generic error handler (spec §8).

type MetaMap = ReadonlyMap<string, string>;
const cache = new Map<number, Promise<MetaMap>>();

export function loadCamsiteMeta(camsiteId: number): Promise<MetaMap> {
  let entry = cache.get(camsiteId);
  if (!entry) {
    entry = browserCall(camsiteEndpoints.meta, { query: { camsiteId, all: true } }).then(
      (reply) => new Map(reply.data.map((item) => [item.metaKey, item.metaValue])),
    );
    // A failure is not cached: the next element may try again.
    entry.catch(() => cache.delete(camsiteId));
    cache.set(camsiteId, entry);
  }
  return entry;
}

export function CamsiteMetaText({
  camsiteId,
  metaKey,
  initial,
  fallback = "",
}: {
  camsiteId: number;
  metaKey: string;
  /** The value the server already knows (rendered without waiting for the browser). */
  initial?: string | null;
  fallback?: string;
}) {
  const [value, setValue] = useState<string | null>(initial ?? null);
  useEffect(() => {
    if (initial != null) return;
    let live = true;
    loadCamsiteMeta(camsiteId).then(
      (meta) => {
        if (live) setValue(meta.get(metaKey) ?? null);
      },
      (error: unknown) => handleClientError(error),
    );
    return () => {
      live = false;
    };
  }, [camsiteId, metaKey, initial]);
  return (
    <span data-camsite-meta={metaKey} className="camsite-meta">
      {value ?? fallback}
    </span>
  );
}

import {
  type Database,
  findCamsiteIdBySlug,
  findCamsiteSlugById,
  findImageRecordTarget,
  findModelSlugByAvatarMedia,
  findNicknameOnCamsite,
  findUserNickName,
  type ModelViewer,
} from "@camatlas/db";
import { VALIDATION_MESSAGES } from "@camatlas/shared";
import type { LegacyKind, LegacyResolveQuery } from "@camatlas/shared/api-contract";
import { validationFailed } from "../../lib/http-errors.ts";
import { locateComment } from "../comments/locate.ts";

// The legacy addresses of spec §2 answer 301 to their canonical page; the web server asks GET /legacy/resolve where.

const enc = encodeURIComponent;

function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw validationFailed({ [field]: [VALIDATION_MESSAGES.required] });
  return value;
}

async function nicknamePath(db: Database, camSiteId: number, name: string, prefix: "stats" | "model") {
  const found = await findNicknameOnCamsite(db, camSiteId, name);
  if (!found) return null;
  return prefix === "stats"
    ? `/stats/${enc(found.camSiteSlug)}/${enc(found.nickname)}`
    : `/${enc(found.camSiteSlug)}/model/${enc(found.nickname)}`;
}

/** The page holding a comment, on the comments page it is on, with its anchor (the comments module's rule). */
const commentPath = (db: Database, id: number, viewer: ModelViewer) => locateComment(db, id, viewer);

/** The canonical path of a legacy address, or null when nothing is there (422 when the kind lacks a parameter). */
export async function resolveLegacyPath(
  db: Database,
  q: LegacyResolveQuery,
  viewer: ModelViewer,
): Promise<string | null> {
  const kind: LegacyKind = q.kind;
  switch (kind) {
    case "camsite": {
      const slug = await findCamsiteSlugById(db, required(q.id, "id"));
      return slug ? `/camsites/${enc(slug)}` : null;
    }
    case "camsite-profile":
      return nicknamePath(db, required(q.camsite_id, "camsite_id"), required(q.name, "name"), "model");
    case "data-json": {
      const name = required(q.name, "name");
      const camSiteId = q.camsite_id ?? (await findCamsiteIdBySlug(db, required(q.camsite, "camsite")));
      return camSiteId === null ? null : nicknamePath(db, camSiteId, name, "stats");
    }
    case "comment":
      return commentPath(db, required(q.id, "id"), viewer);
    case "profile": {
      const nickName = await findUserNickName(db, required(q.name, "name"));
      return nickName ? `/users/${enc(nickName)}` : null;
    }
    case "picture": {
      const id = required(q.id, "id");
      const image = await findImageRecordTarget(db, id, viewer);
      if (image?.modelSlug) return `/models/${enc(image.modelSlug)}`;
      if (image?.camSiteSlug && image.nickname)
        return `/stats/${enc(image.camSiteSlug)}/${enc(image.nickname)}`;
      const slug = await findModelSlugByAvatarMedia(db, id, viewer);
      return slug ? `/models/${enc(slug)}` : null;
    }
  }
}

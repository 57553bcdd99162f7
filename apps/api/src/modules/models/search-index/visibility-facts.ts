import type { ModelSearchFacts, ModelViewer } from "@camatlas/db";
import { type BlockSubject, ipMatches } from "../visibility.ts";

const LISTED = 1;
const REGISTERED_ONLY = 2;
const MODEL_AND_ADMIN_ONLY = 4;

/**
 * What decides, per model, whether a search may list her to a viewer — listed at all (not deleted, hidden or
 * merged), page_visible_for, her camgirl, her blocks — kept in memory beside the name index so a search ranks and
 * counts without reading the models. It applies the rule of `modelVisibleTo` (SQL) and `hiddenReason`; the page's
 * cards are still read with that SQL rule, so a fact that lags a write by a poll never shows a hidden model.
 */
export class VisibilityFacts {
  private flags = new Uint8Array(1024);
  private userIds = new Int32Array(1024);
  private readonly blocks = new Map<number, BlockSubject[]>();

  /** Sets the facts of the given models; models of `ids` missing from `facts` no longer exist. */
  apply(ids: Iterable<number>, facts: ModelSearchFacts): void {
    for (const id of ids) this.set(id, 0, 0);
    facts.ids.forEach((id, i) => {
      const visibleFor = facts.pageVisibleFor[i];
      const flags =
        (facts.listed[i] ? LISTED : 0) |
        (visibleFor === "only_registered_users" ? REGISTERED_ONLY : 0) |
        (visibleFor === "only_model_and_admin" ? MODEL_AND_ADMIN_ONLY : 0);
      this.set(id, flags, facts.userIds[i] ?? 0);
    });
  }

  /** Replaces the blocks of the given models (all models when `ids` is null). */
  applyBlocks(ids: Iterable<number> | null, rows: readonly ({ modelId: number } & BlockSubject)[]): void {
    if (ids === null) this.blocks.clear();
    else for (const id of ids) this.blocks.delete(id);
    for (const { modelId, blockableType, location } of rows) {
      const list = this.blocks.get(modelId) ?? [];
      list.push({ blockableType, location });
      this.blocks.set(modelId, list);
    }
  }

  visibleTo(viewer: ModelViewer, id: number): boolean {
    const flags = this.flags[id] ?? 0;
    if (!(flags & LISTED)) return false;
    if (viewer.isAdmin) return true;
    if (viewer.userId !== null && this.userIds[id] === viewer.userId) return true;
    if (flags & MODEL_AND_ADMIN_ONLY) return false;
    if (flags & REGISTERED_ONLY && viewer.userId === null) return false;
    const blocks = this.blocks.get(id);
    return !blocks?.some((block) => blockHides(block, viewer));
  }

  private set(id: number, flags: number, userId: number): void {
    if (id >= this.flags.length) {
      const size = Math.max(id + 1, this.flags.length * 2);
      const nextFlags = new Uint8Array(size);
      nextFlags.set(this.flags);
      this.flags = nextFlags;
      const nextUsers = new Int32Array(size);
      nextUsers.set(this.userIds);
      this.userIds = nextUsers;
    }
    this.flags[id] = flags;
    this.userIds[id] = userId;
  }
}

/** Whether a block hides the model from this viewer's place. */
function blockHides(block: BlockSubject, viewer: ModelViewer): boolean {
  if (block.blockableType === "country") return !!viewer.country && block.location === viewer.country;
  if (block.blockableType === "state") return !!viewer.region && block.location === viewer.region;
  return !!viewer.ip && ipMatches(viewer.ip, block.location);
}

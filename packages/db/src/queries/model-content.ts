import { eq } from "drizzle-orm";
import type { Database } from "../client.ts";
import { modelContent } from "../schema/models.ts";

export interface ModelContentValues {
  isPublic?: boolean;
  generatedText?: string | null;
  uniqueText?: string | null;
  isUniqueTextUsed?: boolean;
  combination?: number[];
}

/** Creates or updates the model's content; tells which happened (the two success texts differ). */
export async function upsertModelContent(db: Database, modelId: number, values: ModelContentValues) {
  const [existing] = await db
    .select({ modelId: modelContent.modelId })
    .from(modelContent)
    .where(eq(modelContent.modelId, modelId))
    .for("update");
  if (existing) {
    await db.update(modelContent).set(values).where(eq(modelContent.modelId, modelId));
    return "updated" as const;
  }
  await db.insert(modelContent).values({ modelId, ...values });
  return "created" as const;
}

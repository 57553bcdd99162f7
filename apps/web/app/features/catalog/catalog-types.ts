import type { CamSiteSummary, ModelCard, ModelProfile } from "@camatlas/shared/schemas/model-card";

// Reply shapes of the catalog API that the shared schemas do not name (CONTRACTS.md, Catalog).

export type { CamSiteSummary, ModelCard, ModelProfile };

export interface TagSummary {
  id: number;
  name: string;
  slug: string;
}

/** GET /models items (with[]=tags adds tags). */
export type ModelListCard = ModelCard & { tags?: TagSummary[]; nicknames_count?: number };

export interface TagItem extends TagSummary {
  page: string | null;
  models_count?: number;
}

export interface NicknameItem {
  id: number;
  nickname: string;
  name: string | null;
  type: "solo" | "couple" | "lesbians";
  is_active: boolean;
  activity_status_id: number;
  last_activity: string | null;
  cam_site_id: number;
  cam_site: { id: number; name: string; slug: string };
  url: string;
  model: { id: number; name: string; slug: string } | null;
}

export interface TypeaheadItem {
  id: number;
  name: string;
  slug: string;
  avatar_path: string | null;
  matched: string;
  cam_site: { id: number; name: string } | null;
}

export interface ModelContentReply {
  model_id: number;
  is_public: boolean;
  generated_text: string | null;
  unique_text: string | null;
  is_unique_text_used: boolean;
  combination: number[];
  text: string | null;
  can: { edit: boolean };
}

export interface MessageReply {
  message: string;
}

import { DECISION_STATUSES, type DecisionStatus } from "@camatlas/shared";

// Items of the admin moderation queues (GET /admin/…, page envelope, 24 per page, each with can{approve,reject}).

export type QueueStatus = DecisionStatus;
export const QUEUE_STATUSES: readonly QueueStatus[] = DECISION_STATUSES;

interface Abilities {
  approve: boolean;
  reject: boolean;
}
interface ModelRef {
  id: number;
  name: string;
  slug: string;
}
type UserRef = { id: number; nick_name: string } | null;

export interface RevisionItem {
  id: number;
  status: string;
  model: ModelRef;
  user: UserRef;
  note: string | null;
  created_at: string;
  reviewed_at: string | null;
  diff: Array<{ field: string; from: unknown; to: unknown }>;
  can: Abilities;
}

export interface RemovalItem {
  id: number;
  status: string;
  reason: string | null;
  nickname: { id: number; nickname: string; cam_site_id: number; cam_site_name: string };
  model: ModelRef | null;
  user: UserRef;
  created_at: string;
  can: Abilities;
}

export interface NewModelItem {
  id: number;
  name: string;
  slug: string;
  country: string | null;
  birthday: string | null;
  user: UserRef;
  created_at: string;
  can: Abilities;
}

export interface VerificationItem {
  id: number;
  status: string;
  message: string | null;
  image_path: string | null;
  model: ModelRef & { is_verified: boolean };
  user: UserRef;
  created_at: string;
  can: Abilities;
}

export interface ReportItem {
  id: number;
  reason: string;
  text: string | null;
  status: string;
  model: ModelRef;
  user: UserRef;
  created_at: string;
  can: Abilities;
}

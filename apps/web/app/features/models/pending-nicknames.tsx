import type { PendingNicknameReply } from "@camatlas/shared/api-contract";
import { NICKNAME_TYPE_LABELS } from "../catalog/catalog-labels.ts";

/**
 * The nicknames the signed-in member proposed for this model that an admin has not approved yet: only she sees
 * them, so an added nickname that is not listed yet does not look lost.
 */
export function PendingNicknames({ nicknames }: { nicknames: readonly PendingNicknameReply[] }) {
  if (nicknames.length === 0) return null;
  return (
    <section aria-labelledby="pending-nicknames" className="rounded-lg border border-dashed border-line p-4">
      <h3 id="pending-nicknames" className="font-semibold text-ink">
        Your nicknames awaiting approval
      </h3>
      <p className="mt-1 text-sm text-ink-muted">
        An admin checks each one; it shows in the list above once approved.
      </p>
      <ul className="mt-3 space-y-2">
        {nicknames.map((n) => (
          <li
            key={n.revision_id}
            className="flex flex-wrap items-center gap-2 text-sm"
            data-testid="pending-nickname"
          >
            <span className="font-semibold text-ink">{n.nickname}</span>
            <span className="rounded bg-surface-muted px-1.5 py-0.5 text-xs text-ink-muted">
              {NICKNAME_TYPE_LABELS[n.type]}
            </span>
            <span className="text-ink-muted">on {n.cam_site_name}</span>
            <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink-muted">
              Awaiting approval
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

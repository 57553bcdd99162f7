import { Link } from "react-router";
import { EmptyState } from "./empty-state.tsx";
import { PageHeader } from "./page-header.tsx";

/** A section of the site whose content does not exist yet: its title and an honest empty state. */
export function AreaPlaceholder({
  title,
  lead,
  emptyTitle,
  emptyText,
}: {
  title: string;
  lead?: string;
  emptyTitle: string;
  emptyText?: string;
}) {
  return (
    <div>
      <PageHeader title={title} lead={lead} />
      <EmptyState title={emptyTitle} text={emptyText}>
        <Link to="/models" className="text-sm font-medium text-brand-600 hover:text-brand-700">
          Browse models meanwhile
        </Link>
      </EmptyState>
    </div>
  );
}

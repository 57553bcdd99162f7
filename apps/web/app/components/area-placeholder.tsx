import { Link } from "react-router";
import { EmptyState } from "./ui/empty-state.tsx";
import { PageHeader } from "./ui/page-header.tsx";

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
      <PageHeader title={title} lead={lead} className="mb-6" />
      <EmptyState title={emptyTitle} text={emptyText}>
        <Link to="/models" className="text-sm font-medium text-accent hover:underline">
          Browse models meanwhile
        </Link>
      </EmptyState>
    </div>
  );
}

import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";

/** The lists whose items have an edit page: `/admin/{area}` lists them, `/{area}/{slug}` shows one. */
const AREAS = {
  camsites: { label: "Camsites", view: "View page" },
  models: { label: "Models", view: "View profile" },
} as const;

/** "Camsites / Chaturbate" above "Edit Chaturbate  View page". */
export function AdminEditHeader({
  area,
  item,
  icon,
}: {
  area: keyof typeof AREAS;
  item: { name: string; slug: string };
  /** A logo before the title (lays the title out as a row). */
  icon?: ReactNode;
}) {
  const { label, view } = AREAS[area];
  const viewLink = (
    <Link to={`/${area}/${item.slug}`} className="text-sm font-normal text-accent underline">
      {view}
    </Link>
  );
  return (
    <PageHeader
      size="md"
      crumbs={
        <>
          <Link to={`/admin/${area}`} className="hover:underline">
            {label}
          </Link>{" "}
          / {item.name}
        </>
      }
      title={
        icon ? (
          <span className="flex items-center gap-3">
            {icon}
            Edit {item.name}
            {viewLink}
          </span>
        ) : (
          <>
            Edit {item.name} {viewLink}
          </>
        )
      }
    />
  );
}

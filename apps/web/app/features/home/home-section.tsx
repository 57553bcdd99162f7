import { Link } from "react-router";

/** A titled home section with an optional "see all" link. */
export function HomeSection({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string; reloadDocument?: boolean };
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="scroll-mt-6">
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-2xl font-bold tracking-tight text-ink">
          {title}
        </h2>
        {more && (
          <Link
            to={more.to}
            reloadDocument={more.reloadDocument}
            className="shrink-0 text-sm font-medium text-accent hover:underline"
          >
            {more.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

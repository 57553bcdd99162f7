import { Link } from "react-router";

/** The static pages seeded at start (admins may add more under /admin/pages). */
const FOOTER_LINKS = [
  { to: "/about", label: "About" },
  { to: "/terms", label: "Terms" },
  { to: "/privacy", label: "Privacy" },
  { to: "/dmca", label: "DMCA" },
  { to: "/contact", label: "Contact" },
] as const;

export function SiteFooter({ productName }: { productName: string }) {
  return (
    <footer className="mt-12 border-t border-line-soft bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {new Date().getUTCFullYear()} {productName}. For adults 18+ only.
        </p>
        <nav aria-label="Site">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-accent hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

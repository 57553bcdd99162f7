import { PAGE_DEFAULTS } from "@camatlas/shared";
import { Link } from "react-router";

export const NOT_FOUND_DEFAULTS = {
  title: PAGE_DEFAULTS.notFoundTitle,
  text: PAGE_DEFAULTS.notFoundText,
} as const;

/** The not-found page body, shown at the requested address (status 404). */
export function NotFoundView({ title, text }: { title?: string; text?: string }) {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <p className="text-6xl font-bold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold">{title || NOT_FOUND_DEFAULTS.title}</h1>
      <p className="mt-3 text-neutral-600">{text || NOT_FOUND_DEFAULTS.text}</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
      >
        Go to the home page
      </Link>
    </div>
  );
}

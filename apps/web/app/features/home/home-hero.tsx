import { preload } from "react-dom";
import { Form } from "react-router";
import type { HomeSettings } from "./site-settings.ts";

// Tailwind's `sm` breakpoint (40rem), where the wide picture takes over.
const NARROW = "(max-width: 639px)";
const WIDE = "(min-width: 640px)";

/** Full-width banner: title, subheading and the model search; the mobile header image on small screens. */
export function HomeHero({ home }: { home: HomeSettings }) {
  const image = home.header_image ?? home.mobile_header_image;
  // The blurred colours of the picture each screen loads, under it until it paints (the API computed them).
  const wide = home.header_image ? home.header_placeholder : home.mobile_header_placeholder;
  const narrow = home.mobile_header_image ? home.mobile_header_placeholder : wide;
  // The picture is the page's largest paint: asked for in the head, before the scripts, not when the parser meets
  // it (React does not preload an <img> inside <picture>). Each screen fetches only the one its <source> picks.
  if (image && home.mobile_header_image && home.header_image) {
    preload(home.mobile_header_image, { as: "image", fetchPriority: "high", media: NARROW });
    preload(home.header_image, { as: "image", fetchPriority: "high", media: WIDE });
  } else if (image) preload(image, { as: "image", fetchPriority: "high" });
  return (
    <section className="relative -mt-6 left-1/2 w-screen -translate-x-1/2 overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-neutral-900 text-white">
      {image && narrow && <Placeholder url={narrow} className="sm:hidden" />}
      {image && wide && <Placeholder url={wide} className="hidden sm:block" />}
      {image && (
        <picture>
          {home.mobile_header_image && <source media={NARROW} srcSet={home.mobile_header_image} />}
          <img
            src={image}
            alt=""
            fetchPriority="high"
            className="absolute inset-0 h-full w-full object-cover"
          />
        </picture>
      )}
      <div className="absolute inset-0 bg-gradient-to-t from-neutral-950/80 via-neutral-950/45 to-neutral-950/25" />
      <div className="relative mx-auto flex min-h-[19rem] max-w-6xl flex-col justify-center px-4 py-14 sm:min-h-[24rem] sm:py-20">
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance drop-shadow sm:text-5xl lg:text-6xl">
          {home.title}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-white/90 text-pretty drop-shadow sm:text-xl">
          {home.subheading}
        </p>
        <Form method="get" action="/models" role="search" className="mt-8 flex w-full max-w-xl gap-2">
          <label htmlFor="home-search" className="sr-only">
            Search models
          </label>
          <input
            id="home-search"
            name="query"
            type="search"
            placeholder="Name or nickname"
            className="min-w-0 flex-1 rounded-lg bg-surface px-4 py-3 text-ink shadow-lg placeholder:text-ink-faint focus:outline-3 focus:outline-focus"
          />
          <button
            type="submit"
            className="rounded-lg bg-neutral-900 px-5 py-3 font-semibold shadow-lg hover:bg-neutral-800 focus-visible:outline-3 focus-visible:outline-white"
          >
            Search
          </button>
        </Form>
      </div>
    </section>
  );
}

function Placeholder({ url, className }: { url: string; className: string }) {
  return (
    <span
      aria-hidden="true"
      data-placeholder=""
      className={`absolute inset-0 bg-cover bg-center ${className}`}
      style={{ backgroundImage: `url("${url}")` }}
    />
  );
}

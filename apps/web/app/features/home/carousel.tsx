import { useRef } from "react";

/** A horizontal strip that scrolls by touch, trackpad or its arrow buttons; items snap into place. */
export function Carousel({ label, children }: { label: string; children: React.ReactNode }) {
  const strip = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = strip.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: "smooth" });
  };
  const arrow =
    "hidden h-9 w-9 items-center justify-center rounded-full bg-white text-neutral-700 shadow ring-1 ring-neutral-200 hover:text-brand-600 sm:flex";
  return (
    <div className="relative">
      <ul
        ref={strip}
        aria-label={label}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-3 [scrollbar-width:thin]"
      >
        {children}
      </ul>
      <div className="absolute -top-12 right-0 flex gap-2">
        <button
          type="button"
          className={arrow}
          onClick={() => scroll(-1)}
          aria-label={`Scroll ${label} back`}
        >
          ‹
        </button>
        <button
          type="button"
          className={arrow}
          onClick={() => scroll(1)}
          aria-label={`Scroll ${label} forward`}
        >
          ›
        </button>
      </div>
    </div>
  );
}

export function CarouselItem({ children }: { children: React.ReactNode }) {
  return <li className="w-40 shrink-0 snap-start sm:w-48">{children}</li>;
}

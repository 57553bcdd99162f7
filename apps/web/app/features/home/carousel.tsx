import { useRef } from "react";

/** A horizontal strip that scrolls by touch, trackpad or its arrow buttons; items snap into place. */
export function Carousel({ label, children }: { label: string; children: React.ReactNode }) {
  const strip = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = strip.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: "smooth" });
  };
  const arrow =
    "absolute top-[38%] z-10 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-surface/95 text-xl text-ink shadow-md ring-1 ring-line-soft hover:text-accent sm:flex";
  return (
    <div className="relative">
      <ul
        ref={strip}
        aria-label={label}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-3 [scrollbar-width:thin]"
      >
        {children}
      </ul>
      <button
        type="button"
        className={`${arrow} -left-3`}
        onClick={() => scroll(-1)}
        aria-label={`Scroll ${label} back`}
      >
        ‹
      </button>
      <button
        type="button"
        className={`${arrow} -right-3`}
        onClick={() => scroll(1)}
        aria-label={`Scroll ${label} forward`}
      >
        ›
      </button>
    </div>
  );
}

export function CarouselItem({ children }: { children: React.ReactNode }) {
  return <li className="w-40 shrink-0 snap-start sm:w-48">{children}</li>;
}

import { formatCount } from "@camatlas/shared";
import type { HomeNumber } from "./site-settings.ts";

/** '{product} in numbers': the computed counts from the home_numbers setting. */
export function HomeNumbers({ title, numbers }: { title: string; numbers: HomeNumber[] }) {
  if (numbers.length === 0) return null;
  return (
    <section
      aria-labelledby="home-numbers"
      className="rounded-card border border-line-soft bg-surface px-6 py-10 text-ink shadow-card sm:px-10"
    >
      <h2 id="home-numbers" className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <dl className="mt-6 grid grid-cols-2 gap-6 sm:grid-cols-4">
        {numbers.map((item) => (
          <div key={item.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm text-ink-muted">{item.label}</dt>
            <dd className="text-3xl font-extrabold text-accent tabular-nums">
              {typeof item.value === "number" ? formatCount(item.value) : item.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

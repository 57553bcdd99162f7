import { AI_SEARCH_TEXT } from "@camatlas/shared/ai-search/search-texts";
import type { AiSearchReply } from "@camatlas/shared/api-contract";
import { Form } from "react-router";
import { Button } from "../../components/ui/button.tsx";

/**
 * The understood query as chips, in one GET form (works without JavaScript): each chip's words can be edited, a
 * chip's Remove button sends the form without it, and the search runs again on the chips' words.
 */
export function AiSearchChips({
  chips,
  timeZone,
}: {
  chips: AiSearchReply["chips"];
  timeZone: string | null;
}) {
  if (chips.length === 0) return null;
  return (
    <Form method="get" action="/search/ai" aria-labelledby="ai-chips-title" className="space-y-3">
      <h2 id="ai-chips-title" className="text-sm font-semibold text-ink">
        {AI_SEARCH_TEXT.understood}
      </h2>
      <p className="text-xs text-ink-muted">{AI_SEARCH_TEXT.chipsHint}</p>
      {timeZone && <input type="hidden" name="time_zone" value={timeZone} />}
      <ul className="flex flex-wrap gap-2" data-testid="ai-chips">
        {chips.map((chip, i) => (
          <li
            key={chip.key}
            data-chip={chip.key}
            className="flex min-w-0 max-w-full items-center gap-1 rounded-full border border-line bg-primary-soft py-1 pr-1 pl-3"
          >
            <label htmlFor={`ai-chip-${i}`} className="sr-only">
              {AI_SEARCH_TEXT.chipLabel(chip.label)}
            </label>
            <span aria-hidden="true" className="shrink-0 text-xs font-medium text-accent">
              {chip.label}
            </span>
            <input
              id={`ai-chip-${i}`}
              name="chip"
              defaultValue={chip.phrase}
              maxLength={200}
              className="w-28 min-w-0 rounded-full border border-line-soft bg-surface px-2 py-0.5 text-xs text-ink sm:w-40"
            />
            <button
              type="submit"
              name="remove"
              value={i}
              aria-label={AI_SEARCH_TEXT.remove(chip.label)}
              className="flex size-7 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink"
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <Button type="submit" size="sm" variant="secondary">
        {AI_SEARCH_TEXT.apply}
      </Button>
    </Form>
  );
}

import { Form } from "react-router";

// A signed-in visitor's vote in the model page's header; its own module so the header does not bring the page's
// other forms (profile-forms.tsx, loaded with their tabs) into the page's first-load JavaScript.

/** Five submit buttons, one per star: a vote without JavaScript; the current vote is marked. */
export function RatingVote({ modelId, userRating }: { modelId: number; userRating: number | null }) {
  return (
    <Form method="post" preventScrollReset className="flex items-center gap-2">
      <input type="hidden" name="intent" value="rate" />
      <input type="hidden" name="model_id" value={modelId} />
      <fieldset className="flex items-center">
        <legend className="float-left mr-2 text-sm text-ink-soft">
          {userRating ? "Your vote:" : "Rate her:"}
        </legend>
        {[1, 2, 3, 4, 5].map((value) => {
          const on = userRating !== null && value <= userRating;
          return (
            <button
              key={value}
              type="submit"
              name="rating"
              value={value}
              aria-label={`${value} ${value === 1 ? "star" : "stars"}`}
              aria-pressed={userRating === value}
              className={`px-0.5 text-2xl leading-none transition hover:scale-110 focus:outline-none focus-visible:ring-2 focus-visible:ring-focus ${
                on ? "text-star" : "text-line hover:text-star"
              }`}
            >
              ★
            </button>
          );
        })}
      </fieldset>
    </Form>
  );
}

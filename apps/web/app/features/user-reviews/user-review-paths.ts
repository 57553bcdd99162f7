// Addresses of the user review pages, in one place.

export const writeReviewPath = (slug: string) => `/models/${slug}/write-review`;
export const reviewPath = (id: number) => `/user-reviews/${id}`;
export const editReviewPath = (id: number) => `/user-reviews/${id}/edit`;

/** A page of the model's "User Reviews" tab. */
export function reviewPageHref(slug: string, page: number): string {
  return page > 1
    ? `/models/${slug}?tab=user-reviews&review_page=${page}`
    : `/models/${slug}?tab=user-reviews`;
}

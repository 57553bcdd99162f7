import {
  countWords,
  IMAGE_ACCEPT,
  REVIEW_IMAGE_MAX_BYTES,
  REVIEW_IMAGES_MAX,
  REVIEW_MIN_WORDS,
  REVIEW_NICKNAMES_LIMIT,
  REVIEW_VIDEO_MAX_BYTES,
  TEXT_LIMITS,
  USER_REVIEW_MESSAGES,
  videoDurationLimit,
} from "@camatlas/shared";
import { useEffect, useMemo, useState } from "react";
import { Form } from "react-router";
import { cardClass } from "../../components/ui/card.tsx";
import { FieldError } from "../../components/ui/field-frame.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { type ReviewImage, ReviewImageUploads } from "./review-image-uploads.tsx";
import { nextVideoStep, wordCountText } from "./review-labels.ts";
import { type ReviewVideo, ReviewVideoUpload } from "./review-video-upload.tsx";
import { draftKey, readDraft, useReviewDraft } from "./use-review-draft.ts";

// The write and edit form of a user review. Without JavaScript it posts title, text, rating and nicknames; with it,
// the draft is kept while typing, the word count and the video length it unlocks update live, and images and a
// video upload with progress bars (the video's processing status is polled).

export interface ReviewFormInitial {
  title: string;
  body: string;
  rating: string;
  nicknameIds: number[];
  images: ReviewImage[];
  video: ReviewVideo | null;
}

const RATINGS = [
  { value: "5", label: "5 – Excellent" },
  { value: "4", label: "4 – Very good" },
  { value: "3", label: "3 – Good" },
  { value: "2", label: "2 – Fair" },
  { value: "1", label: "1 – Poor" },
];

export function ReviewForm({
  draftScope,
  nicknames,
  initial,
  errors,
  message,
  submitLabel,
  saved,
  hidden = {},
}: {
  /** Where the draft is kept: the model for a new review, the review for an edit. */
  draftScope: string;
  nicknames: readonly { id: number; nickname: string; cam_site_name: string }[];
  initial: ReviewFormInitial;
  errors: Record<string, string>;
  /** A failure no field explains. */
  message?: string | undefined;
  submitLabel: string;
  /** The review was saved: the draft is dropped. */
  saved: boolean;
  /** Fields the form sends as they are (the model of a new review). */
  hidden?: Record<string, string>;
}) {
  const [title, setTitle] = useState(initial.title);
  const [body, setBody] = useState(initial.body);
  const [rating, setRating] = useState(initial.rating);
  const [nicknameIds, setNicknameIds] = useState<number[]>(initial.nicknameIds);
  const [hydrated, setHydrated] = useState(false);
  const [restored, setRestored] = useState(false);
  const key = draftKey(draftScope);
  const draft = useMemo(() => ({ title, body, rating, nicknameIds }), [title, body, rating, nicknameIds]);
  const { clear } = useReviewDraft(key, draft, hydrated && !saved);
  const words = countWords(body);
  const next = nextVideoStep(words);

  // A draft of this browser fills an empty form once, after hydration (the server cannot know it).
  useEffect(() => {
    setHydrated(true);
    if (initial.title || initial.body) return;
    const found = readDraft(window.localStorage, key);
    if (!found) return;
    setTitle(found.title);
    setBody(found.body);
    setRating(found.rating);
    setNicknameIds(found.nicknameIds.filter((id) => nicknames.some((n) => n.id === id)));
    setRestored(true);
  }, [key, initial.title, initial.body, nicknames]);

  useEffect(() => {
    if (saved) clear();
  }, [saved, clear]);

  const discard = () => {
    clear();
    setTitle(initial.title);
    setBody(initial.body);
    setRating(initial.rating);
    setNicknameIds(initial.nicknameIds);
    setRestored(false);
  };

  const toggleNickname = (id: number, on: boolean) =>
    setNicknameIds((current) => (on ? [...current, id] : current.filter((n) => n !== id)));

  return (
    <Form method="post" className="space-y-6" aria-describedby={message ? "review-form-message" : undefined}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {message && (
        <div id="review-form-message">
          <FormAlert>{message}</FormAlert>
        </div>
      )}
      {errors.review && <FormAlert>{errors.review}</FormAlert>}
      {errors.model_id && <FormAlert>{errors.model_id}</FormAlert>}
      {restored && (
        <p className="flex flex-wrap items-center gap-3 rounded-lg bg-primary-soft px-3 py-2 text-sm text-ink-soft">
          Your draft from this browser was restored.
          <button type="button" onClick={discard} className="font-medium text-accent underline">
            Discard the draft
          </button>
        </p>
      )}

      <TextField
        label="Title"
        name="title"
        required
        maxLength={TEXT_LIMITS.title}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
      />

      <fieldset
        className="space-y-2"
        aria-describedby={errors.nickname_ids ? "nicknames-error" : "nicknames-hint"}
      >
        <legend className="text-sm font-medium text-ink-soft">Which of her nicknames did you watch?</legend>
        <p id="nicknames-hint" className="text-xs text-ink-faint">
          Choose one or two.
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {nicknames.map((n) => {
            const checked = nicknameIds.includes(n.id);
            return (
              <label
                key={n.id}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-line bg-surface px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus"
              >
                <input
                  type="checkbox"
                  name="nickname_ids"
                  value={n.id}
                  checked={checked}
                  // Two at most: the others wait until one is unticked (the API says so too).
                  disabled={!checked && nicknameIds.length >= REVIEW_NICKNAMES_LIMIT}
                  onChange={(event) => toggleNickname(n.id, event.target.checked)}
                  className="h-4 w-4 accent-primary"
                />
                <span className="min-w-0 truncate">
                  <span className="font-medium text-ink">{n.nickname}</span>
                  <span className="text-ink-faint"> on {n.cam_site_name}</span>
                </span>
              </label>
            );
          })}
        </div>
        {errors.nickname_ids && <FieldError id="nicknames-error">{errors.nickname_ids}</FieldError>}
      </fieldset>

      <fieldset aria-describedby={errors.rating ? "rating-error" : undefined}>
        <legend className="text-sm font-medium text-ink-soft">Your rating</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {RATINGS.map((option) => (
            <label
              key={option.value}
              className="cursor-pointer rounded-md border border-line bg-surface px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus"
            >
              <input
                type="radio"
                name="rating"
                value={option.value}
                checked={rating === option.value}
                onChange={() => setRating(option.value)}
                className="mr-2 accent-primary"
                required
              />
              {option.label}
            </label>
          ))}
        </div>
        {errors.rating && <FieldError id="rating-error">{errors.rating}</FieldError>}
      </fieldset>

      <div className="space-y-1">
        <TextField
          multiline
          label="Your review"
          name="body"
          rows={16}
          required
          maxLength={TEXT_LIMITS.reviewText}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          error={errors.body}
          hint={
            <>
              At least {REVIEW_MIN_WORDS} words: what her shows are like, the room, the chat, what you liked.{" "}
              <span
                className="block text-sm tabular-nums text-ink-muted"
                aria-live="polite"
                data-testid="word-count"
              >
                {wordCountText(words)}
                {words >= REVIEW_MIN_WORDS && next && ` (${next.words} words allow ${next.seconds} s)`}
              </span>
            </>
          }
        />
      </div>

      <section className={cardClass({ className: "space-y-4" })} aria-labelledby="review-media-title">
        <h2 id="review-media-title" className="font-semibold text-ink">
          Photos and video <span className="font-normal text-ink-faint">(optional)</span>
        </h2>
        <ReviewImageUploads
          initial={initial.images}
          max={REVIEW_IMAGES_MAX}
          maxBytes={REVIEW_IMAGE_MAX_BYTES}
          accept={IMAGE_ACCEPT}
          error={errors.image_media_ids}
        />
        <ReviewVideoUpload
          initial={initial.video}
          maxBytes={REVIEW_VIDEO_MAX_BYTES}
          limitSeconds={videoDurationLimit(words)}
          words={words}
          error={errors.video_media_id}
          tooShortText={USER_REVIEW_MESSAGES.videoNeedsWords}
        />
      </section>

      <SubmitButton busyLabel="Saving…" size="md">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}

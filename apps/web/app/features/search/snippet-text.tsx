import type { Snippet } from "@camatlas/shared/api-contract";

/** A highlighted snippet: plain text with the matched words in <mark> (rendered as text, so never markup). */
export function SnippetText({ snippet }: { snippet: Snippet }) {
  return (
    <>
      {snippet.map((segment, i) =>
        segment.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never move
          <mark key={i} className="rounded-sm bg-primary-soft px-0.5 text-accent">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never move
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}

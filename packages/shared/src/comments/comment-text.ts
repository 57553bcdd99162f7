// Markdown-lite for comments: a comment's text becomes a list of tokens the page renders as React elements, never
// as HTML. Only links (bare http(s) addresses and [label](http(s)://…)), @mentions of models and line breaks are
// recognised; everything else, `<script>` included, stays text.

export type CommentToken =
  | { type: "text"; text: string }
  | { type: "link"; href: string; text: string }
  /** `@handle`: links to the model the API resolved it to, else shows as text. */
  | { type: "mention"; handle: string; text: string }
  | { type: "break" };

/** A paragraph of tokens; blank lines separate paragraphs. */
export type CommentParagraph = CommentToken[];

// [label](url) | bare url | @handle (a model's slug or one-word name: letters, digits, dot, dash, underscore).
const INLINE =
  /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s)]{1,2000})\)|(https?:\/\/[^\s<>"']{1,2000})|(^|[^\w@])@([\p{L}\p{N}][\p{L}\p{N}._-]{0,63})/gu;

/** Punctuation that ends a sentence rather than a bare link: `see https://x.com.` links to https://x.com. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** Only absolute http(s) addresses become links; the browser gets the URL parsed and normalised. */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function inlineTokens(line: string): CommentToken[] {
  const tokens: CommentToken[] = [];
  let last = 0;
  const pushText = (text: string) => {
    if (!text) return;
    const previous = tokens.at(-1);
    if (previous?.type === "text") previous.text += text;
    else tokens.push({ type: "text", text });
  };
  for (const match of line.matchAll(INLINE)) {
    const [whole, label, labelledUrl, bareUrl, lead, handle] = match;
    const start = match.index;
    pushText(line.slice(last, start));
    last = start + whole.length;
    if (label !== undefined && labelledUrl !== undefined) {
      const href = safeHref(labelledUrl);
      if (href) tokens.push({ type: "link", href, text: label });
      else pushText(whole);
    } else if (bareUrl !== undefined) {
      const trailing = TRAILING_PUNCTUATION.exec(bareUrl)?.[0] ?? "";
      const url = trailing ? bareUrl.slice(0, -trailing.length) : bareUrl;
      const href = safeHref(url);
      if (href) tokens.push({ type: "link", href, text: url });
      else pushText(url);
      pushText(trailing);
    } else if (handle !== undefined) {
      pushText(lead ?? "");
      // A dot or dash closing a sentence is not part of the name.
      const name = handle.replace(/[._-]+$/, "");
      tokens.push({ type: "mention", handle: name.toLowerCase(), text: `@${name}` });
      pushText(handle.slice(name.length));
    }
  }
  pushText(line.slice(last));
  return tokens;
}

/** The comment's paragraphs (blank-line separated), single line breaks kept as `break` tokens. */
export function commentParagraphs(text: string): CommentParagraph[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) =>
      block.split("\n").flatMap((line, i) => {
        const tokens = inlineTokens(line);
        return i === 0 ? tokens : [{ type: "break" } as const, ...tokens];
      }),
    );
}

/** The distinct @handles of a text, lowercased: the API looks these up among the models the reader may see. */
export function mentionHandles(text: string): string[] {
  const handles = new Set<string>();
  for (const paragraph of commentParagraphs(text))
    for (const token of paragraph) if (token.type === "mention") handles.add(token.handle);
  return [...handles];
}

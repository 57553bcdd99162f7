// The forum's markdown-lite: a small, safe subset parsed into a tree (never HTML), so the page renders it as React
// elements and nothing a member types can become markup. Blocks: paragraphs, "> " quotes, "- " lists and
// [quote="nick" post=12]…[/quote] quotes of a post. Inline: **bold**, *italic*, `code`, [text](http(s) link), bare
// http(s) links and @nick mentions. Link addresses pass the comments' check (safeHref: absolute http(s) only).

import { safeHref } from "../comments/comment-text.ts";

export type Inline =
  | { t: "text"; v: string }
  | { t: "strong"; c: Inline[] }
  | { t: "em"; c: Inline[] }
  | { t: "code"; v: string }
  | { t: "link"; href: string; c: Inline[] }
  | { t: "mention"; nick: string }
  | { t: "br" };

export type Block =
  | { t: "p"; c: Inline[] }
  | { t: "ul"; items: Inline[][] }
  | { t: "quote"; author: string | null; postId: number | null; c: Block[] };

const QUOTE_OPEN = /^\[quote(?:="([A-Za-z0-9._-]{1,32})")?(?:\s+post=(\d{1,10}))?\]\s*$/i;
const QUOTE_CLOSE = /^\[\/quote\]\s*$/i;
/** A mention: @ then a nickname (NICK_NAME_PATTERN's characters), not inside a word or an email address. */
const MENTION = /(^|[^\w@.])@([A-Za-z0-9_-][A-Za-z0-9._-]{1,31}[A-Za-z0-9_-])/g;
const URL_PATTERN = /https?:\/\/[^\s<>()"']+[^\s<>()"'.,;:!?]/g;

/** Parses a post's text into blocks. */
export function parseMarkdownLite(text: string): Block[] {
  return parseBlocks(text.replace(/\r\n?/g, "\n").split("\n"));
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ t: "p", c: parseLines(paragraph) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const open = QUOTE_OPEN.exec(line.trim());
    if (open) {
      const end = findClose(lines, i + 1);
      if (end !== -1) {
        flush();
        blocks.push({
          t: "quote",
          author: open[1] ?? null,
          postId: open[2] ? Number(open[2]) : null,
          c: parseBlocks(lines.slice(i + 1, end)),
        });
        i = end;
        continue;
      }
    }
    if (/^\s*>/.test(line)) {
      flush();
      const quoted: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i] ?? "")) {
        quoted.push((lines[i] ?? "").replace(/^\s*>\s?/, ""));
        i++;
      }
      i--;
      blocks.push({ t: "quote", author: null, postId: null, c: parseBlocks(quoted) });
      continue;
    }
    if (/^\s*[-*]\s+/.test(line)) {
      flush();
      const items: Inline[][] = [];
      while (i < lines.length && /^\s*[-*]\s+/.test(lines[i] ?? "")) {
        items.push(parseInline((lines[i] ?? "").replace(/^\s*[-*]\s+/, "")));
        i++;
      }
      i--;
      blocks.push({ t: "ul", items });
      continue;
    }
    if (line.trim() === "") flush();
    else paragraph.push(line);
  }
  flush();
  return blocks;
}

/** The line of the [/quote] closing the quote opened before `from`, nested quotes counted; -1 when unclosed. */
function findClose(lines: string[], from: number): number {
  let depth = 1;
  for (let i = from; i < lines.length; i++) {
    const line = (lines[i] ?? "").trim();
    if (QUOTE_OPEN.test(line)) depth++;
    else if (QUOTE_CLOSE.test(line) && --depth === 0) return i;
  }
  return -1;
}

function parseLines(lines: string[]): Inline[] {
  const out: Inline[] = [];
  lines.forEach((line, index) => {
    if (index > 0) out.push({ t: "br" });
    out.push(...parseInline(line.trim()));
  });
  return out;
}

/** Inline markup, outermost first: code spans, links, bold, italic; the rest is text with links and mentions. */
export function parseInline(text: string): Inline[] {
  const rules: [RegExp, (m: RegExpExecArray) => Inline][] = [
    [/`([^`\n]+)`/, (m) => ({ t: "code", v: m[1] ?? "" })],
    [
      /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s)]+)\)/,
      (m) => {
        const href = safeHref(m[2] ?? "");
        return href ? { t: "link", href, c: parseInline(m[1] ?? "") } : { t: "text", v: m[0] };
      },
    ],
    [/\*\*([^*\n]+?)\*\*/, (m) => ({ t: "strong", c: parseInline(m[1] ?? "") })],
    [/(?<![\w*])[*_]([^*_\n]+?)[*_](?![\w*])/, (m) => ({ t: "em", c: parseInline(m[1] ?? "") })],
  ];
  let best: { index: number; length: number; node: Inline } | null = null;
  for (const [pattern, build] of rules) {
    const m = pattern.exec(text);
    if (m && (best === null || m.index < best.index))
      best = { index: m.index, length: m[0].length, node: build(m) };
  }
  if (!best) return plainInline(text);
  return [
    ...plainInline(text.slice(0, best.index)),
    best.node,
    ...parseInline(text.slice(best.index + best.length)),
  ];
}

/** Text with bare http(s) links and @mentions picked out. */
function plainInline(text: string): Inline[] {
  if (!text) return [];
  const out: Inline[] = [];
  const marks: { index: number; end: number; node: Inline }[] = [];
  for (const m of text.matchAll(URL_PATTERN)) {
    const href = safeHref(m[0]);
    if (!href) continue;
    marks.push({
      index: m.index,
      end: m.index + m[0].length,
      node: { t: "link", href, c: [{ t: "text", v: m[0] }] },
    });
  }
  for (const m of text.matchAll(MENTION)) {
    const start = m.index + (m[1]?.length ?? 0);
    if (marks.some((mark) => start >= mark.index && start < mark.end)) continue;
    marks.push({
      index: start,
      end: start + 1 + (m[2]?.length ?? 0),
      node: { t: "mention", nick: m[2] ?? "" },
    });
  }
  marks.sort((a, b) => a.index - b.index);
  let at = 0;
  for (const mark of marks) {
    if (mark.index < at) continue;
    if (mark.index > at) out.push({ t: "text", v: text.slice(at, mark.index) });
    out.push(mark.node);
    at = mark.end;
  }
  if (at < text.length) out.push({ t: "text", v: text.slice(at) });
  return out;
}

function walkInline(blocks: Block[], visit: (node: Inline) => void, skipQuotes: boolean) {
  const inline = (nodes: Inline[]) => {
    for (const node of nodes) {
      visit(node);
      if (node.t === "strong" || node.t === "em" || node.t === "link") inline(node.c);
    }
  };
  for (const block of blocks) {
    if (block.t === "p") inline(block.c);
    else if (block.t === "ul") for (const item of block.items) inline(item);
    else if (!skipQuotes) walkInline(block.c, visit, skipQuotes);
  }
}

/** The nicknames a post mentions in its own words (not inside quotes), lowercased, each once. */
export function mentionedNicks(text: string): string[] {
  const nicks = new Set<string>();
  walkInline(
    parseMarkdownLite(text),
    (node) => {
      if (node.t === "mention") nicks.add(node.nick.toLowerCase());
    },
    true,
  );
  return [...nicks];
}

/** The posts a text quotes with [quote=… post=N] (outermost quotes only), each once. */
export function quotedPostIds(text: string): number[] {
  const ids = new Set<number>();
  for (const block of parseMarkdownLite(text)) if (block.t === "quote" && block.postId) ids.add(block.postId);
  return [...ids];
}

/** The markup quoting a post in a reply: its own quotes left out, so quotes do not nest ever deeper. */
export function quoteMarkup(nick: string, postId: number, body: string): string {
  const own = stripQuotes(body).trim();
  return `[quote="${nick}" post=${postId}]\n${own}\n[/quote]\n\n`;
}

function stripQuotes(body: string): string {
  const lines = body.replace(/\r\n?/g, "\n").split("\n");
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (QUOTE_OPEN.test(line.trim())) {
      const end = findClose(lines, i + 1);
      if (end !== -1) {
        i = end;
        continue;
      }
    }
    if (/^\s*>/.test(line)) continue;
    kept.push(line);
  }
  return kept.join("\n").replace(/\n{3,}/g, "\n\n");
}

/** The text without markup, for excerpts, meta descriptions and notifications. */
export function plainTextOf(text: string, maxLength = 300): string {
  const parts: string[] = [];
  const inline = (nodes: Inline[]) => {
    for (const node of nodes) {
      if (node.t === "text" || node.t === "code") parts.push(node.v);
      else if (node.t === "mention") parts.push(`@${node.nick}`);
      else if (node.t === "br") parts.push(" ");
      else inline(node.c);
    }
  };
  for (const block of parseMarkdownLite(stripQuotes(text))) {
    if (block.t === "p") inline(block.c);
    else if (block.t === "ul") for (const item of block.items) inline(item);
    parts.push(" ");
  }
  const plain = parts.join("").replace(/\s+/g, " ").trim();
  return plain.length > maxLength ? `${plain.slice(0, maxLength - 1).trimEnd()}…` : plain;
}

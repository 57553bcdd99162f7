import { type Block, type Inline, parseMarkdownLite } from "@camatlas/shared/forum";
import type { ReactNode } from "react";
import { Link } from "react-router";

// A post's markdown-lite text as React elements: the parser gives a tree of known nodes, so whatever a member types
// (HTML included) is rendered as text; links are http(s) only and marked user-generated.

function inline(nodes: Inline[], key = ""): ReactNode[] {
  return nodes.map((node, index) => {
    const k = `${key}${index}`;
    switch (node.t) {
      case "text":
        return node.v;
      case "br":
        return <br key={k} />;
      case "code":
        return (
          <code key={k} className="rounded bg-surface-muted px-1 py-0.5 text-[0.9em]">
            {node.v}
          </code>
        );
      case "strong":
        return <strong key={k}>{inline(node.c, `${k}-`)}</strong>;
      case "em":
        return <em key={k}>{inline(node.c, `${k}-`)}</em>;
      case "link":
        return (
          <a
            key={k}
            href={node.href}
            rel="nofollow ugc noopener"
            className="text-accent underline break-words"
          >
            {inline(node.c, `${k}-`)}
          </a>
        );
      case "mention":
        return (
          <Link key={k} to={`/users/${encodeURIComponent(node.nick)}`} className="font-medium text-accent">
            @{node.nick}
          </Link>
        );
      default:
        return null;
    }
  });
}

function blocks(list: Block[], key = ""): ReactNode[] {
  return list.map((block, index) => {
    const k = `${key}${index}`;
    if (block.t === "p") return <p key={k}>{inline(block.c, `${k}-`)}</p>;
    if (block.t === "ul")
      return (
        <ul key={k} className="list-disc space-y-1 pl-5">
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity but their place
            <li key={i}>{inline(item, `${k}-${i}-`)}</li>
          ))}
        </ul>
      );
    return (
      <blockquote
        key={k}
        className="space-y-2 border-l-4 border-line bg-surface-muted px-3 py-2 text-ink-soft"
      >
        {block.author && (
          <p className="text-sm font-semibold text-ink-muted">
            {block.author} wrote{block.postId ? "" : ":"}
          </p>
        )}
        {blocks(block.c, `${k}-`)}
      </blockquote>
    );
  });
}

export function MarkdownLiteView({ text, className = "" }: { text: string; className?: string }) {
  return <div className={`space-y-3 break-words ${className}`}>{blocks(parseMarkdownLite(text))}</div>;
}

import type { CommentMentionReply } from "@camatlas/shared/api-contract";
import { commentParagraphs } from "@camatlas/shared/comments";
import { Fragment } from "react";
import { Link } from "react-router";

// A comment's text as React elements (never as HTML): paragraphs, line breaks, links and @mentions of models.

export function CommentText({ text, mentions }: { text: string; mentions: CommentMentionReply[] }) {
  const bySlug = new Map(mentions.map((m) => [m.handle, m]));
  return (
    <div className="space-y-2 break-words text-sm leading-6 text-ink-soft">
      {commentParagraphs(text).map((paragraph, p) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text never move
        <p key={p}>
          {paragraph.map((token, i) => {
            const key = `${p}-${i}`;
            if (token.type === "break") return <br key={key} />;
            if (token.type === "link")
              return (
                <a
                  key={key}
                  href={token.href}
                  rel="nofollow ugc noopener noreferrer"
                  target="_blank"
                  className="text-accent underline"
                >
                  {token.text}
                </a>
              );
            if (token.type === "mention") {
              const model = bySlug.get(token.handle);
              return model ? (
                <Link
                  key={key}
                  to={`/models/${model.slug}`}
                  className="font-medium text-accent hover:underline"
                >
                  {token.text}
                </Link>
              ) : (
                <Fragment key={key}>{token.text}</Fragment>
              );
            }
            return <Fragment key={key}>{token.text}</Fragment>;
          })}
        </p>
      ))}
    </div>
  );
}

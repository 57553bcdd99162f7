import type { SearchAllReply, SearchSection } from "@camatlas/shared/api-contract";
import { Link } from "react-router";
import { ModelCard, modelCardView } from "../../components/model-card.tsx";
import { BlurImage } from "../../components/ui/blur-image.tsx";
import { StatsNicknameRow } from "../stats/stats-nickname-card.tsx";
import { SnippetText } from "./snippet-text.tsx";

type Sections = Required<SearchAllReply["sections"]>;
type Items<S extends SearchSection> = Sections[S]["data"];

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

const LIST = "divide-y divide-line-soft rounded-card border border-line-soft bg-surface";
const ROW = "min-w-0 px-4 py-3";
const TITLE = "font-semibold text-ink hover:text-accent hover:underline break-words";
const SNIPPET = "mt-1 text-sm text-ink-soft break-words";
const META = "mt-1 text-xs text-ink-muted";

/** One section's hits, in the section's own shape (cards for models, rows for the rest). */
export function SearchSectionItems<S extends SearchSection>({
  section,
  items,
}: {
  section: S;
  items: Items<S>;
}) {
  switch (section) {
    case "models":
      return (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {(items as Items<"models">).map((model) => (
            <ModelCard key={model.id} model={modelCardView(model)} />
          ))}
        </ul>
      );
    case "reviews":
      return (
        <ul className={LIST}>
          {(items as Items<"reviews">).map((review) => (
            <li key={review.id} className={ROW}>
              <Link to={review.url} className={TITLE}>
                {review.title}
              </Link>
              <p className={SNIPPET}>
                <SnippetText snippet={review.snippet} />
              </p>
              <p className={META}>
                {review.model.name}
                {review.rating !== null && ` · ${review.rating}/5`}
                {review.author_nick_name && ` · by ${review.author_nick_name}`} ·{" "}
                {dateText(review.created_at)}
              </p>
            </li>
          ))}
        </ul>
      );
    case "posts":
      return (
        <ul className={LIST}>
          {(items as Items<"posts">).map((post) => (
            <li key={post.id} className={ROW}>
              <Link to={post.url} className={TITLE}>
                {post.title}
              </Link>
              <p className={SNIPPET}>
                <SnippetText snippet={post.snippet} />
              </p>
              <p className={META}>
                {post.type === "review" ? "Review" : post.type === "blog" ? "Blog" : "News"} ·{" "}
                {dateText(post.published_at)}
              </p>
            </li>
          ))}
        </ul>
      );
    case "comments":
      return (
        <ul className={LIST}>
          {(items as Items<"comments">).map((comment) => (
            <li key={comment.id} className={ROW}>
              <p className="text-sm text-ink-soft break-words">
                <SnippetText snippet={comment.snippet} />
              </p>
              <p className={META}>
                {comment.author_name ?? "Guest"} on{" "}
                <Link to={comment.url} className="text-accent underline">
                  {comment.where}
                </Link>{" "}
                · {dateText(comment.created_at)}
              </p>
            </li>
          ))}
        </ul>
      );
    case "users":
      return (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {(items as Items<"users">).map((user) => (
            <li key={user.id}>
              <Link
                to={user.url}
                className="flex min-w-0 items-center gap-3 rounded-card border border-line-soft bg-surface px-3 py-2 text-ink hover:text-accent"
              >
                {user.avatar_path ? (
                  <BlurImage
                    src={user.avatar_path}
                    placeholder={user.avatar_placeholder}
                    alt=""
                    width={36}
                    height={36}
                    className="size-9 shrink-0 rounded-full object-cover"
                  />
                ) : (
                  <span aria-hidden="true" className="size-9 shrink-0 rounded-full bg-surface-muted" />
                )}
                <span className="min-w-0 truncate font-medium">{user.nick_name}</span>
              </Link>
            </li>
          ))}
        </ul>
      );
    case "stats":
      return (
        <ul className={`${LIST} px-3`}>
          {(items as Items<"stats">).map((nickname) => (
            <StatsNicknameRow key={nickname.id} nickname={nickname} />
          ))}
        </ul>
      );
    case "topics":
      return (
        <ul className={LIST}>
          {(items as Items<"topics">).map((topic) => (
            <li key={topic.id} className={ROW}>
              {/* Found by a post's words: the title leads to that post, its snippet under it. */}
              <Link to={topic.url} className={TITLE}>
                {topic.post_id === null ? <SnippetText snippet={topic.snippet} /> : topic.title}
              </Link>
              {topic.post_id !== null && (
                <p className={SNIPPET}>
                  <SnippetText snippet={topic.snippet} />
                </p>
              )}
              <p className={META}>
                {topic.category.title} · {topic.posts_count} {topic.posts_count === 1 ? "post" : "posts"}
                {topic.last_post_at && ` · ${dateText(topic.last_post_at)}`}
              </p>
            </li>
          ))}
        </ul>
      );
    case "snapshots":
      return (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {(items as Items<"snapshots">).map((snapshot) => (
            <li
              key={snapshot.id}
              className="min-w-0 overflow-hidden rounded-card border border-line-soft bg-surface"
            >
              <Link to={snapshot.page_url} className="block text-ink hover:text-accent">
                <span className="block aspect-[4/3] bg-surface-muted">
                  {snapshot.url && (
                    <BlurImage
                      src={snapshot.url}
                      placeholder={snapshot.placeholder}
                      alt={`Snapshot of ${snapshot.nickname}, ${dateText(snapshot.taken_at)}`}
                      width={320}
                      height={240}
                      loading="lazy"
                      className="h-full w-full object-cover"
                    />
                  )}
                </span>
                <span className="block truncate px-2 pt-1 text-sm font-medium">{snapshot.nickname}</span>
              </Link>
              <p className="truncate px-2 pb-1 text-xs text-ink-muted">
                {snapshot.cam_site.name}
                {snapshot.topic && ` · ${snapshot.topic}`}
              </p>
            </li>
          ))}
        </ul>
      );
    default:
      return null;
  }
}

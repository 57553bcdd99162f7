import { FOLLOW_MESSAGES, formatCount } from "@camatlas/shared";
import { useFetcher, useLocation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { loginPath } from "../../lib/session/return-to.ts";

/** Where every follow form posts: the Following page's action (it sends a browser without JS back to `return_to`). */
export const FOLLOW_ACTION = "/following";

/**
 * Follow / Following on a model's page or card: a plain form (works without JS), shown pressed at once while the
 * request runs. A guest gets a sign-in link that brings him back.
 */
export function FollowButton({
  modelId,
  modelName,
  following,
  followersCount,
  signedIn,
  returnTo,
  size = "sm",
}: {
  modelId: number;
  modelName: string;
  following: boolean;
  followersCount?: number;
  signedIn: boolean;
  /** Where a browser without JS comes back to; this page (with its query) unless given. */
  returnTo?: string;
  size?: "xs" | "sm" | "md";
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  const back = returnTo ?? `${location.pathname}${location.search}`;
  const pending = fetcher.formData?.get("intent");
  const shown = pending ? pending === "follow" : following;
  const count =
    followersCount === undefined ? undefined : followersCount + (shown === following ? 0 : shown ? 1 : -1);
  const counter = count !== undefined && (
    <span className="text-sm text-ink-muted tabular-nums">
      {formatCount(count)} {count === 1 ? "follower" : "followers"}
    </span>
  );
  if (!signedIn)
    return (
      <div className="flex items-center gap-3">
        <Button to={loginPath(back)} variant="secondary" size={size}>
          {FOLLOW_MESSAGES.signInToFollow}
        </Button>
        {counter}
      </div>
    );
  return (
    <fetcher.Form method="post" action={FOLLOW_ACTION} className="flex items-center gap-3">
      <input type="hidden" name="model_id" value={modelId} />
      <input type="hidden" name="return_to" value={back} />
      <Button
        type="submit"
        name="intent"
        value={shown ? "unfollow" : "follow"}
        variant={shown ? "secondary" : "primary"}
        size={size}
        aria-pressed={shown}
      >
        <span aria-hidden="true">{shown ? "✓ " : "+ "}</span>
        {shown ? FOLLOW_MESSAGES.following : FOLLOW_MESSAGES.follow}
        <span className="sr-only"> {modelName}</span>
      </Button>
      {counter}
    </fetcher.Form>
  );
}

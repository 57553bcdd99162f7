import { Button } from "../../components/ui/button.tsx";

// Sign in with Google / X: plain links, so they work without JavaScript. The API starts the OAuth flow
// (PKCE and state cookies) and brings the user back signed in; `redirect` is the page to return to.

export type OAuthProvider = "google" | "twitter";

function withRedirect(path: string, returnTo: string | undefined) {
  return returnTo && returnTo !== "/" ? `${path}?${new URLSearchParams({ redirect: returnTo })}` : path;
}

/** The "or" divider and one button per configured provider; nothing when none is configured. */
export function OAuthButtons({
  providers,
  returnTo,
}: {
  providers: ReadonlyArray<OAuthProvider>;
  returnTo?: string;
}) {
  if (providers.length === 0) return null;
  return (
    <>
      <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-ink-faint">
        <span className="h-px flex-1 bg-line-soft" />
        or
        <span className="h-px flex-1 bg-line-soft" />
      </div>
      <div className="grid gap-2">
        {providers.includes("google") && (
          <Button href={withRedirect("/api/google/redirect", returnTo)} variant="secondary" size="lg" block>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
              <path
                fill="#4285F4"
                d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8Z"
              />
              <path
                fill="#34A853"
                d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24Z"
              />
              <path fill="#FBBC05" d="M5.4 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.8l4-3Z" />
              <path
                fill="#EA4335"
                d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8Z"
              />
            </svg>
            Sign in with Google
          </Button>
        )}
        {providers.includes("twitter") && (
          <Button href={withRedirect("/api/twitter/redirect", returnTo)} variant="secondary" size="lg" block>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-current">
              <path d="M18.2 2.3h3.4l-7.4 8.4 8.7 11.5h-6.8l-5.3-7-6.1 7H1.3l7.9-9L.9 2.3h7l4.8 6.4 5.5-6.4Zm-1.2 17.9h1.9L7.1 4.2H5.1l11.9 16Z" />
            </svg>
            Sign in with X
          </Button>
        )}
      </div>
    </>
  );
}

import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { StatusView } from "../../components/ui/status-view.tsx";
import { RouteErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";
import { loginPath } from "../../lib/session/return-to.ts";

/**
 * The stats pages' error boundary: a profile shown only to members (401) or only to the model (403) gets the same
 * friendly gate as her profile page, with a sign-in button that brings the visitor back; anything else is the
 * site's usual error page.
 */
export function StatsErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const restricted = isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
  if (!restricted) return <RouteErrorBoundary />;
  const signIn = error.status === 401;
  return (
    <StatusView
      status={error.status}
      title={signIn ? "These stats are for registered members" : "These stats are private"}
      text={
        signIn
          ? "The model shows her profile and stats only to signed-in members. Log in or create a free account to see them."
          : "The model shows these stats only to herself and the admins."
      }
    >
      <title>{signIn ? "Members only" : "Private stats"}</title>
      {signIn && (
        <Button to={loginPath(`${location.pathname}${location.search}`)} size="md">
          Log in
        </Button>
      )}
      <Link to="/stats" className="px-4 py-2 text-accent underline">
        Search other stats
      </Link>
    </StatusView>
  );
}

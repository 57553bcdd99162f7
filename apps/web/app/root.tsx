import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ShellEffects } from "./components/shell-effects.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { StatusView } from "./components/ui/status-view.tsx";
import { BlockedBanner } from "./features/account/blocked-banner.tsx";
import { AgeGate } from "./features/age-gate/age-gate.tsx";
import { isAgeGateOpen } from "./features/age-gate/age-gate-cookies.ts";
import { themeFromCookie } from "./features/theme/theme-cookie.ts";
import { ZodJitlessScript } from "./lib/csp/csp-nonce.tsx";
import { configContext } from "./lib/load-context.ts";
import { loadSiteNavigation } from "./lib/navigation/site-navigation.ts";
import { RobotsMeta } from "./lib/seo/robots-meta.tsx";
import { loadCurrentUser } from "./lib/session/current-user.ts";
import { sessionMiddleware } from "./lib/session/server-session.ts";

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const config = context.get(configContext);
  const [currentUser, navigation] = await Promise.all([
    loadCurrentUser(request, context),
    loadSiteNavigation(context),
  ]);
  const cookie = request.headers.get("cookie");
  const ageGateOpen = !currentUser && isAgeGateOpen(cookie);
  return {
    productName: config.productName,
    appEnv: config.appEnv,
    publicUrl: config.publicUrl,
    currentUser,
    navigation,
    ageGateOpen,
    theme: themeFromCookie(cookie),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The chosen theme is on the first byte of the page; without a choice app.css follows the browser (dark default).
  const theme = useRouteLoaderData<typeof loader>("root")?.theme ?? undefined;
  return (
    <html lang="en" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ZodJitlessScript />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <RobotsMeta />
        {/* Stylesheets need no nonce (style-src 'self'); the CSP nonce entry.server hands to React Router is for
            scripts, and browsers hide it from the client, so an empty one keeps server and client markup alike. */}
        <Links nonce="" />
      </head>
      <body className="min-h-screen bg-page text-ink antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AgeGate open={loaderData.ageGateOpen} productName={loaderData.productName}>
        <div className="flex min-h-screen flex-col">
          <SiteHeader productName={loaderData.productName} pages={loaderData.navigation.header} />
          <BlockedBanner />
          <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
            <Outlet />
          </main>
          <SiteFooter productName={loaderData.productName} pages={loaderData.navigation.footer} />
        </div>
      </AgeGate>
      <ShellEffects appEnv={loaderData.appEnv} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Page not found" : "Something went wrong";
  return (
    <StatusView as="main" status={status} title={title}>
      <title>{title}</title>
      <a href="/" className="text-accent underline">
        Go to the home page
      </a>
    </StatusView>
  );
}

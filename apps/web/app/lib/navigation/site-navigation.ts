import { pageEndpoints, type SiteNavigationReply } from "@camatlas/shared/api-contract";
import type { RouterContextProvider } from "react-router";
import { apiContext } from "../load-context.ts";

/**
 * The pages an admin placed in the header menu and in the footer (published ones), read once per page view by the
 * root loader; the API keeps them until a page is written, and a guest's whole page is cached with them.
 */
export function loadSiteNavigation(context: Readonly<RouterContextProvider>): Promise<SiteNavigationReply> {
  return context.get(apiContext).call(pageEndpoints.navigation, {});
}

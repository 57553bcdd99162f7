import { redirect } from "react-router";
import type { Route } from "./+types/search";

// /search?query=… is the models list in search mode (names and nicknames on every camsite).
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("query")?.trim() ?? "";
  return redirect(query ? `/models?${new URLSearchParams({ query })}` : "/models");
}

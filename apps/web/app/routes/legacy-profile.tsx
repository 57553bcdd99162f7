import { redirect } from "react-router";
import type { Route } from "./+types/legacy-profile";

// Spec §2 legacy route: /profile/{nickname} answers 301 with the public profile's address.
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/users/${encodeURIComponent(params.nickname)}`, 301);
}

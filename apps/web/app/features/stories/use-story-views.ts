import { storyEndpoints } from "@camatlas/shared/api-contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { browserCall } from "../../lib/errors/browser-api.ts";
import { guestViewedIds } from "./story-groups.ts";

// Which stories this visitor has seen: the API's answer, plus (for a guest, whose page may come from the shared
// cache) the browser's cookie, plus what she sees now — each reported once through POST /stories/{id}/view.

export function useStoryViews() {
  const [viewed, setViewed] = useState<ReadonlySet<number>>(new Set());
  const reported = useRef(new Set<number>());

  useEffect(() => {
    setViewed((current) => new Set([...current, ...guestViewedIds(document.cookie)]));
  }, []);

  const markSeen = useCallback((storyId: number) => {
    setViewed((current) => (current.has(storyId) ? current : new Set([...current, storyId])));
    if (reported.current.has(storyId)) return;
    reported.current.add(storyId);
    // Seen-state is a nicety: a failed report changes nothing on the page.
    browserCall(storyEndpoints.view, { params: { id: storyId } }).catch(() => {});
  }, []);

  return { viewed, markSeen };
}

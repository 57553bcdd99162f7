import { useFetcher } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { FOLLOW_ACTION } from "./follow-button.tsx";

/** Alerts on or off for one followed model (he keeps following her either way). */
export function MuteAlertsButton({
  modelId,
  modelName,
  muted,
}: {
  modelId: number;
  modelName: string;
  muted: boolean;
}) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("intent");
  const shown = pending ? pending === "mute" : muted;
  return (
    <fetcher.Form method="post" action={FOLLOW_ACTION}>
      <input type="hidden" name="model_id" value={modelId} />
      <input type="hidden" name="return_to" value="/following" />
      <Button
        type="submit"
        name="intent"
        value={shown ? "unmute" : "mute"}
        variant="ghost"
        size="xs"
        aria-pressed={!shown}
      >
        <span aria-hidden="true">{shown ? "🔕 " : "🔔 "}</span>
        Alerts
        <span className="sr-only"> for {modelName}</span>
        {shown ? " off" : " on"}
      </Button>
    </fetcher.Form>
  );
}

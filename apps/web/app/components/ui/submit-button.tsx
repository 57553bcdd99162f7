import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { type ButtonStyle, buttonClass } from "./button.tsx";

/** A submit button that shows a busy label while its form is being sent (with JavaScript). */
export function SubmitButton({
  children,
  busyLabel,
  intent,
  variant = "primary",
  size = "lg",
  block = size === "lg",
  className,
}: ButtonStyle & {
  children: ReactNode;
  busyLabel?: string;
  /** Sent as `intent` when a page has several forms for one action. */
  intent?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={busy}
      className={buttonClass({ variant, size, block, className })}
    >
      {busy ? (busyLabel ?? "Please wait…") : children}
    </button>
  );
}

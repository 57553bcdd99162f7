import type { ReactNode } from "react";

/** A message for the whole form (its error summary, or a success note), announced to screen readers. */
export function FormAlert({ tone = "error", children }: { tone?: "error" | "success"; children: ReactNode }) {
  const styles =
    tone === "error"
      ? "border-primary-soft bg-primary-soft text-danger"
      : "border-success-soft bg-success-soft text-success";
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md border px-3 py-2 text-sm ${styles}`}
    >
      {children}
    </div>
  );
}

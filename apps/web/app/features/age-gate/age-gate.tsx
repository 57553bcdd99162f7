import { useState } from "react";
import { lazySection } from "../../lib/lazy-section.tsx";

/** The dialog's code comes only with a page served with the gate open: most visits never need it. */
export const AgeGateDialog = lazySection(() => import("./age-gate-dialog.tsx").then((m) => m.AgeGateDialog), {
  minHeight: "0",
});

/**
 * The 18+ overlay (spec §2, §4). Rendered on the server, so nothing shows before it; the form posts to
 * /age-gate and works without JavaScript, and with JavaScript the answer is handled in place. The page behind
 * is inert while the gate is open, and Tab cycles inside the dialog. Its code is a chunk of its own
 * (age-gate-dialog.tsx): until it has arrived the server's markup stays, and its form works without JavaScript.
 */
export function AgeGate({
  open: initiallyOpen,
  productName,
  children,
}: {
  open: boolean;
  productName: string;
  children: React.ReactNode;
}) {
  // Kept in the root layout, so the answer holds across client navigations.
  const [answered, setAnswered] = useState(false);
  const open = initiallyOpen && !answered;
  return (
    <>
      <div inert={open} className="contents">
        {children}
      </div>
      {open && <AgeGateDialog productName={productName} onConfirmed={() => setAnswered(true)} />}
    </>
  );
}

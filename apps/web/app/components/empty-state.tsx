/** An honest placeholder for sections whose content does not exist yet. */
export function EmptyState({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="rounded-xl border border-dashed border-neutral-300 bg-white px-6 py-10 text-center">
      <p className="text-lg font-semibold text-neutral-800">{title}</p>
      {text && <p className="mx-auto mt-2 max-w-md text-sm text-neutral-600">{text}</p>}
      {children && <div className="mt-4">{children}</div>}
    </div>
  );
}

/** Title block of a content page. */
export function PageHeader({ title, lead }: { title: string; lead?: string }) {
  return (
    <header className="mb-6">
      <h1 className="text-3xl font-bold tracking-tight text-neutral-900">{title}</h1>
      {lead && <p className="mt-2 max-w-2xl text-neutral-600">{lead}</p>}
    </header>
  );
}

export function SiteFooter({ productName }: { productName: string }) {
  return (
    <footer className="border-t border-neutral-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-6 text-sm text-neutral-600">
        © {new Date().getUTCFullYear()} {productName}. For adults 18+ only.
      </div>
    </footer>
  );
}

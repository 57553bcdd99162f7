import { data } from "react-router";

// Unknown paths render the not-found page at the requested address with status 404.
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Page not found</h1>
      <a href="/" className="mt-6 inline-block text-brand-600 underline">
        Go to the home page
      </a>
    </div>
  );
}

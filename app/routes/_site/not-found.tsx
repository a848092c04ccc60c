import { data, Form, Link } from "react-router";
import { buttonClass, controlClass } from "~/components/ui-classes";

export function meta() {
  return [{ title: "Page not found | Toolscape" }];
}

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">The page you're looking for doesn't exist or has moved.</p>
      <Form method="get" action="/search" role="search" className="mt-6 flex gap-2">
        <label htmlFor="nf-q" className="sr-only">
          Search AI tools
        </label>
        <input
          id="nf-q"
          name="q"
          type="search"
          required
          pattern=".*\S.*"
          title="Type what you are looking for"
          placeholder="Search AI tools…"
          className={controlClass()}
        />
        <button type="submit" className={buttonClass()}>
          Search
        </button>
      </Form>
      <nav aria-label="Helpful links" className="mt-6">
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
          {[
            ["Home", "/"],
            ["Tools", "/tools"],
            ["Categories", "/categories"],
            ["Deals", "/deals"],
            ["Pricing", "/pricing"],
            ["Blog", "/blog"],
            ["About", "/about"],
            ["Contact", "/contact"],
          ].map(([label, href]) => (
            <li key={href}>
              <Link to={href as string} className="underline">
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

import { Link } from "react-router";

/** The spec's tool-not-found view (section 8), shown with HTTP 404 wherever a tool is looked up. */
export function ToolNotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-3xl font-bold">Tool Not Found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        The tool you're looking for doesn't exist or has been removed.
      </p>
      <Link
        to="/tools"
        className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        Browse All Tools
      </Link>
    </div>
  );
}

export const toolNotFoundMeta = [{ title: "Tool Not Found | Toolscape" }, { name: "robots", content: "noindex" }];

import { Link } from "react-router";
import { buttonClass } from "~/components/ui-classes";

/** The spec's tool-not-found view (section 8), shown with HTTP 404 wherever a tool is looked up. */
export function ToolNotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-3xl font-bold">Tool Not Found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        The tool you're looking for doesn't exist or has been removed.
      </p>
      <Link to="/tools" className={buttonClass("primary", "md", "mt-6")}>
        Browse all tools
      </Link>
    </div>
  );
}

export const toolNotFoundMeta = [{ title: "Tool Not Found | Toolscape" }, { name: "robots", content: "noindex" }];

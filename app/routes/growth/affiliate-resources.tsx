import { Form, Link } from "react-router";
import { AffiliateNav, CopyField } from "~/components/growth/copy-field";
import { buttonClass, cardClassOf, controlClass } from "~/components/ui-classes";
import { originOf, safeLanding, viewerAffiliate } from "~/lib/growth.server";
import type { Route } from "./+types/affiliate-resources";

export function meta() {
  return [
    { title: "Affiliate resources | Toolscape" },
    {
      name: "description",
      content: "Link builder, banner and text snippets and brand rules for Toolscape affiliates.",
    },
  ];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { affiliate } = await viewerAffiliate(context, request);
  const origin = originOf(context);
  const wanted = new URL(request.url).searchParams.get("path") ?? "";
  const path = wanted ? safeLanding(wanted.startsWith("/") ? wanted : `/${wanted}`) : "/";
  const base = `${origin}/a/${affiliate?.code ?? "YOURCODE"}`;
  return {
    isAffiliate: Boolean(affiliate),
    origin,
    path,
    invalidPath: Boolean(wanted) && path === "/" && wanted !== "/",
    base,
    built: path === "/" ? base : `${base}?to=${encodeURIComponent(path)}`,
  };
}

export default function AffiliateResources({ loaderData }: Route.ComponentProps) {
  const { base, built, origin } = loaderData;
  const textLink = `<a href="${base}" rel="sponsored">Compare AI tools side by side on Toolscape</a>`;
  const banner = `<a href="${base}" rel="sponsored"><img src="${origin}/favicon.svg" width="32" height="32" alt="" /> Find the right AI tool on Toolscape: honest listings, side-by-side comparisons</a>`;
  return (
    <div className="mx-auto max-w-3xl">
      <AffiliateNav current="/affiliate/resources" />
      <h1 className="text-3xl font-bold tracking-tight">Affiliate resources</h1>
      {loaderData.isAffiliate ? null : (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          These use a placeholder code.{" "}
          <Link to="/affiliate" className="underline">
            Join the programme
          </Link>{" "}
          to get yours.
        </p>
      )}

      <section className={cardClassOf("md", "mt-8 p-5")}>
        <h2 className="text-lg font-semibold">Link builder</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Send people straight to a tool, a category or a comparison: paste the path of any Toolscape page.
        </p>
        <Form method="get" className="mt-3 flex flex-col gap-2 sm:flex-row">
          <label htmlFor="link-path" className="sr-only">
            Page path
          </label>
          <input
            id="link-path"
            name="path"
            defaultValue={loaderData.path === "/" ? "" : loaderData.path}
            placeholder="/tools/midjourney"
            className={controlClass()}
          />
          <button type="submit" className={buttonClass("primary", "md", "shrink-0")}>
            Build link
          </button>
        </Form>
        {loaderData.invalidPath ? (
          <p className="mt-2 text-sm text-red-700 dark:text-red-300">
            Use a path of this site, such as /tools/midjourney.
          </p>
        ) : null}
        <div className="mt-4">
          <CopyField label="Your link" value={built} />
        </div>
      </section>

      <section className={cardClassOf("md", "mt-8 space-y-4 p-5")}>
        <h2 className="text-lg font-semibold">Snippets</h2>
        <CopyField label="Text link (HTML)" value={textLink} />
        <CopyField label="Banner (HTML)" value={banner} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Keep <code>rel="sponsored"</code> on paid links: search engines and readers both expect it.
        </p>
      </section>

      <section className="mt-8 space-y-2 text-slate-700 dark:text-slate-300">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">Brand rules</h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>Write the name as "Toolscape", one word, capital T.</li>
          <li>Say that you earn a commission, next to the link, in words your readers understand.</li>
          <li>
            Quote prices as Toolscape shows them on{" "}
            <Link to="/pricing" className="underline">
              /pricing
            </Link>
            ; do not promise discounts or features we do not offer.
          </li>
          <li>
            No bidding on "Toolscape" in search ads, no pop-unders, no cookie stuffing, no e-mail to lists you do not
            own.
          </li>
          <li>Do not imply that Toolscape endorses a tool because you link to its page.</li>
        </ul>
      </section>
    </div>
  );
}

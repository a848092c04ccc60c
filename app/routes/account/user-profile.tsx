import { data, Link } from "react-router";
import { ShareButton } from "~/components/account/share-button";
import { badgeClass, buttonClass } from "~/components/ui-classes";
import { getPublicProfile } from "~/lib/accounts.server";
import { listPublicTopListsByUser, listUserReviews } from "~/lib/community.server";
import { initials } from "~/lib/format";
import { originOf } from "~/lib/site-origin.server";
import type { Route } from "./+types/user-profile";

export function meta({ data }: Route.MetaArgs) {
  if (!data?.profile) return [{ title: "Profile not found | Toolscape" }];
  const p = data.profile;
  return [
    { title: `${p.name}${p.username ? ` (@${p.username})` : ""} | Toolscape` },
    { name: "description", content: p.bio ?? `${p.name} on Toolscape` },
  ];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const profile = await getPublicProfile(context.services.db, params.userId);
  const _url = new URL(request.url);
  const origin = originOf(context);
  if (!profile) return data({ profile: null, shareUrl: null }, { status: 404 });
  // The member's published reviews (spec §2 public profile: tool, comment, rating).
  profile.reviews = (await listUserReviews(context.services.db, profile.id)).map((r) => ({
    tool: r.tool.name,
    toolSlug: r.tool.slug,
    comment: r.comment,
    rating: r.rating,
  }));
  const lists = await listPublicTopListsByUser(context.services.db, profile.id);
  return { profile: { ...profile, lists }, shareUrl: `${origin}/user/${profile.id}` };
}

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { profile, shareUrl } = loaderData;
  if (!profile || !shareUrl) {
    return (
      <div className="py-16 text-center">
        <h1 className="text-3xl font-bold">Profile not found</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">There is no member with that name or link.</p>
        <Link to="/" className={buttonClass("primary", "md", "mt-6")}>
          Go Home
        </Link>
      </div>
    );
  }
  const since = new Date(profile.memberSince).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    timeZone: "UTC",
  });
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <header className="flex flex-col items-start gap-5 sm:flex-row sm:items-center">
        {profile.avatarUrl ? (
          <img
            src={profile.avatarUrl}
            alt={`${profile.name}'s avatar`}
            width={96}
            height={96}
            className="h-24 w-24 rounded-full object-cover"
          />
        ) : (
          <span
            role="img"
            aria-label={`${profile.name}'s avatar`}
            className="flex h-24 w-24 items-center justify-center rounded-full bg-brand-100 text-3xl font-bold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
          >
            {initials(profile.name)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold">
            {profile.name}
            {profile.isVerified ? (
              <span className={badgeClass("success", "ml-2 align-middle")}>
                {profile.verificationType === "linkedin" ? "Verified · LinkedIn" : "Verified · Company"}
              </span>
            ) : null}
          </h1>
          {profile.username ? <p className="text-slate-600 dark:text-slate-400">@{profile.username}</p> : null}
          <p className="text-sm text-slate-600 dark:text-slate-400">Member since {since}</p>
        </div>
        <ShareButton url={shareUrl} />
      </header>
      {profile.bio ? <p className="user-text text-lg text-slate-700 dark:text-slate-300">{profile.bio}</p> : null}
      <section aria-labelledby="reviews">
        <h2 id="reviews" className="text-xl font-semibold">
          Reviews
        </h2>
        {profile.reviews.length ? (
          <ul className="mt-3 space-y-3">
            {profile.reviews.map((r) => (
              <li key={r.toolSlug} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                <Link to={`/tools/${r.toolSlug}`} className="font-semibold underline">
                  {r.tool}
                </Link>{" "}
                <span aria-hidden="true">{"★".repeat(r.rating)}</span>
                <span className="sr-only">{r.rating} out of 5 stars</span>
                <p className="mt-1 user-text whitespace-pre-line text-slate-700 dark:text-slate-300">{r.comment}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-600 dark:text-slate-400">No reviews yet.</p>
        )}
      </section>
      <section aria-labelledby="lists">
        <h2 id="lists" className="text-xl font-semibold">
          Top lists
        </h2>
        {profile.lists.length ? (
          <ul className="mt-3 space-y-3">
            {profile.lists.map((l) => (
              <li key={l.slug} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                <Link to={`/top-lists/${l.slug}`} className="font-semibold underline">
                  {l.title}
                </Link>
                <p className="text-sm text-slate-600 dark:text-slate-400">{l.tools.join(", ") || "No tools yet"}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-600 dark:text-slate-400">No top lists yet.</p>
        )}
      </section>
    </div>
  );
}

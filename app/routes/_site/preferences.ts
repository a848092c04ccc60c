import { data, redirect } from "react-router";
import { z } from "zod";
import { setCookie } from "~/lib/preferences";
import type { Route } from "./+types/preferences";

/**
 * POST /preferences: theme, cookie consent and cookie-category choices. Plain forms post here and
 * are redirected back (works without JavaScript); fetchers get JSON.
 */
const Input = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("theme"), theme: z.enum(["light", "dark"]) }),
  z.object({ intent: z.literal("consent"), consent: z.enum(["essential", "accepted"]) }),
  z.object({
    intent: z.literal("cookie-preferences"),
    analytics: z.enum(["on"]).optional(),
    marketing: z.enum(["on"]).optional(),
    personalization: z.enum(["on"]).optional(),
  }),
]);

export async function action({ request }: Route.ActionArgs) {
  const { js, ...form } = Object.fromEntries(await request.formData());
  const parsed = Input.safeParse(form);
  if (!parsed.success) return data({ ok: false, error: "Unknown preference" }, { status: 400 });
  const headers = new Headers();
  const input = parsed.data;
  if (input.intent === "theme") headers.append("Set-Cookie", setCookie("theme", input.theme));
  if (input.intent === "consent") {
    headers.append("Set-Cookie", setCookie("cookieConsent", input.consent));
    const all = input.consent === "accepted";
    headers.append(
      "Set-Cookie",
      setCookie(
        "cookiePreferences",
        JSON.stringify({ essential: true, analytics: all, marketing: all, personalization: all }),
      ),
    );
  }
  if (input.intent === "cookie-preferences") {
    const prefs = {
      essential: true,
      analytics: input.analytics === "on",
      marketing: input.marketing === "on",
      personalization: input.personalization === "on",
    };
    headers.append("Set-Cookie", setCookie("cookiePreferences", JSON.stringify(prefs)));
    const consent = prefs.analytics || prefs.marketing || prefs.personalization ? "accepted" : "essential";
    headers.append("Set-Cookie", setCookie("cookieConsent", consent));
  }
  // Scripted submissions (js=1) stay on the page; a plain form post is sent back where it came from.
  if (js !== "1") return redirect(safeBack(request), { headers });
  return data({ ok: true, ...input }, { headers });
}

export function loader() {
  return redirect("/");
}

/** Only same-site paths: never redirect to another origin. */
function safeBack(request: Request): string {
  const referer = request.headers.get("referer");
  if (!referer) return "/";
  try {
    const url = new URL(referer);
    if (url.host !== new URL(request.url).host) return "/";
    return `${url.pathname}${url.search}`;
  } catch {
    return "/";
  }
}

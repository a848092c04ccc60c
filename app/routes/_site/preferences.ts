import { data, redirect } from "react-router";
import { z } from "zod";
import { safeRedirect } from "~/lib/accounts.server";
import { formAction } from "~/lib/form-action.server";
import { setCookie } from "~/lib/preferences";
import type { Route } from "./+types/preferences";

export { shouldRevalidate } from "~/lib/revalidate";

/**
 * POST /preferences: theme, cookie consent and cookie-category choices. Plain forms post here and
 * are redirected back (works without JavaScript); fetchers get JSON.
 */
const UNKNOWN = "Unknown preference";
const on = z.enum(["on"], { error: UNKNOWN }).optional();
const Input = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("theme"), theme: z.enum(["light", "dark"], { error: UNKNOWN }) }),
  z.object({ intent: z.literal("consent"), consent: z.enum(["essential", "accepted"], { error: UNKNOWN }) }),
  z.object({ intent: z.literal("cookie-preferences"), analytics: on, marketing: on, personalization: on }),
]);

function cookiesFor(input: z.output<typeof Input>): Headers {
  const headers = new Headers();
  switch (input.intent) {
    case "theme":
      headers.append("Set-Cookie", setCookie("theme", input.theme));
      break;
    case "consent": {
      headers.append("Set-Cookie", setCookie("cookieConsent", input.consent));
      const all = input.consent === "accepted";
      headers.append(
        "Set-Cookie",
        setCookie(
          "cookiePreferences",
          JSON.stringify({ essential: true, analytics: all, marketing: all, personalization: all }),
        ),
      );
      break;
    }
    case "cookie-preferences": {
      const prefs = {
        essential: true,
        analytics: input.analytics === "on",
        marketing: input.marketing === "on",
        personalization: input.personalization === "on",
      };
      headers.append("Set-Cookie", setCookie("cookiePreferences", JSON.stringify(prefs)));
      const consent = prefs.analytics || prefs.marketing || prefs.personalization ? "accepted" : "essential";
      headers.append("Set-Cookie", setCookie("cookieConsent", consent));
      break;
    }
  }
  return headers;
}

export async function action({ request }: Route.ActionArgs) {
  return formAction(
    request,
    Input,
    (input, { values }) => {
      const headers = cookiesFor(input);
      // Scripted submissions (js=1) stay on the page; a plain form post is sent back where it came from.
      if (values.js !== "1") return redirect(safeBack(request), { headers });
      return data({ ok: true, ...input }, { headers });
    },
    { unknownIntent: UNKNOWN },
  );
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
    // A same-site Referer can still carry a path a browser reads as another site (`//evil.example/`):
    // the one path check (issue 31).
    return safeRedirect(`${url.pathname}${url.search}`, "/");
  } catch {
    return "/";
  }
}

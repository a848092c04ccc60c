import { Form, redirect } from "react-router";
import { AuthCard, SubmitButton } from "~/components/account/form-parts";
import { cookieHeaders, requestInfo, signOut, viewerOf } from "~/lib/accounts.server";
import type { Route } from "./+types/sign-out";

export { shouldRevalidate } from "~/lib/revalidate";

export function meta() {
  return [{ title: "Sign out | Toolscape" }, { name: "robots", content: "noindex" }];
}

/** GET shows a confirmation (signing out on a GET would let any link sign you out). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await viewerOf(context, request))) throw redirect("/");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const setCookies = await signOut(context.services, requestInfo(context, request));
  return redirect("/", { headers: cookieHeaders(setCookies) });
}

export default function SignOut() {
  return (
    <AuthCard title="Sign out" subtitle="You can sign in again at any time.">
      <Form method="post">
        <SubmitButton>Sign out</SubmitButton>
      </Form>
    </AuthCard>
  );
}

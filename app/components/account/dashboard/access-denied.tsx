import { Link } from "react-router";
import { primary, secondary } from "./styles";

/** The page a visitor gets for any dashboard address (401), with a way back to it after signing in. */
export function AccessDenied({ path }: { path: string }) {
  const back = encodeURIComponent(path);
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">Access Denied</p>
      <h1 className="mt-2 text-3xl font-bold">Please log in</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        Your dashboard is for signed-in members. Sign in or join free to see it.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to={`/sign-in?redirectTo=${back}`} className={primary}>
          Sign in
        </Link>
        <Link to={`/sign-up?redirectTo=${back}`} className={secondary}>
          Join free
        </Link>
      </div>
    </div>
  );
}

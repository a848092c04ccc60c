import { Link } from "react-router";

export function meta() {
  return [
    { title: "Affiliate Disclosure | Toolscape" },
    {
      name: "description",
      content: "How Toolscape earns money, how affiliate and referral links work, and which cookies they set.",
    },
  ];
}

/** The disclosure the spec lists among the policy pages; the attribution cookies are described here and on /cookies. */
export default function AffiliateDisclosure() {
  return (
    <div className="mx-auto max-w-3xl space-y-4 text-slate-700 dark:text-slate-300">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-slate-100">Affiliate Disclosure</h1>
      <p>
        Toolscape is paid for by its members: the Standard and Expert memberships. Tool makers cannot pay for a listing,
        a rating or a place in a comparison, and our ratings do not change with any commercial relationship.
      </p>
      <h2 className="pt-2 text-xl font-semibold text-slate-900 dark:text-slate-100">Our affiliate programme</h2>
      <p>
        People who recommend Toolscape can join our{" "}
        <Link to="/affiliate" className="underline">
          affiliate programme
        </Link>
        . When you follow one of their links and later pay for a membership, they receive 30% of Standard and 35% of
        Expert payments from us. You pay the same price either way.
      </p>
      <h2 className="pt-2 text-xl font-semibold text-slate-900 dark:text-slate-100">Referrals</h2>
      <p>
        Members can invite friends. When a friend creates a free account through their link, the member gets 7 days of
        Standard. Nothing is charged to the friend, and the friend's details are not shared beyond their name on the
        member's referral list.
      </p>
      <h2 className="pt-2 text-xl font-semibold text-slate-900 dark:text-slate-100">Cookies these links set</h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>ts_aff</code>: set when you follow an affiliate link; remembers which affiliate sent you, for 30 days.
          Signed, first-party, not readable by scripts.
        </li>
        <li>
          <code>ts_ref</code>: set when you follow a member's invite link; remembers the invite code until you sign up,
          for 30 days. First-party, not readable by scripts.
        </li>
      </ul>
      <p>
        Both are essential to the programmes (without them we cannot credit the person who sent you) and are not used
        for advertising or shared with anyone. Deleting them ends the attribution. See our{" "}
        <Link to="/cookies" className="underline">
          cookie policy
        </Link>
        .
      </p>
      <h2 className="pt-2 text-xl font-semibold text-slate-900 dark:text-slate-100">Links to tools</h2>
      <p>
        Links from Toolscape to tool makers' sites are plain links. If we ever earn from a link to a tool, that link
        will say so next to it.
      </p>
    </div>
  );
}

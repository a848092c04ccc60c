import { Link } from "react-router";
import { H2, InfoPage, UPDATED } from "~/components/info-page";

export function meta() {
  return [
    { title: "Privacy Policy | Toolscape" },
    {
      name: "description",
      content: "What Toolscape stores about you, why, for how long, who else sees it, and how to have it deleted.",
    },
  ];
}

const cls = "list-disc space-y-1 pl-6";

export default function Privacy() {
  return (
    <InfoPage title="Privacy Policy" lead={`What we store about you, why, and for how long. Last updated ${UPDATED}.`}>
      <H2>What we store</H2>
      <ul className={cls}>
        <li>
          <strong>Your account</strong>: name, e-mail address, a hash of your password (never the password itself), your
          membership tier, and the sign-in providers you linked (Google or GitHub, when you use them).
        </li>
        <li>
          <strong>Sessions</strong>: when you sign in we keep a session record (a random token, the time, your IP
          address and browser) so you stay signed in; a session lasts 30 days.
        </li>
        <li>
          <strong>What you save and contribute</strong>: saved tools and searches, comparisons, reviews, corrections,
          lists, poll votes and tool submissions. Public contributions show your name on your public profile.
        </li>
        <li>
          <strong>Payments</strong>: paid memberships are paid through PayPal or Cashfree. You enter your card or
          account details on their pages; <strong>we never receive or store card data</strong>. We keep the order,
          amount, currency, status and the provider's payment reference, as accounting requires.
        </li>
        <li>
          <strong>Referral and affiliate tracking</strong>: following a member's invite link sets the{" "}
          <code>ts_ref</code> cookie, and an affiliate link the <code>ts_aff</code> cookie, each for 30 days, so the
          person who sent you is credited when you sign up or pay. We record the click (time, link, a hashed address)
          and, if you join, the resulting referral or commission. See the{" "}
          <Link to="/affiliate-disclosure" className="underline">
            affiliate disclosure
          </Link>
          .
        </li>
        <li>
          <strong>First-party analytics</strong>: only if you accept analytics cookies, we count tool page views and
          clicks to tools' sites in our own database. No third-party analytics or advertising trackers run on Toolscape.
        </li>
        <li>
          <strong>Newsletter</strong>: your e-mail address and when you subscribed or unsubscribed. Every newsletter has
          a one-click unsubscribe link.
        </li>
        <li>
          <strong>E-mails we send</strong>: account e-mails (password resets, confirmations), receipts and replies to
          your messages. We keep a log of sent messages and delivery failures.
        </li>
        <li>
          <strong>Messages to us</strong>: contact messages and support tickets, with the name and e-mail you give.
        </li>
        <li>
          <strong>Server logs and errors</strong>: requests and errors, with IP address, for security and to fix bugs.
        </li>
      </ul>
      <H2>Cookies</H2>
      <p>
        Essential cookies (your session, theme and cookie choices, and the referral and affiliate cookies above) are
        always on. Analytics, marketing and personalisation cookies are off until you accept them. Change your choices
        at any time on the{" "}
        <Link to="/cookies" className="underline">
          cookie policy
        </Link>{" "}
        page.
      </p>
      <H2>Who else sees your data</H2>
      <ul className={cls}>
        <li>PayPal or Cashfree, for payments you make.</li>
        <li>Our e-mail delivery provider, to send the messages above.</li>
        <li>Google or GitHub, only if you choose to sign in with them.</li>
        <li>The affiliate or member who referred you sees your name on their referral list, never your e-mail.</li>
      </ul>
      <p>We do not sell your data or share it for advertising.</p>
      <H2>How long we keep it</H2>
      <ul className={cls}>
        <li>Your account and contributions: until you ask us to delete your account.</li>
        <li>Sessions: 30 days after the last use; signing out ends a session at once.</li>
        <li>Referral and affiliate cookies: 30 days.</li>
        <li>Analytics: kept as daily counts per tool; cookies up to 2 years.</li>
        <li>
          Payment records: as long as tax and accounting law requires (usually 7 years), even after an account is
          deleted.
        </li>
        <li>Newsletter: until you unsubscribe.</li>
      </ul>
      <H2>Your rights and deleting your account</H2>
      <p>
        You can see and change your profile in the{" "}
        <Link to="/dashboard" className="underline">
          dashboard
        </Link>
        . To get a copy of your data or to have your account deleted, write to{" "}
        <a href="mailto:support@toolscape.dev" className="underline">
          support@toolscape.dev
        </a>{" "}
        or use the{" "}
        <Link to="/contact" className="underline">
          contact form
        </Link>{" "}
        from the address on your account. We answer within 30 days; deleting an account removes your profile, sessions,
        saved items and newsletter subscription, and shows your public contributions as from a deleted member.
      </p>
      <H2>Contact</H2>
      <p>
        Questions about this policy:{" "}
        <a href="mailto:support@toolscape.dev" className="underline">
          support@toolscape.dev
        </a>
        . See also the{" "}
        <Link to="/terms" className="underline">
          terms of service
        </Link>
        .
      </p>
    </InfoPage>
  );
}

import { Link } from "react-router";
import { H2, InfoPage, UPDATED } from "~/components/info-page";

export function meta() {
  return [
    { title: "Terms of Service | Toolscape" },
    {
      name: "description",
      content: "The rules for using Toolscape: accounts, memberships and payments, contributions and the API.",
    },
  ];
}

const cls = "list-disc space-y-1 pl-6";

export default function Terms() {
  return (
    <InfoPage title="Terms of Service" lead={`The rules for using Toolscape. Last updated ${UPDATED}.`}>
      <H2>The service</H2>
      <p>
        Toolscape is a directory of AI tools. Tool listings describe third-party products: we link to them but do not
        sell, run or guarantee them. Their makers' own terms apply when you use them.
      </p>
      <H2>Your account</H2>
      <ul className={cls}>
        <li>
          Give a real e-mail address and keep your password to yourself. You are responsible for what happens under your
          account.
        </li>
        <li>
          One person per account. We may suspend accounts that abuse the service, scrape it beyond the API's limits, or
          break these terms.
        </li>
      </ul>
      <H2>Memberships and payments</H2>
      <ul className={cls}>
        <li>
          Free costs nothing. Standard costs $2.99 and Expert $29.99 a month, in US dollars, billed monthly through
          PayPal or Cashfree.
        </li>
        <li>
          A paid membership runs for 30 days from each payment. If you do not renew, you return to Free at the end of
          the period.
        </li>
        <li>
          30-day money-back guarantee: ask within 30 days of a payment and we refund it. See{" "}
          <Link to="/pricing" className="underline">
            pricing
          </Link>
          .
        </li>
        <li>
          Rewards such as days of Standard for referrals are granted as described on the{" "}
          <Link to="/referrals" className="underline">
            referrals
          </Link>{" "}
          page and have no cash value.
        </li>
      </ul>
      <H2>What you contribute</H2>
      <ul className={cls}>
        <li>
          Reviews, corrections, lists and submissions must be your own, honest and lawful. No spam, no undisclosed paid
          reviews, no reviews of your own product.
        </li>
        <li>
          You keep the rights to what you write and let us show it on Toolscape. We may edit or remove contributions
          that break these rules.
        </li>
      </ul>
      <H2>The API</H2>
      <p>
        Expert members may use the public API with their own keys, within its rate limits, and must not share keys. See
        the{" "}
        <Link to="/documentation/public-api" className="underline">
          API guide
        </Link>
        .
      </p>
      <H2>Affiliate programme</H2>
      <p>
        Affiliates earn commission on memberships paid by people they refer, as described in the{" "}
        <Link to="/affiliate-disclosure" className="underline">
          affiliate disclosure
        </Link>
        . Self-referrals and misleading promotion void commissions.
      </p>
      <H2>Liability</H2>
      <p>
        We work to keep listings accurate but cannot promise that every price or feature is current. The service is
        provided as is; to the extent the law allows, we are not liable for losses from using a listed tool.
      </p>
      <H2>Changes and contact</H2>
      <p>
        When these terms change in a way that matters, we say so on this page and by e-mail to members. Questions:{" "}
        <a href="mailto:support@toolscape.dev" className="underline">
          support@toolscape.dev
        </a>
        . Also see the{" "}
        <Link to="/privacy" className="underline">
          privacy policy
        </Link>
        .
      </p>
    </InfoPage>
  );
}

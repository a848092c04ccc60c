import { Link } from "react-router";
import { H2, InfoPage, UPDATED } from "~/components/info-page";

export function meta() {
  return [
    { title: "Accessibility | Toolscape" },
    {
      name: "description",
      content: "Toolscape's accessibility statement: our target, what we do, known limits and how to report a barrier.",
    },
  ];
}

export default function Accessibility() {
  return (
    <InfoPage
      title="Accessibility Statement"
      lead="Toolscape should work for everyone, whatever device or assistive technology they use."
    >
      <H2>Our target</H2>
      <p>We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.</p>
      <H2>What we do</H2>
      <ul className="list-disc space-y-1 pl-6">
        <li>Pages are rendered on the server and their forms work without JavaScript.</li>
        <li>Skip links to the main content and the navigation on every page.</li>
        <li>Menus, dialogs and tabs work with the keyboard and announce themselves to screen readers.</li>
        <li>A light and a dark theme; text keeps its contrast in both.</li>
        <li>Pages reflow to narrow screens and zoom without losing content.</li>
        <li>Automated accessibility checks run on our main pages with every change.</li>
      </ul>
      <H2>Known limits</H2>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Tool logos and descriptions come from the tools' makers and public datasets; some logos lack a text
          alternative beyond the tool's name.
        </li>
        <li>Sites we link to are outside our control and may not be accessible.</li>
      </ul>
      <H2>Report a barrier</H2>
      <p>
        If something on Toolscape is hard or impossible to use, tell us through the{" "}
        <Link to="/contact" className="underline">
          contact form
        </Link>{" "}
        or at{" "}
        <a href="mailto:support@toolscape.dev" className="underline">
          support@toolscape.dev
        </a>
        . Say which page and what you were trying to do; we reply within 24 hours.
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">Last reviewed {UPDATED}.</p>
    </InfoPage>
  );
}

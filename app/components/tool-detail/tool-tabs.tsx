import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { plainClick } from "~/lib/plain-click";
import { badgeClass } from "../ui-classes";

export type TabPanel<V extends string> = {
  value: V;
  label: string;
  count?: number;
  /** The panel's content; a function is told whether the panel is the open one. */
  content: ReactNode | ((open: boolean) => ReactNode);
};

/**
 * Tabs (the WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs and select them) that
 * also work without JavaScript. Every panel is rendered on the server (inactive ones
 * `hidden`), and each tab is a real link to `?tab=…#tabs`, so without JavaScript the link loads the
 * page with that tab open. With JavaScript the click only switches the panel and the address is
 * updated in place, so a reload or a shared link opens the same tab.
 */
export function ToolTabs<V extends string>({
  basePath,
  initial,
  defaultTab,
  panels,
  label,
}: {
  basePath: string;
  initial: V;
  defaultTab: V;
  panels: TabPanel<V>[];
  label: string;
}) {
  const [tab, setTab] = useState<V>(initial);
  const hrefFor = (v: V) => `${basePath}${v === defaultTab ? "" : `?tab=${v}`}#tabs`;

  const select = (v: V) => {
    setTab(v);
    try {
      const url = new URL(window.location.href);
      if (v === defaultTab) url.searchParams.delete("tab");
      else url.searchParams.set("tab", v);
      url.hash = "";
      window.history.replaceState(window.history.state, "", url);
    } catch {
      // the address stays as it was; the panel still switches
    }
  };

  const baseId = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (v: V) => `${baseId}-tab-${v}`;
  const panelId = (v: V) => `${baseId}-panel-${v}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const i = panels.findIndex((p) => p.value === tab);
    const last = panels.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (i + 1) % panels.length
        : event.key === "ArrowLeft"
          ? (i + last) % panels.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const target = panels[next];
    if (!target) return;
    select(target.value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div id="tabs" className="scroll-mt-20">
      {/* Rows, not a sideways scroller: on a phone the open tab is always on screen, with no script (issue 21). */}
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-x-1 border-b border-slate-200 dark:border-slate-800"
      >
        {panels.map((p) => (
          <a
            key={p.value}
            id={tabId(p.value)}
            role="tab"
            aria-selected={tab === p.value}
            aria-controls={panelId(p.value)}
            tabIndex={tab === p.value ? 0 : -1}
            href={hrefFor(p.value)}
            onClick={(e) => {
              // Modified clicks open the tab's own URL in a new tab or window, as links do.
              if (!plainClick(e)) return;
              e.preventDefault();
              select(p.value);
            }}
            className="-mb-px shrink-0 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-slate-600 hover:border-slate-300 hover:text-slate-900 aria-selected:border-brand-600 aria-selected:text-brand-700 dark:text-slate-400 dark:hover:text-white dark:aria-selected:border-brand-500 dark:aria-selected:text-brand-100"
          >
            {p.label}
            {p.count !== undefined ? (
              <span className={badgeClass("neutral", "ml-1.5 px-1.5 font-normal")}>{p.count}</span>
            ) : null}
          </a>
        ))}
      </div>
      {panels.map((p) => (
        <div
          key={p.value}
          id={panelId(p.value)}
          role="tabpanel"
          aria-labelledby={tabId(p.value)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern: Tab moves from the tab list into its panel
          tabIndex={0}
          hidden={tab !== p.value}
          className="rounded-b-lg pt-6 focus-visible:outline-2"
        >
          {typeof p.content === "function" ? p.content(tab === p.value) : p.content}
        </div>
      ))}
    </div>
  );
}

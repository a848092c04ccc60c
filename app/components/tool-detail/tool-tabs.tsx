import * as Tabs from "@radix-ui/react-tabs";
import { type ReactNode, useState } from "react";

export type TabPanel<V extends string> = { value: V; label: string; count?: number; content: ReactNode };

/**
 * Radix tabs that also work without JavaScript. Every panel is rendered on the server (inactive ones
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

  const select = (value: string) => {
    const v = value as V;
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

  return (
    <Tabs.Root id="tabs" value={tab} onValueChange={select} className="scroll-mt-20">
      <Tabs.List
        aria-label={label}
        className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0 dark:border-slate-800"
      >
        {panels.map((p) => (
          <Tabs.Trigger key={p.value} value={p.value} asChild type={undefined}>
            <a
              href={hrefFor(p.value)}
              onClick={(e) => {
                // Modified clicks open the tab's own URL in a new tab or window, as links do.
                if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                e.preventDefault();
              }}
              className="-mb-px shrink-0 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-slate-600 hover:border-slate-300 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 dark:text-slate-400 dark:hover:text-white dark:data-[state=active]:border-brand-500 dark:data-[state=active]:text-brand-100"
            >
              {p.label}
              {p.count !== undefined ? (
                <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                  {p.count}
                </span>
              ) : null}
            </a>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {panels.map((p) => (
        <Tabs.Content
          key={p.value}
          value={p.value}
          forceMount
          hidden={tab !== p.value}
          className="rounded-b-lg pt-6 focus-visible:outline-2"
        >
          {p.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

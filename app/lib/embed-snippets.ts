/**
 * The badge and embed snippets a maker copies from the dashboard (issue 22). `origin` is the site's
 * one origin (platform/site-origin.ts, sent by the loader), never the browser's location.
 */
export function embedSnippets(origin: string, slug: string, name: string) {
  const attr = (s: string) =>
    s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const page = `${origin}/tools/${slug}`;
  const badge = `${origin}/embed/tools/${slug}/badge.svg`;
  const alt = attr(`${name} on Toolscape`);
  return [
    { label: "Badge (HTML)", code: `<a href="${page}"><img src="${badge}" alt="${alt}" height="22"></a>` },
    {
      label: "Badge, dark (HTML)",
      code: `<a href="${page}"><img src="${badge}?theme=dark" alt="${alt}" height="22"></a>`,
    },
    { label: "Badge (Markdown)", code: `[![${name.replace(/[[\]]/g, "")} on Toolscape](${badge})](${page})` },
    {
      label: "Card (iframe)",
      code: `<iframe src="${origin}/embed/tools/${slug}" title="${alt}" width="360" height="190" style="border:0" loading="lazy"></iframe>`,
    },
    {
      label: "Compare widget (iframe; replace other-tool)",
      code: `<iframe src="${origin}/embed/compare?tools=${slug},other-tool" title="Compare on Toolscape" width="560" height="300" style="border:0" loading="lazy"></iframe>`,
    },
  ];
}

import { ToolCard, type ToolCardData } from "~/components/tool-card";

/** Up to 7 featured tools: 1 large, then 2 and 4 medium (the spec's layout). */
export function FeaturedGrid({ tools }: { tools: ToolCardData[] }) {
  const [first, ...rest] = tools.slice(0, 7);
  if (!first) return null;
  return (
    <div className="mt-4 space-y-4" data-testid="featured-grid">
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr_1fr]">
        <ToolCard tool={first} size="large" />
        {rest.slice(0, 2).map((t) => (
          <ToolCard key={t.id} tool={t} size="medium" />
        ))}
      </div>
      {rest.length > 2 ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {rest.slice(2, 6).map((t) => (
            <ToolCard key={t.id} tool={t} size="medium" />
          ))}
        </div>
      ) : null}
    </div>
  );
}

import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import type { Viewer } from "../accounts/index.ts";
import { applyToolFacts, importRows } from "../catalog/index.ts";
import { type Locked, TOOL_CHANGED } from "./moderation-shapes.ts";

const IdRow = z.object({ id: z.string() });

const ToolStatusRow = z.object({ slug: z.string(), status: z.string() });

/** A reopened approval decided "approve" again: its tool (kept, unpublished) goes live once more. */
export async function republish(
  tx: Db,
  toolId: string,
  admin: Viewer,
  now: Date,
): Promise<{ toolId: string; toolSlug: string }> {
  const [tool] = await queryRows(
    tx,
    sql`SELECT slug, status::text AS status FROM tools WHERE id = ${toolId}::uuid`,
    ToolStatusRow,
  );
  if (!tool) throw new AppError("conflict", TOOL_CHANGED("deleted"));
  if (tool.status !== "pending" && tool.status !== "active") throw new AppError("conflict", TOOL_CHANGED(tool.status));
  await applyToolFacts(tx, {
    toolId,
    set: { status: "active" },
    provenance: { kind: "editor", source: "Moderation: approved again", observedAt: now, verifiedAt: now },
    actorUserId: admin.user.id,
    at: now,
  });
  return { toolId, toolSlug: tool.slug };
}

const isMaker = (s: Locked) => s.maker_relation === "founder" || s.maker_relation === "employee";

/** Adds the submitted tool to the catalogue with the importer's rules; its problems fail the decision. */
export async function publish(tx: Db, s: Locked, now: Date): Promise<{ toolId: string; toolSlug: string }> {
  const report = await importRows(
    tx,
    [
      {
        name: s.name,
        description: s.description,
        url: s.url,
        category: s.category,
        provider: s.provider_name ?? "",
        pricing_model: s.pricing_model,
        tags: JSON.stringify(s.tags ?? []),
        logo_url: s.logo_url ?? "",
      },
    ],
    {
      now,
      source: `submission:${s.id}`,
      // Listed by its maker (founder or employee): the facts are the maker's claim; else a member's (issue 20).
      provenance: (_slug, at) =>
        isMaker(s)
          ? { kind: "maker", source: "Submitted by the maker, approved by a moderator", observedAt: at, verifiedAt: at }
          : {
              kind: "community",
              source: "Submitted by a member, approved by a moderator",
              observedAt: at,
              verifiedAt: at,
            },
      actorUserId: s.user_id,
    },
  );
  const dup = report.duplicates[0];
  if (dup) {
    throw new AppError("conflict", `Already listed in the directory as /tools/${dup.existing}.`, {
      listed: dup.existing,
    });
  }
  const problems = report.errors.flatMap((e) => e.messages);
  const added = report.added[0];
  if (problems.length || !added) {
    throw new AppError("bad_request", `The tool cannot be published: ${problems.join("; ") || "nothing was added"}`);
  }
  const [tool] = await queryRows(tx, sql`SELECT id FROM tools WHERE slug = ${added.slug}`, IdRow);
  if (!tool) throw new Error(`approved tool ${added.slug} was not found after import`);
  return { toolId: tool.id, toolSlug: added.slug };
}

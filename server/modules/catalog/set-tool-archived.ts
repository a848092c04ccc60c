import { z } from "zod";
import type { AuditActor } from "../../platform/audit.ts";
import type { ToolServices } from "./admin-tool-shapes.ts";
import { type SavedTool, saveTool } from "./save-tool.ts";

/** Archive (status archived) or restore (status active) the tool `id`. */
export const SetToolArchivedInput = z.object({ id: z.string(), archived: z.boolean() });
export type SetToolArchivedInput = z.output<typeof SetToolArchivedInput>;

/** A one-field edit through saveTool (the fact path, its audit row) with its own audit action. */
export function setToolArchived(
  services: ToolServices,
  actor: AuditActor,
  input: SetToolArchivedInput,
): Promise<SavedTool> {
  return saveTool(services, actor, { id: input.id, status: input.archived ? "archived" : "active" });
}

// The API reference page reads the same generated document /api/openapi.json serves (no copy to drift).
import { openApiDocument } from "#server/api/openapi.ts";

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  $ref?: string;
  pattern?: string;
  maxLength?: number;
  items?: Schema;
  anyOf?: Schema[];
};
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema; description?: string }[];
  responses?: Record<string, { description?: string }>;
  security?: Record<string, string[]>[];
};

const schemaText = (s: Schema | undefined): string => {
  if (!s) return "";
  if (s.$ref) return s.$ref.split("/").pop() ?? "";
  if (s.enum) return s.enum.map(String).join(" | ");
  const type = Array.isArray(s.type)
    ? s.type.join(" | ")
    : (s.type ?? (s.anyOf ? s.anyOf.map(schemaText).join(" | ") : "any"));
  const extra = [s.maxLength ? `max ${s.maxLength}` : null, s.pattern ? `pattern ${s.pattern}` : null].filter(Boolean);
  return extra.length ? `${type} (${extra.join(", ")})` : type;
};

/**
 * The document flattened for a server-rendered reference: operations, parameters, responses. The
 * page is the key holders' reference, so it lists the operations an API key opens; the members'
 * and admins' operations the site itself calls are in /api/openapi.json (linked from the page).
 */
export function apiReference() {
  const doc = openApiDocument() as unknown as {
    info: { title: string; version: string; description?: string };
    paths: Record<string, Record<string, Operation>>;
    components?: { securitySchemes?: Record<string, { description?: string }> };
  };
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => (op.security ?? []).some((s) => "apiKey" in s))
      .map(([method, op]) => ({
        id: op.operationId ?? `${method}-${path}`,
        method: method.toUpperCase(),
        path: `/api${path}`,
        summary: op.summary ?? "",
        description: op.description ?? "",
        parameters: (op.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in,
          required: Boolean(p.required),
          type: schemaText(p.schema),
        })),
        responses: Object.entries(op.responses ?? {}).map(([status, r]) => ({
          status,
          description: r.description ?? "",
        })),
      })),
  );
  return {
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description ?? "",
    auth: doc.components?.securitySchemes?.apiKey?.description ?? "",
    operations,
  };
}

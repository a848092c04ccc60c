import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import fc from "fast-check";

/**
 * Property-based contract checks of /api against its own OpenAPI document (issue 31): inputs are
 * generated from the document's schemas (valid ones, and ones that break exactly one rule), and
 * answers are validated against the schema the document gives for their status.
 */

export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};
type Parameter = { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean; schema?: Schema };
type Media = Record<string, { schema?: Schema }>;
type OperationObject = {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Media };
  responses: Record<string, { content?: Media }>;
};
export type Document = {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, Schema> };
};
export type Operation = OperationObject & { method: string; path: string };

export function operationsOf(doc: Document): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );
}

/** Routes registered on the Hono app that the document does not name (a wildcard needs one path under it). */
export function undocumentedRoutes(routes: readonly { method: string; path: string }[], doc: Document): string[] {
  const documented = operationsOf(doc).map((op) => `${op.method} ${op.path}`);
  return routes
    .filter((r) => r.method !== "ALL")
    .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`)
    .filter((route) =>
      route.endsWith("/*") ? !documented.some((d) => d.startsWith(route.slice(0, -1))) : !documented.includes(route),
    )
    .filter((route, i, all) => all.indexOf(route) === i);
}

// ---- generating inputs -----------------------------------------------------------------------------

/** Plain characters: the document cannot state the text rules (no control characters), so valid text avoids them. */
const PLAIN = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_".split(""));

function deref(doc: Document, s: Schema): Schema {
  let out = s;
  while (out.$ref) out = doc.components?.schemas?.[out.$ref.split("/").pop() ?? ""] ?? {};
  return out;
}

function merged(doc: Document, parts: Schema[]): Schema {
  const all = parts.map((p) => deref(doc, p));
  return {
    type: "object",
    properties: Object.assign({}, ...all.map((p) => p.properties ?? {})),
    required: all.flatMap((p) => p.required ?? []),
  };
}

/**
 * One arbitrary per pattern for the whole run: building `fc.stringMatching` tokenises fast-check's list of
 * dangerous strings against every character class of the pattern, which for a negated class (`[^/]`) cost
 * 8.9 s of this file's 31 s when it was rebuilt for every operation and role.
 */
const byPattern = new Map<string, fc.Arbitrary<string>>();
function matching(pattern: string): fc.Arbitrary<string> {
  let arbitrary = byPattern.get(pattern);
  if (!arbitrary) {
    arbitrary = fc.stringMatching(new RegExp(pattern));
    byPattern.set(pattern, arbitrary);
  }
  return arbitrary;
}

function text(s: Schema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? min + 24, min + 24);
  const fits = (v: string) => v.length >= min && v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY);
  if (s.pattern) return matching(s.pattern).filter(fits);
  switch (s.format) {
    case "email":
      return fc.emailAddress().filter(fits);
    case "uuid":
      return fc.uuid({ version: 4 });
    case "uri":
    case "url":
      return fc.webUrl().filter(fits);
    case "date-time":
      return fc
        .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString());
  }
  return fc.string({ unit: PLAIN, minLength: min, maxLength: Math.max(min, max) });
}

/** Values the schema accepts. */
export function validValue(doc: Document, schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(doc, schema);
  if (s.enum) return fc.constantFrom(...s.enum);
  if ("const" in s) return fc.constant(s.const);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => validValue(doc, a, depth)));
  if (s.allOf) return validValue(doc, merged(doc, s.allOf), depth);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ["object"] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue(doc, { ...s, type }, depth)));
  switch (types[0]) {
    case "string":
      return text(s);
    case "integer":
    case "number": {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000);
      return types[0] === "integer"
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? minLength + 3, minLength + 3);
      return fc.array(depth > 4 ? fc.constant(null) : validValue(doc, s.items ?? {}, depth + 1), {
        minLength,
        maxLength,
      });
    }
    case "object": {
      const props = s.properties ?? {};
      const shape = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validValue(doc, v, depth + 1)]));
      return fc.record(shape, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
  }
  return fc.oneof(fc.string({ unit: PLAIN, maxLength: 10 }), fc.integer(), fc.boolean());
}

/** Values that break the schema in one way (a wrong type, a bound, a pattern, an unknown option). */
export function invalidValue(doc: Document, schema: Schema, asText: boolean): fc.Arbitrary<unknown> | null {
  const s = deref(doc, schema);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.includes("null") || (!types.length && !s.enum && !s.properties)) return null;
  const ways: fc.Arbitrary<unknown>[] = [];
  if (s.enum) ways.push(fc.constant("no-such-option"));
  if (types.includes("integer") || types.includes("number")) {
    ways.push(fc.constantFrom("abc", "1.5e", "", "NaN"));
    if (s.minimum !== undefined) ways.push(fc.integer({ min: s.minimum - 1_000, max: s.minimum - 1 }));
    if (s.maximum !== undefined) ways.push(fc.integer({ min: s.maximum + 1, max: s.maximum + 1_000 }));
    if (types.includes("integer")) ways.push(fc.constant(1.5));
  }
  if (types.includes("string") && !s.enum) {
    if (s.maxLength !== undefined) ways.push(fc.constant("x".repeat(s.maxLength + 1)));
    if (s.minLength) ways.push(fc.constant(""));
    if (s.pattern) {
      // Chosen from a fixed set: a random string matches a loose pattern almost always.
      const re = new RegExp(s.pattern);
      const misses = [",".repeat(120), "\u0001", " ", "-", "abc", "!@#", "x".repeat(3_000), "1.5", "-1", "é"].filter(
        (v) => !re.test(v),
      );
      if (misses.length) ways.push(fc.constantFrom(...misses));
    }
    if (!asText) ways.push(fc.oneof(fc.integer(), fc.boolean(), fc.constant({ nested: true })));
  }
  if (!asText && types.includes("boolean")) ways.push(fc.constantFrom("yes", 2));
  if (!asText && (types.includes("object") || s.properties)) {
    const props = s.properties ?? {};
    ways.push(fc.constantFrom("text", 42, [1, 2]));
    for (const key of s.required ?? []) {
      // The object without one required field.
      ways.push(
        validValue(doc, s).map((v) => {
          const copy = { ...(v as Record<string, unknown>) };
          delete copy[key];
          return copy;
        }),
      );
    }
    for (const [key, sub] of Object.entries(props)) {
      const bad = invalidValue(doc, sub, false);
      if (bad) ways.push(fc.tuple(validValue(doc, s), bad).map(([v, b]) => ({ ...(v as object), [key]: b })));
    }
  }
  if (!asText && types.includes("array")) ways.push(fc.constantFrom("text", { not: "a list" }));
  return ways.length ? fc.oneof(...ways) : null;
}

// ---- requests --------------------------------------------------------------------------------------

export type Call = { path: string; body?: string; contentType?: string; broke?: string };

const asParam = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
/** A path segment the URL parser keeps as it is. */
const segment = (v: unknown) => {
  const s = asParam(v);
  return s === "" || s === "." || s === ".." ? `${s}x` : encodeURIComponent(s);
};

function build(op: Operation, params: Record<string, unknown>, body: unknown, broke?: string): Call {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => segment(params[name]));
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in === "query" && params[p.name] !== undefined) query.set(p.name, asParam(params[p.name]));
  }
  const qs = query.toString();
  const media = op.requestBody ? Object.keys(op.requestBody.content)[0] : undefined;
  const call: Call = { path: qs ? `${path}?${qs}` : path, broke };
  if (media === "application/json" && body !== undefined) {
    call.body = typeof body === "string" && broke === "raw body" ? body : JSON.stringify(body);
    call.contentType = "application/json";
  }
  return call;
}

const paramsOf = (op: Operation) => (op.parameters ?? []).filter((p) => p.in === "path" || p.in === "query");

function validParams(doc: Document, op: Operation) {
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of paramsOf(op)) {
    const v = validValue(doc, p.schema ?? { type: "string" });
    // A path segment is never empty; query values are sent as text.
    shape[p.name] = p.in === "path" ? v.filter((x) => asParam(x).trim() !== "") : v;
  }
  const required = paramsOf(op)
    .filter((p) => p.in === "path" || p.required)
    .map((p) => p.name);
  return fc.record(shape, { requiredKeys: required });
}

function bodySchema(op: Operation): Schema | null {
  return op.requestBody?.content["application/json"]?.schema ?? null;
}

/** Requests the document says are valid. */
export function validCalls(doc: Document, op: Operation): fc.Arbitrary<Call> {
  const body = bodySchema(op);
  return fc
    .tuple(validParams(doc, op), body ? validValue(doc, body) : fc.constant(undefined))
    .map(([params, b]) => build(op, params, b));
}

/** Requests that break one rule of the document: one parameter, the body, or the body's JSON itself. */
export function invalidCalls(doc: Document, op: Operation): fc.Arbitrary<Call> | null {
  const ways: fc.Arbitrary<Call>[] = [];
  const body = bodySchema(op);
  const validBody = body ? validValue(doc, body) : fc.constant(undefined);
  for (const p of paramsOf(op)) {
    const bad = invalidValue(doc, p.schema ?? {}, true);
    if (!bad) continue;
    ways.push(
      fc
        .tuple(validParams(doc, op), bad, validBody)
        .map(([params, b, v]) => build(op, { ...params, [p.name]: b }, v, `${p.in} ${p.name}`)),
    );
  }
  if (body) {
    const bad = invalidValue(doc, body, false);
    if (bad) ways.push(fc.tuple(validParams(doc, op), bad).map(([params, b]) => build(op, params, b, "body")));
    ways.push(
      fc
        .tuple(validParams(doc, op), fc.constantFrom("{", "not json", "", "[]", "null"))
        .map(([params, raw]) => build(op, params, raw, "raw body")),
    );
  }
  return ways.length ? fc.oneof(...ways) : null;
}

// ---- answers -----------------------------------------------------------------------------------

/** Validates an answer against the schema the document gives for its status and media type. */
export function answerChecker(doc: Document) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  ajv.addSchema(doc as object, "doc");
  const compiled = new Map<string, ValidateFunction>();
  const pointer = (...parts: string[]) =>
    parts.map((p) => encodeURIComponent(p.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/");
  return (op: Operation, status: number, contentType: string, body: string): string | null => {
    const documented = op.responses[String(status)] ?? op.responses.default;
    if (!documented) return `status ${status} is not documented`;
    const media = Object.keys(documented.content ?? {});
    if (!media.length) return null;
    const type = contentType.split(";")[0]?.trim() ?? "";
    if (!media.includes(type)) return `answered ${type || "no content type"}, documented ${media.join(", ")}`;
    if (type !== "application/json") return null;
    const key = pointer("paths", op.path, op.method.toLowerCase(), "responses", String(status), "content", type);
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ $ref: `doc#/${key}/schema` });
      compiled.set(key, validate);
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return "the answer is not JSON";
    }
    if (validate(json)) return null;
    return `does not match the documented schema: ${ajv.errorsText(validate.errors)}`;
  };
}

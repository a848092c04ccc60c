import { z } from "zod";

/**
 * The one UUID rule (issue 19): the canonical 8-4-4-4-12 hex form, either case (PostgreSQL prints
 * lower case; a pasted id may not be). Anything else is not an id and is answered as "not found" or
 * with the schema's message, never passed to a `::uuid` cast (which would be a 500).
 */
// Both cases spelled out rather than a flag: JSON Schema patterns carry no flags, and the API's
// document (issue 31) is generated from this very expression.
export const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const isUuid = (value: unknown): boolean => typeof value === "string" && UUID.test(value);

/** A zod schema for an id, with the message the caller's users should see when it is not one. */
export const uuidSchema = (message = "Not a valid id") => z.string().trim().regex(UUID, message);

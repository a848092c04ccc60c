// Column helpers and enums shared by the schema files (imported by several domains: kept out of the
// domain files so no import cycle evaluates a table before its enum).
import { customType, pgEnum, timestamp } from "drizzle-orm/pg-core";

export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/** A member's tier: user_profiles.tier, plans, grants and referral rewards. */
export const membershipTier = pgEnum("membership_tier", ["free", "standard", "expert"]);

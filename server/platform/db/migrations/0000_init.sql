-- Extensions first: the trigram index below needs pg_trgm; the search trigger (0001) uses unaccent.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TYPE "public"."membership_tier" AS ENUM('free', 'standard', 'expert');--> statement-breakpoint
CREATE TYPE "public"."pricing_model" AS ENUM('free', 'freemium', 'paid', 'subscription', 'open_source', 'enterprise', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."tool_status" AS ENUM('draft', 'pending', 'active', 'rejected', 'archived');--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"total_rows" integer NOT NULL,
	"added" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"failed" integer NOT NULL,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '✨' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text,
	"featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_aliases" (
	"alias" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"website_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tool_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_of_the_day" (
	"day" date PRIMARY KEY NOT NULL,
	"tool_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"full_description" text DEFAULT '' NOT NULL,
	"category_id" integer NOT NULL,
	"provider_id" integer,
	"website_url" text NOT NULL,
	"domain_key" text NOT NULL,
	"name_key" text NOT NULL,
	"source_url" text,
	"affiliate_url" text,
	"demo_url" text,
	"logo_url" text,
	"preview_image_url" text,
	"pricing_model" "pricing_model" DEFAULT 'unknown' NOT NULL,
	"pricing" jsonb,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"use_cases" text[] DEFAULT '{}'::text[] NOT NULL,
	"pros" text[] DEFAULT '{}'::text[] NOT NULL,
	"cons" text[] DEFAULT '{}'::text[] NOT NULL,
	"alternatives" text[] DEFAULT '{}'::text[] NOT NULL,
	"screenshots" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating" real DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"needs_review" boolean DEFAULT false NOT NULL,
	"last_verified_at" timestamp with time zone,
	"status" "tool_status" DEFAULT 'active' NOT NULL,
	"tier" "membership_tier" DEFAULT 'free' NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"meta_keywords" text,
	"import_id" integer,
	"search_vector" "tsvector",
	"search_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "category_aliases" ADD CONSTRAINT "category_aliases_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_of_the_day" ADD CONSTRAINT "tool_of_the_day_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_uq" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_uq" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "providers_slug_uq" ON "providers" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "tags_count_idx" ON "tags" USING btree ("tool_count");--> statement-breakpoint
CREATE UNIQUE INDEX "tools_slug_uq" ON "tools" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "tools_dedupe_uq" ON "tools" USING btree ("name_key","domain_key");--> statement-breakpoint
CREATE INDEX "tools_category_idx" ON "tools" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "tools_status_rating_idx" ON "tools" USING btree ("status","rating","name");--> statement-breakpoint
CREATE INDEX "tools_created_idx" ON "tools" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tools_name_idx" ON "tools" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tools_search_idx" ON "tools" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tools_search_name_trgm_idx" ON "tools" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tools_tags_idx" ON "tools" USING gin ("tags");
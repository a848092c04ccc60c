ALTER TABLE "catalog_imports" ADD COLUMN "warnings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "dry_run" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "pending_csv" text;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "confirmed_by_id" integer;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "actor_user_id" text;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "actor_label" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "replaced_by_id" integer;--> statement-breakpoint
ALTER TABLE "category_aliases" ADD COLUMN "redirects" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_confirmed_by_id_catalog_imports_id_fk" FOREIGN KEY ("confirmed_by_id") REFERENCES "public"."catalog_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_replaced_by_id_categories_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_imports_created_idx" ON "catalog_imports" USING btree ("created_at" DESC NULLS LAST);
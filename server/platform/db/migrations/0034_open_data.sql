CREATE TABLE "open_data_dumps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_data_dumps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone NOT NULL,
	"tool_count" integer NOT NULL,
	"jsonl_gz" "bytea" NOT NULL,
	"csv_gz" "bytea" NOT NULL,
	"jsonl_sha" text NOT NULL,
	"csv_sha" text NOT NULL,
	"record_index" jsonb NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "open_data_dumps_created_idx" ON "open_data_dumps" USING btree ("created_at" DESC NULLS LAST);
CREATE TABLE "live_events" (
	"xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "live_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"stock" json,
	"products" json,
	"resync" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_events_xid_idx" ON "live_events" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING brin ("created_at");
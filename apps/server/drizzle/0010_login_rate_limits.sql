CREATE TABLE "login_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_rate_limits_window_idx" ON "login_rate_limits" USING btree ("window_started_at");
ALTER TABLE "cash_movements" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;
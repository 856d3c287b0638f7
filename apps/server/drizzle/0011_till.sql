CREATE TABLE "registers" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registers_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "sold_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "sales" SET "sold_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "register_id" uuid;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "shift_id" uuid;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "approved_by_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "register_id" uuid;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "cashier_max_discount_percent" numeric(5, 2) DEFAULT '10' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "cashier_may_change_price" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "cashier_may_refund_without_receipt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "cashier_may_zero_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "cashier_may_receive_transfers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "cashier_may_count" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "over_short_threshold" numeric(14, 2) DEFAULT '5.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "cash_denominations" integer[];--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "offline_limit_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registers_branch_device_uq" ON "registers" USING btree ("company_id","branch_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registers_branch_code_uq" ON "registers" USING btree ("company_id","branch_id","code");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_company_id_register_id_registers_company_id_id_fk" FOREIGN KEY ("company_id","register_id") REFERENCES "public"."registers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_branch_sold_idx" ON "sales" USING btree ("company_id","branch_id","sold_at");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_branch_created_idx" ON "audit_logs" USING btree ("company_id","branch_id","created_at","id");
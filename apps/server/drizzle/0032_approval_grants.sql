CREATE TABLE "approval_grants" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"register_id" uuid,
	"requested_by" uuid NOT NULL,
	"approver_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"digest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"consumed_by" uuid,
	CONSTRAINT "approval_grants_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "approval_grants_purpose_ck" CHECK ("approval_grants"."purpose" in ('sale', 'shift_close')),
	CONSTRAINT "approval_grants_consumed_ck" CHECK (("approval_grants"."consumed_at" is null) = ("approval_grants"."consumed_by" is null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_grants" ADD CONSTRAINT "approval_grants_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_grants" ADD CONSTRAINT "approval_grants_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_grants" ADD CONSTRAINT "approval_grants_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_grants" ADD CONSTRAINT "approval_grants_company_id_register_id_registers_company_id_id_fk" FOREIGN KEY ("company_id","register_id") REFERENCES "public"."registers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_grants_branch_created_idx" ON "approval_grants" USING btree ("company_id","branch_id","created_at");
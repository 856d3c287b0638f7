CREATE TABLE "register_sign_ins" (
	"company_id" uuid NOT NULL,
	"register_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "register_sign_ins_company_id_register_id_user_id_pk" PRIMARY KEY("company_id","register_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sale_exception_resolutions" (
	"company_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"resolved_by_id" uuid NOT NULL,
	"note" text NOT NULL,
	"resolved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_exception_resolutions_company_id_sale_id_pk" PRIMARY KEY("company_id","sale_id")
);
--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "public_key" text;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "trusted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "trusted_by_id" uuid;--> statement-breakpoint
ALTER TABLE "register_sign_ins" ADD CONSTRAINT "register_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_sign_ins" ADD CONSTRAINT "register_sign_ins_company_id_register_id_registers_company_id_id_fk" FOREIGN KEY ("company_id","register_id") REFERENCES "public"."registers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_exception_resolutions" ADD CONSTRAINT "sale_exception_resolutions_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_exception_resolutions" ADD CONSTRAINT "sale_exception_resolutions_company_id_sale_id_sales_company_id_id_fk" FOREIGN KEY ("company_id","sale_id") REFERENCES "public"."sales"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_trusted_by_id_users_id_fk" FOREIGN KEY ("trusted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_exceptions_idx" ON "sales" USING btree ("company_id","branch_id","created_at") WHERE "sales"."offline" and "sales"."flags" <> '{}'::text[];
CREATE TABLE "fiscal_attempts" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"fiscal_document_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"http_status" integer,
	"code" text,
	"message" text,
	CONSTRAINT "fiscal_attempts_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "fiscal_attempts_outcome" CHECK ("fiscal_attempts"."outcome" in ('ok', 'duplicate', 'refused', 'error'))
);
--> statement-breakpoint
CREATE TABLE "fiscal_documents" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fiscal_documents_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"branch_id" uuid NOT NULL,
	"register_id" uuid,
	"kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"usin" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"fiscal_number" text,
	"last_code" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "fiscal_documents_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "fiscal_documents_kind" CHECK ("fiscal_documents"."kind" in ('sale', 'return')),
	CONSTRAINT "fiscal_documents_status" CHECK ("fiscal_documents"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "fiscal_registers" (
	"company_id" uuid NOT NULL,
	"register_id" uuid NOT NULL,
	"pos_id" integer NOT NULL,
	"token_encrypted" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "fiscal_registers_company_id_register_id_pk" PRIMARY KEY("company_id","register_id")
);
--> statement-breakpoint
CREATE TABLE "fiscal_settings" (
	"company_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"provider" text DEFAULT 'none' NOT NULL,
	"environment" text DEFAULT 'simulator' NOT NULL,
	"base_url" text,
	"pos_id" integer,
	"token_encrypted" text,
	"service_fee" boolean DEFAULT false NOT NULL,
	"default_pct_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "fiscal_settings_company_id_branch_id_pk" PRIMARY KEY("company_id","branch_id"),
	CONSTRAINT "fiscal_settings_provider" CHECK ("fiscal_settings"."provider" in ('none', 'fbr')),
	CONSTRAINT "fiscal_settings_environment" CHECK ("fiscal_settings"."environment" in ('simulator', 'sandbox', 'production'))
);
--> statement-breakpoint
ALTER TABLE "fiscal_attempts" ADD CONSTRAINT "fiscal_attempts_company_id_fiscal_document_id_fiscal_documents_company_id_id_fk" FOREIGN KEY ("company_id","fiscal_document_id") REFERENCES "public"."fiscal_documents"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_registers" ADD CONSTRAINT "fiscal_registers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_registers" ADD CONSTRAINT "fiscal_registers_company_id_register_id_registers_company_id_id_fk" FOREIGN KEY ("company_id","register_id") REFERENCES "public"."registers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_settings" ADD CONSTRAINT "fiscal_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_settings" ADD CONSTRAINT "fiscal_settings_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiscal_attempts_document_idx" ON "fiscal_attempts" USING btree ("company_id","fiscal_document_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_document_uq" ON "fiscal_documents" USING btree ("company_id","kind","document_id");--> statement-breakpoint
CREATE INDEX "fiscal_documents_pending_idx" ON "fiscal_documents" USING btree ("seq") WHERE "fiscal_documents"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "fiscal_documents_branch_idx" ON "fiscal_documents" USING btree ("company_id","branch_id","status","seq");
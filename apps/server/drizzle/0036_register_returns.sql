-- Returns at the register (issue 24, docs/ARCHITECTURE.md "Returns at the register"): the branch's register
-- rule "Cashiers may take returns at the register" (off: a cashier's return needs a manager's one-time grant),
-- and grants for a return (purpose 'return', bound to the register, the sale, its lines and the refund).
ALTER TABLE "approval_grants" DROP CONSTRAINT "approval_grants_purpose_ck";--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "cashier_may_take_returns" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_grants" ADD CONSTRAINT "approval_grants_purpose_ck" CHECK ("approval_grants"."purpose" in ('sale', 'shift_close', 'return'));
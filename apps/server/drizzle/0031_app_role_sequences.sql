-- The server may connect as a role without DDL rights (DATABASE_URL; migrations run as the owner,
-- DATABASE_MIGRATION_URL: docs/ARCHITECTURE.md, 'Database roles'). Creating a branch creates its
-- receipt and return sequences from a trigger; run as the trigger's caller, that CREATE SEQUENCE would
-- need CREATE on the schema. As SECURITY DEFINER the functions run as their owner (the role that
-- migrated), so the sequences belong to the owner and the app role gets USAGE on them from the default
-- privileges the owner grants it. The search_path is pinned, as every SECURITY DEFINER function's must be.
ALTER FUNCTION pos_create_receipt_sequence() SECURITY DEFINER SET search_path = public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION pos_create_return_sequence() SECURITY DEFINER SET search_path = public, pg_temp;

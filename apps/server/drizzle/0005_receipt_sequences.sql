-- Receipt numbers come from one sequence per branch instead of a counter row: nextval() holds no lock
-- until commit, so concurrent sales of a branch no longer queue behind each other's commit. Numbers stay
-- unique and increasing per branch; a sale that fails after taking its number leaves a gap.
CREATE FUNCTION pos_receipt_sequence(branch uuid) RETURNS regclass LANGUAGE sql STABLE AS $$
  SELECT ('receipt_seq_' || replace(branch::text, '-', ''))::regclass
$$;
--> statement-breakpoint
CREATE FUNCTION pos_create_receipt_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I', 'receipt_seq_' || replace(NEW.id::text, '-', ''));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER branches_receipt_sequence AFTER INSERT ON branches
  FOR EACH ROW EXECUTE FUNCTION pos_create_receipt_sequence();
--> statement-breakpoint
DO $$
DECLARE b record;
BEGIN
  FOR b IN
    SELECT br.id, c.last_number
    FROM branches br
    LEFT JOIN receipt_counters c ON c.company_id = br.company_id AND c.branch_id = br.id
  LOOP
    EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I', 'receipt_seq_' || replace(b.id::text, '-', ''));
    IF b.last_number > 0 THEN
      PERFORM setval(pos_receipt_sequence(b.id), b.last_number);
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
DROP TABLE "receipt_counters" CASCADE;

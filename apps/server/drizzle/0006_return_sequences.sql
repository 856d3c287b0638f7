-- Return numbers (RET-000001, ...) come from one sequence per branch, like receipt numbers (0005):
-- nextval() holds no lock until commit. Branches that already have returns (demo data) continue after
-- their highest RET- number.
CREATE FUNCTION pos_return_sequence(branch uuid) RETURNS regclass LANGUAGE sql STABLE AS $$
  SELECT ('return_seq_' || replace(branch::text, '-', ''))::regclass
$$;
--> statement-breakpoint
CREATE FUNCTION pos_create_return_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I', 'return_seq_' || replace(NEW.id::text, '-', ''));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER branches_return_sequence AFTER INSERT ON branches
  FOR EACH ROW EXECUTE FUNCTION pos_create_return_sequence();
--> statement-breakpoint
DO $$
DECLARE b record;
BEGIN
  FOR b IN
    SELECT br.id,
           (SELECT max(substring(r.return_number FROM '^RET-(\d{1,9})$')::bigint)
            FROM returns r
            WHERE r.company_id = br.company_id AND r.branch_id = br.id) AS last_number
    FROM branches br
  LOOP
    EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I', 'return_seq_' || replace(b.id::text, '-', ''));
    IF b.last_number > 0 THEN
      PERFORM setval(pos_return_sequence(b.id), b.last_number);
    END IF;
  END LOOP;
END
$$;

import pg from 'pg';

/**
 * The rights of the role the server connects as (DATABASE_URL) when migrations run as another role, the
 * owner of the tables (DATABASE_MIGRATION_URL): read and write the data, never change the schema, and
 * only add to the audit log. Run by the owner after every migration, so tables added later get the same
 * grants; the default privileges cover what the owner creates between starts (a branch's receipt and
 * return sequences). docs/architecture/database.md, 'Database roles'.
 */
export function appRoleGrants(role: string): string[] {
  const r = pg.escapeIdentifier(role);
  return [
    `GRANT USAGE ON SCHEMA public TO ${r}`,
    `REVOKE CREATE ON SCHEMA public FROM ${r}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`,
    `REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM ${r}`,
    // Append-only for this role: the triggers of migration 0014 stay, and the role cannot drop them.
    `REVOKE UPDATE, DELETE ON audit_logs FROM ${r}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT EXECUTE ON FUNCTIONS TO ${r}`,
  ];
}

type Queryable = Pick<pg.ClientBase, 'query'>;

/** What would still let `role` change the schema or the audit log; empty when the split holds. */
export async function appRoleProblems(owner: Queryable, role: string): Promise<string[]> {
  const { rows } = await owner.query<{
    superuser: boolean;
    owner_member: boolean;
    can_create: boolean;
    can_update: boolean;
    can_delete: boolean;
    can_truncate: boolean;
  }>(
    `select r.rolsuper as superuser,
            pg_has_role($1, t.tableowner, 'MEMBER') as owner_member,
            has_schema_privilege($1, 'public', 'CREATE') as can_create,
            has_table_privilege($1, 'public.audit_logs', 'UPDATE') as can_update,
            has_table_privilege($1, 'public.audit_logs', 'DELETE') as can_delete,
            has_table_privilege($1, 'public.audit_logs', 'TRUNCATE') as can_truncate
     from pg_roles r, pg_tables t
     where r.rolname = $1 and t.schemaname = 'public' and t.tablename = 'audit_logs'`,
    [role],
  );
  const [row] = rows;
  if (!row) return [`role ${role} or table audit_logs not found`];
  const problems: string[] = [];
  if (row.superuser) problems.push(`${role} is a superuser`);
  if (row.owner_member) problems.push(`${role} is (a member of) the owner of the tables`);
  if (row.can_create) {
    problems.push(
      `${role} may create objects in schema public (PostgreSQL 14 and earlier grant that to PUBLIC: REVOKE CREATE ON SCHEMA public FROM PUBLIC, and GRANT CREATE ON SCHEMA public to the owner)`,
    );
  }
  if (row.can_update || row.can_delete || row.can_truncate) {
    problems.push(`${role} may update, delete or truncate audit_logs (through PUBLIC or another role)`);
  }
  return problems;
}

/**
 * Grants the app role its rights, as the owner, and refuses to go on when the split does not hold:
 * someone who set two roles meant the app role not to be able to rewrite the audit log.
 */
export async function grantAppRole(owner: Queryable, role: string): Promise<void> {
  // One transaction: the blanket table grant never shows UPDATE on audit_logs to a running server.
  await owner.query('begin');
  try {
    for (const statement of appRoleGrants(role)) await owner.query(statement);
    await owner.query('commit');
  } catch (error) {
    await owner.query('rollback').catch(() => undefined);
    throw error;
  }
  const problems = await appRoleProblems(owner, role);
  if (problems.length > 0) {
    throw new Error(
      `DATABASE_URL's role must not be able to change the schema or the audit log:\n  ${problems.join('\n  ')}`,
    );
  }
}

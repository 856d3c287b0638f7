import { randomBytes } from 'node:crypto';
import { ROLE_IDS, ROLE_NAMES, ROLE_PERMISSIONS, type RoleId } from '@pos/shared';
import { count, eq, sql } from 'drizzle-orm';
import { commonPasswordMessage } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../client';
import { appSecrets, roles, users } from '../schema';

/** The three fixed roles, kept in step with packages/shared/src/roles.ts on every start. */
export async function ensureRoles(db: Db): Promise<void> {
  for (const id of Object.values(ROLE_IDS) as RoleId[]) {
    await db
      .insert(roles)
      .values({ id, name: ROLE_NAMES[id], permissions: ROLE_PERMISSIONS[id] })
      .onConflictDoUpdate({ target: roles.id, set: { name: ROLE_NAMES[id], permissions: ROLE_PERMISSIONS[id] } });
  }
}

/** JWT_SECRET when given; otherwise one generated once and kept in the database, shared by all processes. */
export async function loadJwtSecret(db: Db, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSecrets)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, 'jwt_secret'));
  if (!row) throw new Error('jwt secret missing');
  return row.value;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/**
 * The first Super Admin of a real deployment (no company yet: they create one at /company-setup).
 * A common password is refused (npm run create-admin, ADMIN_PASSWORD at the first start); an existing
 * user of that name is left alone before that check, so a deployment that keeps ADMIN_PASSWORD set
 * still starts.
 */
export async function createSuperAdmin(
  db: Db,
  { username, password, name = 'Administrator' }: { username: string; password: string; name?: string },
): Promise<{ created: boolean }> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  if (existing) return { created: false };
  const tooCommon = commonPasswordMessage(password);
  if (tooCommon) throw new Error(`ADMIN_PASSWORD: ${tooCommon}`);
  await db.insert(users).values({
    name,
    username,
    passwordHash: await hashPassword(password),
    roleId: ROLE_IDS.superAdmin,
  });
  return { created: true };
}

import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '@courier/shared/constants/limits';
import { loadConfig } from '../config';
import { createRuntimeOrExit } from '../context';
import { users } from '../db/schema/users';
import { hashPassword } from '../lib/passwords';
import { changeUser, insertUser } from '../modules/staff/index';

/**
 * `npm run create-super-admin -- --email E --password P [--first-name F --last-name L]`:
 * creates the platform account of a new deployment, or resets its password if it exists.
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: 'Platform' },
    'last-name': { type: 'string', default: 'Administrator' },
  },
});
const input = z
  .object({
    email: z.email('Give a valid --email').transform((e) => e.trim().toLowerCase()),
    password: z.string().min(MIN_PASSWORD_LENGTH, `--password must be at least ${MIN_PASSWORD_LENGTH} characters`),
    firstName: z.string().min(1),
    lastName: z.string().min(1),
  })
  .safeParse({ email: values.email, password: values.password, firstName: values['first-name'], lastName: values['last-name'] });
if (!input.success) {
  console.error(input.error.issues.map((i) => i.message).join('\n'));
  console.error('Usage: npm run create-super-admin -- --email E --password P');
  process.exit(2);
}

const { ctx, database } = await createRuntimeOrExit(loadConfig());
try {
  const { email, password, firstName, lastName } = input.data;
  const passwordHash = await hashPassword(password);
  const [existing] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (existing && existing.role !== 'super_admin') {
    console.error(`${email} belongs to a ${existing.role} account; choose another e-mail.`);
    process.exitCode = 1;
  } else if (existing) {
    await changeUser(ctx.db, existing.id, { passwordHash, active: true, updatedAt: new Date() });
    console.log(`Super admin ${email}: password reset.`);
  } else {
    await insertUser(ctx.db, { role: 'super_admin', email, firstName, lastName, passwordHash });
    console.log(`Super admin ${email}: created.`);
  }
} finally {
  await database.close();
}

import { loadConfig } from '../config';
import { SecretBox } from '../lib/secret-box';
import { seedMessagingDemo } from '../modules/messaging/messaging.seed';
import { createRuntimeOrExit } from '../context';
import { formatDemoLogins, isDatabaseEmpty, seedDemo } from '../db/seed';

/** `npm run seed`: migrates and seeds the demo data into an empty database. */
const config = loadConfig();
const { ctx, database } = await createRuntimeOrExit(config);
try {
  if (await isDatabaseEmpty(ctx.db)) {
    await seedDemo(ctx.db);
    await seedMessagingDemo(ctx.db, new SecretBox(ctx.tokens.secret), 'JXP', ctx.config.MESSAGING_SIMULATOR_URL);
    console.log(formatDemoLogins(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`));
  } else {
    console.log('The database already holds data; nothing seeded.');
  }
} finally {
  await database.close();
}

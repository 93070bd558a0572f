import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testServerUrl } from './helper';
import { countStatements, notCounted } from './statements';

let app: pg.Client;
let harness: pg.Client;

beforeAll(async () => {
  app = new pg.Client({ connectionString: testServerUrl() });
  harness = notCounted(new pg.Client({ connectionString: testServerUrl() }));
  await Promise.all([app.connect(), harness.connect()]);
});
afterAll(async () => Promise.all([app?.end(), harness?.end()]));

it("counts the app's statements and leaves out the harness's own, sent at the same time", async () => {
  const { statements } = await countStatements(async () => {
    await Promise.all([app.query('select 1 as app'), harness.query('select 2 as harness')]);
    await app.query({ text: 'select $1::int as prepared', values: [3] });
  });
  expect(statements).toEqual(['select 1 as app', 'select $1::int as prepared']);
});

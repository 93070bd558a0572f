import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';

/**
 * Every date on a screen is in the courier's time zone (a Company Settings field). The admin
 * changes the zone and the packages list, and the public tracking page, show a package's received
 * date in the new zone, and so does the super admin's packages list (whose own zone is the
 * platform's): each row of a list that mixes couriers is in its courier's zone.
 * Journeys share one database: the courier's zone is put back at the end.
 */

test.use({ viewport: { width: 1920, height: 1000 } });

/** The screens' date style ("Nov 23, 2026") in a zone, worked out here independently. */
const dayIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));

test('a received date on the admin packages screen follows the courier time zone setting', async ({ page, request, browser }) => {
  const { authorization } = await loginAs(page, request, 'courier_admin');
  const auth = { authorization };
  const courierId = ((await (await request.get('/api/auth/profile', { headers: auth })).json()) as { courier: { id: number } }).courier.id;
  const before = (await (await request.get(`/api/couriers/${courierId}`, { headers: auth })).json()) as Record<string, string>;
  const list = (await (await request.get('/api/packages?page=1&limit=50', { headers: auth })).json()) as {
    data: Array<{ packageNumber: string; receivedAt: string | null }>;
  };
  const pkg = list.data.find((p) => p.receivedAt);
  expect(pkg, 'a received package in the demo data').toBeTruthy();
  if (!pkg?.receivedAt) return;

  // A zone whose calendar day differs from Jamaica's at that instant: 19 hours ahead if the
  // instant is after 05:00 in Jamaica, else 6 hours behind.
  const jamaicaHour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Jamaica', hour: 'numeric', hourCycle: 'h23' }).format(new Date(pkg.receivedAt)),
  );
  const zone = jamaicaHour >= 5 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
  const inJamaica = dayIn(pkg.receivedAt, before.time_zone || 'America/Jamaica');
  const inZone = dayIn(pkg.receivedAt, zone);
  expect(inZone).not.toBe(inJamaica);

  const row = () => page.getByRole('row').filter({ hasText: pkg.packageNumber });
  try {
    await page.goto(`/admin/packages?search=${encodeURIComponent(pkg.packageNumber)}`);
    await expect(row()).toContainText(inJamaica);

    await page.goto('/admin/settings');
    await page.getByLabel('Time zone').selectOption(zone);
    await page.getByRole('button', { name: 'Save Company Settings' }).click();
    await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
    await expect
      .poll(async () => ((await (await request.get('/api/auth/profile', { headers: auth })).json()) as { timeZone: string }).timeZone)
      .toBe(zone);

    await page.goto(`/admin/packages?search=${encodeURIComponent(pkg.packageNumber)}`);
    await expect(row()).toContainText(inZone);
    await expect(row()).not.toContainText(inJamaica);

    // The public tracking page, to a visitor who is not signed in, says it in the courier's zone too.
    // Its timeline is the package's events (another journey may have left it Unknown, with no
    // "Received" line): take an event whose day differs between the two zones.
    const tracked = (await (await request.get(`/api/public/track/${encodeURIComponent(pkg.packageNumber)}`)).json()) as {
      timeline: Array<{ label: string; at: string }>;
    };
    const at = tracked.timeline.findIndex((e) => dayIn(e.at, zone) !== dayIn(e.at, 'America/Jamaica'));
    const event = tracked.timeline[at];
    expect(event, 'a timeline event whose calendar day differs between the zones').toBeTruthy();
    if (!event) return;
    const visitor = await browser.newPage();
    await visitor.goto(`${new URL(page.url()).origin}/track?number=${encodeURIComponent(pkg.packageNumber)}`);
    // The API lists the steps oldest first; the page shows them newest first.
    const item = visitor
      .getByRole('list', { name: 'Timeline' })
      .getByRole('listitem')
      .nth(tracked.timeline.length - 1 - at);
    await expect(item).toContainText(event.label);
    await expect(item).toContainText(dayIn(event.at, zone));
    await expect(item).not.toContainText(dayIn(event.at, 'America/Jamaica'));
    await visitor.close();

    // The super admin's list mixes couriers: the row is in its courier's zone, not the platform's.
    const superAdmin = await (await browser.newContext({ viewport: { width: 1920, height: 1000 } })).newPage();
    await loginAs(superAdmin, request, 'super_admin');
    await superAdmin.goto(`${new URL(page.url()).origin}/superadmin/packages?search=${encodeURIComponent(pkg.packageNumber)}`);
    const superRow = superAdmin.getByRole('row').filter({ hasText: pkg.packageNumber });
    await expect(superRow).toContainText(inZone);
    await expect(superRow).not.toContainText(inJamaica);
    await superAdmin.context().close();
  } finally {
    const restored = await request.put(`/api/couriers/${courierId}`, {
      headers: auth,
      data: {
        name: before.name,
        first_name: before.first_name,
        last_name: before.last_name,
        email: before.email,
        time_zone: before.time_zone || 'America/Jamaica',
      },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});

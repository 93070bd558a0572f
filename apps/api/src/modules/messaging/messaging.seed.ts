import { eq } from 'drizzle-orm';
import { DEFAULT_TEMPLATE, type EventRules } from '@courier/shared/schemas/messaging';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { messagingProviders } from '../../db/schema/messaging';
import type { SecretBox } from '../../lib/secret-box';

/**
 * The demo courier's WhatsApp and SMS go to the local simulator (`npm run messaging-simulator`),
 * so every message says TEST: package news by WhatsApp, the pickup notice by SMS too.
 */
export async function seedMessagingDemo(db: Db, box: SecretBox, courierCode: string, simulatorUrl: string): Promise<void> {
  const [courier] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.code, courierCode));
  if (!courier) return;
  const events: EventRules = {
    package_received: { sms: false, whatsapp: true, template: 'Hi {firstName}, {title}. Track it: {link}' },
    package_shipped: { sms: false, whatsapp: true, template: DEFAULT_TEMPLATE },
    package_ready: { sms: true, whatsapp: true, template: 'Hi {firstName}, {ref} is ready for pickup at {courier}. {link}' },
    invoice_issued: { sms: false, whatsapp: true, template: DEFAULT_TEMPLATE },
  };
  await db
    .insert(messagingProviders)
    .values({
      courierId: courier.id,
      baseUrl: simulatorUrl.replace(/\/$/, ''),
      accountSid: `AC${'0'.repeat(31)}1`,
      authTokenSealed: box.seal('demo-simulator-token'),
      smsFrom: '+18769862040',
      whatsappFrom: '+18769862041',
      events,
    })
    .onConflictDoNothing();
}

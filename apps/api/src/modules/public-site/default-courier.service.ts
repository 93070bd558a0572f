import { eq } from 'drizzle-orm';
import { type DefaultCourier, PUBLIC_SITE_MESSAGES } from '@courier/shared/schemas/public-site-settings';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { DEFAULT_COURIER_KEY, chosenDefaultCourierCode, defaultCourier } from './tenant';
import { putAppSetting } from '../app-settings/index';

type Ctx = Pick<AppContext, 'db' | 'config'>;

export async function getDefaultCourier(ctx: Ctx): Promise<DefaultCourier> {
  const effective = await defaultCourier(ctx);
  return {
    courierCode: await chosenDefaultCourierCode(ctx.db),
    environmentCourierCode: ctx.config.DEFAULT_COURIER_CODE ?? null,
    effectiveCourierCode: effective?.code ?? null,
  };
}

/** The super admin chooses the default courier (or null: DEFAULT_COURIER_CODE, else the first active courier). */
export async function setDefaultCourier(ctx: Ctx, actor: AuthUser, courierCode: string | null): Promise<DefaultCourier> {
  if (courierCode !== null) {
    const [courier] = await ctx.db.select({ id: couriers.id }).from(couriers).where(eq(couriers.code, courierCode)).limit(1);
    if (!courier)
      throw new AppError('not_found', PUBLIC_SITE_MESSAGES.courierNotFound, { courierCode: [PUBLIC_SITE_MESSAGES.courierNotFound] });
  }
  await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const value = { courierCode };
    await putAppSetting(t, DEFAULT_COURIER_KEY, value);
    await audit(t, { courierId: null, actor, action: 'platform.default_courier_set', entity: 'platform', details: { courierCode } });
  });
  return getDefaultCourier(ctx);
}

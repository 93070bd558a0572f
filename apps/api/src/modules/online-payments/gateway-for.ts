import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import type { PaymentGateway } from './gateway';
import { activeGatewayCredentials } from './settings.service';
import { inTestMode } from './test-mode';
import { WIPAY_JAMAICA_URL, WIPAY_SANDBOX_ACCOUNT, WiPayGateway } from './wipay';

export const SIMULATOR_PREFIX = '/api/dev/gateway';

export interface GatewayDeps {
  db: Db;
  config: Config;
  secrets: SecretBox;
  /** This server's own simulator as the server reaches it (loopback), or null when it is off or not listening. */
  simulatorUrl: () => string | null;
}

/**
 * The gateway a courier's customers pay through. In test mode (the super admin's switch) the local
 * test gateway with WiPay's sandbox account, whatever else is saved; otherwise the courier's own
 * WiPay account when one is saved and active; else none, and Pay now is not offered.
 */
export async function gatewayFor(deps: GatewayDeps, courierId: number): Promise<PaymentGateway | null> {
  const origin = 'courier-portal';
  if (await inTestMode(deps.db, courierId)) {
    const simulator = deps.config.PAYMENT_SIMULATOR ? deps.simulatorUrl() : null;
    if (!simulator) return null;
    return new WiPayGateway(
      { ...WIPAY_SANDBOX_ACCOUNT, environment: 'sandbox', feeStructure: 'merchant_absorb' },
      { baseUrl: simulator, origin, provider: 'simulator' },
    );
  }
  const own = await activeGatewayCredentials(deps.db, deps.secrets, courierId);
  if (!own) return null;
  const baseUrl = deps.config.WIPAY_BASE_URL ?? WIPAY_JAMAICA_URL;
  return new WiPayGateway(
    { accountNumber: own.accountNumber, apiKey: own.apiKey, environment: own.environment, feeStructure: own.feeStructure },
    { baseUrl, origin, provider: baseUrl === WIPAY_JAMAICA_URL ? 'wipay' : 'simulator' },
  );
}

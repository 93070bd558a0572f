import { createHash, timingSafeEqual } from 'node:crypto';
import { type CheckoutRequest, GatewayUnavailableError, type PaymentGateway, type RefundResult, type Verification } from './gateway';
import { formatDecimal, parseCents } from '@courier/shared/format/money';

/** WiPay's Jamaica host; sandbox and live share it and differ by the `environment` field. */
export const WIPAY_JAMAICA_URL = 'https://jm.wipayfinancial.com';
/** WiPay's published sandbox merchant (any card is accepted, nothing is charged). */
export const WIPAY_SANDBOX_ACCOUNT = { accountNumber: '1234567890', apiKey: '123' } as const;

export interface WiPayCredentials {
  accountNumber: string;
  apiKey: string;
  environment: 'sandbox' | 'live';
  feeStructure: 'merchant_absorb' | 'customer_pay' | 'split';
}

/**
 * WiPay's response hash: MD5 of transaction_id + total + the merchant's API key, lower-case hex,
 * computed over the exact `total` text the gateway sent.
 */
export function wipayHash(transactionId: string, total: string, apiKey: string): string {
  return createHash('md5').update(`${transactionId}${total}${apiKey}`).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a.toLowerCase());
  const right = Buffer.from(b.toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * WiPay's hosted checkout ("Payments API" v1): a form POST to /plugins/payments/request answers
 * the hosted page's address; afterwards WiPay sends the customer to `response_url` with
 * status, transaction_id, order_id, total, currency, message and hash.
 */
export class WiPayGateway implements PaymentGateway {
  constructor(
    private readonly credentials: WiPayCredentials,
    private readonly options: { baseUrl: string; origin: string; provider: 'wipay' | 'simulator'; fetch?: typeof fetch },
  ) {}

  get provider() {
    return this.options.provider;
  }

  get test() {
    return this.credentials.environment === 'sandbox';
  }

  async createCheckout(request: CheckoutRequest): Promise<{ redirectUrl: string }> {
    const form = new URLSearchParams({
      account_number: this.credentials.accountNumber,
      avs: '0',
      country_code: 'JM',
      currency: request.currency,
      // Free text WiPay keeps with the transaction and returns in `data`.
      data: JSON.stringify({ description: request.description }),
      email: request.customer.email,
      environment: this.credentials.environment,
      fee_structure: this.credentials.feeStructure,
      method: 'credit_card',
      name: request.customer.name,
      order_id: request.orderId,
      origin: this.options.origin,
      response_url: request.responseUrl,
      total: formatDecimal(request.amountCents),
    });
    let body: { url?: unknown; message?: unknown };
    try {
      const res = await (this.options.fetch ?? fetch)(`${this.options.baseUrl}/plugins/payments/request`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(15_000),
      });
      body = (await res.json()) as typeof body;
      if (!res.ok) throw new GatewayUnavailableError(`WiPay answered ${res.status}: ${String(body.message ?? '')}`);
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw error;
      throw new GatewayUnavailableError(`WiPay could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url)) {
      throw new GatewayUnavailableError(`WiPay gave no checkout address: ${String(body.message ?? '')}`);
    }
    return { redirectUrl: body.url };
  }

  verifyNotification(params: Record<string, string | undefined>): Verification {
    const { transaction_id: transactionId, order_id: orderId, total, hash, currency } = params;
    if (!transactionId || !orderId || !total || !hash) return { ok: false, reason: 'missing fields' };
    if (!sameHex(hash, wipayHash(transactionId, total, this.credentials.apiKey))) return { ok: false, reason: 'bad hash' };
    const amountCents = parseCents(total);
    if (amountCents === null) return { ok: false, reason: 'unreadable total' };
    return {
      ok: true,
      notification: {
        transactionId,
        orderId,
        amountCents,
        currency: currency ?? '',
        status: params.status === 'success' ? 'approved' : 'declined',
        message: params.message ?? null,
      },
    };
  }

  /**
   * WiPay publishes no refund call for the hosted checkout: the merchant refunds from its WiPay
   * dashboard and we record it. The simulator has one, so the local flow is complete.
   */
  async refund(input: { transactionId: string; amountCents: number; currency: string; reason: string }): Promise<RefundResult> {
    if (this.options.provider !== 'simulator') return { reference: null, status: 'manual' };
    const total = formatDecimal(input.amountCents);
    try {
      const res = await (this.options.fetch ?? fetch)(`${this.options.baseUrl}/plugins/payments/refund`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          account_number: this.credentials.accountNumber,
          transaction_id: input.transactionId,
          total,
          currency: input.currency,
          reason: input.reason,
          hash: wipayHash(input.transactionId, total, this.credentials.apiKey),
        }).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json()) as { refund_id?: unknown; message?: unknown };
      if (!res.ok || typeof body.refund_id !== 'string') {
        throw new GatewayUnavailableError(`The gateway refused the refund: ${String(body.message ?? res.status)}`);
      }
      return { reference: body.refund_id, status: 'refunded' };
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw error;
      throw new GatewayUnavailableError(`The gateway could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

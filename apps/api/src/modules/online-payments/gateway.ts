/**
 * What the rest of the app needs from a hosted card checkout, whoever provides it. WiPay
 * (`wipay.ts`) is the one implementation; the local simulator speaks WiPay's protocol, so it is
 * the same implementation pointed at another address.
 */
export interface CheckoutRequest {
  /** Our random order id; the gateway echoes it in its notification. */
  orderId: string;
  amountCents: number;
  currency: 'JMD' | 'USD';
  /** Where the gateway sends the customer (and, for the simulator, its notification) afterwards. */
  responseUrl: string;
  customer: { name: string; email: string };
  /** Shown at the gateway and kept with the transaction, e.g. "INV-000012". */
  description: string;
}

/** A notification whose signature has been checked: these values came from the gateway. */
export interface VerifiedNotification {
  transactionId: string;
  orderId: string;
  amountCents: number;
  currency: string;
  status: 'approved' | 'declined';
  message: string | null;
}

export type Verification = { ok: true; notification: VerifiedNotification } | { ok: false; reason: string };

export interface RefundResult {
  /** The gateway's reference for the refund, when it gave one. */
  reference: string | null;
  /** `manual` when the gateway has no refund call and the merchant refunds in its dashboard. */
  status: 'refunded' | 'manual';
}

export interface PaymentGateway {
  readonly provider: 'wipay' | 'simulator';
  /** No money moves (test mode, or a sandbox account): its payments say TEST. */
  readonly test: boolean;
  createCheckout(request: CheckoutRequest): Promise<{ redirectUrl: string }>;
  /** Checks the signature of the parameters the gateway sent (redirect query or POSTed form). */
  verifyNotification(params: Record<string, string | undefined>): Verification;
  refund(input: { transactionId: string; amountCents: number; currency: string; reason: string }): Promise<RefundResult>;
}

/** The gateway could not be reached or refused the request; the customer sees our words. */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
}

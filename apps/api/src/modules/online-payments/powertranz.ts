import { randomUUID } from 'node:crypto';
import { formatDecimal, toCents } from '@courier/shared/format/money';

/**
 * PowerTranz (First Atlantic Commerce), the card processor Jamaican merchants use, by its published
 * REST API (docs/decisions/054-saved-cards-and-prepayment.md):
 * - SPI with 3-D Secure: `POST /api/spi/auth` (or `/api/spi/sale`) with the card in `Source`,
 *   `ThreeDSecure: true`, `Tokenize: true` and `ExtendedData.MerchantResponseUrl`; the answer
 *   (`IsoResponseCode` SP4) carries `RedirectData` (the page that starts the bank's check) and an
 *   `SpiToken`. After the check the customer's browser posts the outcome to the response URL
 *   (form field `Response`, JSON); it proves nothing. `POST /api/spi/payment` with the SpiToken
 *   (a JSON string, no credentials) completes it server to server: `Approved`, `PanToken`.
 * - A merchant-initiated charge of a saved card: `POST /api/sale` with `Source.Token`, no 3-D Secure.
 * Every call but Payment carries `PowerTranz-PowerTranzId` and `PowerTranz-PowerTranzPassword`.
 * Amounts are decimal units, currencies ISO 4217 numeric (JMD 388).
 */
export const JMD_NUMERIC = '388';

export interface PowerTranzCredentials {
  powerTranzId: string;
  password: string;
}

/** The fields of a PowerTranz response we read (it sends more). */
export interface PowerTranzResponse {
  TransactionType?: number;
  Approved?: boolean;
  AuthorizationCode?: string;
  TransactionIdentifier?: string;
  TotalAmount?: number;
  CurrencyCode?: string;
  RRN?: string;
  CardBrand?: string;
  IsoResponseCode?: string;
  ResponseMessage?: string;
  PanToken?: string;
  OrderIdentifier?: string;
  RedirectData?: string;
  SpiToken?: string;
  Errors?: Array<{ Code?: string; Message?: string }>;
  RiskManagement?: { ThreeDSecure?: { AuthenticationStatus?: string; Eci?: string; ResponseCode?: string } };
}

/** The processor could not be reached or answered with no usable body. */
export class ProcessorUnavailableError extends Error {
  override name = 'ProcessorUnavailableError';
}

export interface CardCheckRequest {
  orderIdentifier: string;
  card: { number: string; cvv: string; expiryMonth: number; expiryYear: number; holder: string };
  /** Our response route for this courier, where the customer's browser lands after the bank's check. */
  merchantResponseUrl: string;
}

export interface CardCheck {
  transactionIdentifier: string;
  spiToken: string;
  redirectData: string;
}

export type ChargeResult =
  | { approved: true; transactionIdentifier: string; authorizationCode: string | null; amountCents: number; message: string }
  | { approved: false; transactionIdentifier: string; isoResponseCode: string; message: string };

export type CompletionResult =
  | { approved: true; panToken: string; cardBrand: string | null; amountCents: number }
  | { approved: false; isoResponseCode: string; message: string };

/** Decimal units for PowerTranz's `TotalAmount` (it takes a JSON number). */
const units = (cents: number) => Number(formatDecimal(cents));

/** "2812": PowerTranz's CardExpiration is YYMM. */
export const cardExpiration = (month: number, year: number) => `${String(year % 100).padStart(2, '0')}${String(month).padStart(2, '0')}`;

export class PowerTranzClient {
  constructor(
    private readonly options: {
      baseUrl: string;
      credentials: PowerTranzCredentials;
      /** The test processor (simulator, or PowerTranz's staging host): nothing is charged. */
      test: boolean;
      timeoutMs?: number;
    },
  ) {}

  get test(): boolean {
    return this.options.test;
  }

  private async post(path: string, body: unknown, withCredentials = true): Promise<PowerTranzResponse> {
    let res: Response;
    try {
      res = await fetch(`${this.options.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          accept: 'application/json',
          ...(withCredentials
            ? {
                'PowerTranz-PowerTranzId': this.options.credentials.powerTranzId,
                'PowerTranz-PowerTranzPassword': this.options.credentials.password,
              }
            : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      });
    } catch {
      throw new ProcessorUnavailableError('The card processor could not be reached');
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ProcessorUnavailableError(`The card processor answered ${res.status} without JSON`);
    }
    if (!parsed || typeof parsed !== 'object') throw new ProcessorUnavailableError(`The card processor answered ${res.status}`);
    return parsed as PowerTranzResponse;
  }

  /**
   * Starts a zero-amount authorisation with 3-D Secure and tokenisation: the card check that saves a
   * card. The card's number and code go in this one request and are kept nowhere.
   */
  async startCardCheck(request: CardCheckRequest): Promise<CardCheck | { refused: string }> {
    const transactionIdentifier = randomUUID();
    const answer = await this.post('/api/spi/auth', {
      TransactionIdentifier: transactionIdentifier,
      TotalAmount: 0,
      CurrencyCode: JMD_NUMERIC,
      ThreeDSecure: true,
      Tokenize: true,
      Source: {
        CardPan: request.card.number,
        CardCvv: request.card.cvv,
        CardExpiration: cardExpiration(request.card.expiryMonth, request.card.expiryYear),
        CardholderName: request.card.holder,
      },
      OrderIdentifier: request.orderIdentifier,
      AddressMatch: false,
      ExtendedData: {
        // Always challenge when a card is saved for later charges (EMV 3DS indicator 04).
        ThreeDSecure: { ChallengeWindowSize: 5, ChallengeIndicator: '04' },
        MerchantResponseUrl: request.merchantResponseUrl,
      },
    });
    if (answer.IsoResponseCode !== 'SP4' || !answer.SpiToken || !answer.RedirectData) {
      return { refused: answer.Errors?.[0]?.Message ?? answer.ResponseMessage ?? 'The card processor refused the card' };
    }
    return { transactionIdentifier, spiToken: answer.SpiToken, redirectData: answer.RedirectData };
  }

  /** Completes a check after the bank's step: the processor's own answer, server to server. */
  async complete(spiToken: string): Promise<CompletionResult> {
    const answer = await this.post('/api/spi/payment', spiToken, false);
    if (answer.Approved === true && answer.PanToken) {
      return {
        approved: true,
        panToken: answer.PanToken,
        cardBrand: answer.CardBrand ?? null,
        amountCents: typeof answer.TotalAmount === 'number' ? toCents(answer.TotalAmount) : 0,
      };
    }
    return {
      approved: false,
      isoResponseCode: answer.IsoResponseCode ?? 'unknown',
      message: answer.ResponseMessage ?? answer.Errors?.[0]?.Message ?? 'Not approved',
    };
  }

  /** Charges a saved card (merchant-initiated, no 3-D Secure: the customer agreed to it when saving). */
  async chargeToken(input: { panToken: string; amountCents: number; orderIdentifier: string }): Promise<ChargeResult> {
    const transactionIdentifier = randomUUID();
    const answer = await this.post('/api/sale', {
      TransactionIdentifier: transactionIdentifier,
      TotalAmount: units(input.amountCents),
      CurrencyCode: JMD_NUMERIC,
      ThreeDSecure: false,
      Source: { Token: input.panToken },
      OrderIdentifier: input.orderIdentifier,
      AddressMatch: false,
    });
    if (answer.Approved === true && answer.IsoResponseCode === '00') {
      return {
        approved: true,
        transactionIdentifier,
        authorizationCode: answer.AuthorizationCode ?? null,
        amountCents: input.amountCents,
        message: answer.ResponseMessage ?? 'Approved',
      };
    }
    return {
      approved: false,
      transactionIdentifier,
      isoResponseCode: answer.IsoResponseCode ?? 'unknown',
      message: answer.ResponseMessage ?? answer.Errors?.[0]?.Message ?? 'Declined',
    };
  }
}

/** What the customer reads for a processor's decline code (ISO 8583 response codes). */
export function declineWords(isoResponseCode: string): string {
  switch (isoResponseCode) {
    case '05':
      return 'your bank declined the charge';
    case '51':
      return 'the card has insufficient funds';
    case '54':
      return 'the card has expired';
    case '14':
    case '30':
      return 'the card processor no longer recognises the saved card';
    case '91':
    case '98':
      return "the card's bank could not be reached";
    default:
      return 'the card was declined';
  }
}

import { isIP } from 'node:net';
import type { Transporter } from 'nodemailer';
import { SETTINGS_MESSAGES } from '@courier/shared/schemas/settings';
import { SMTP_PORTS } from '@courier/shared/schemas/settings';
import type { Config } from '../config';

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  /** No TLS required and certificates not checked (super admin's choice, or a loopback host). */
  insecure: boolean;
}

/**
 * A stalled server must not hold a sender for long: each step gets a few seconds (
 * one courier's silent server delayed every courier's mail by 93 s).
 */
export const SMTP_TIMEOUTS_MS = { connection: 5_000, greeting: 5_000, socket: 10_000, dns: 5_000 };
/** The settings' test e-mail answers within this, whatever the server does: the admin is waiting. */
export const SMTP_TEST_DEADLINE_MS = 8_000;

/**
 * A transport that sends credentials and mail only over verified TLS: implicit TLS on 465 (or
 * when `secure`), STARTTLS required otherwise. `insecure` falls back to the old behaviour:
 * STARTTLS when offered, any certificate.
 */
export async function smtpTransport(settings: SmtpSettings): Promise<Transporter> {
  const implicitTls = settings.secure || settings.port === 465;
  // Loaded on the first mail, not at start.
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: implicitTls,
    requireTLS: !implicitTls && !settings.insecure,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    tls: settings.insecure ? { rejectUnauthorized: false } : { rejectUnauthorized: true, minVersion: 'TLSv1.2' },
    connectionTimeout: SMTP_TIMEOUTS_MS.connection,
    greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
    socketTimeout: SMTP_TIMEOUTS_MS.socket,
    // nodemailer waits 30 s for a name that does not resolve unless told otherwise.
    dnsTimeout: SMTP_TIMEOUTS_MS.dns,
  });
}

/** The ports a courier's SMTP may use: the standard ones and the platform's additions. */
export function allowedSmtpPorts(config: Config): number[] {
  return [...SMTP_PORTS, ...config.SMTP_ALLOWED_PORTS];
}

/** Mail to a server on this machine never crosses a network, so TLS adds nothing there. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return h === '::1' || h === '0:0:0:0:0:0:0:1';
}

/** nodemailer codes of errors the SMTP server itself answered after a working connection. */
const SERVER_ANSWER_CODES = new Set(['EAUTH', 'EENVELOPE', 'EMESSAGE']);

/**
 * What a courier may read of a send failure. Anything before the server answered (refused,
 * timeout, DNS, TLS, not an SMTP server) is one generic message, so the answer does not tell an
 * open port from a closed one; the server's own words (a wrong password) are kept.
 */
export function publicSmtpError(error: unknown): { message: string; connectionFailed: boolean } {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && SERVER_ANSWER_CODES.has(code)) {
    return { message: error instanceof Error ? error.message : String(error), connectionFailed: false };
  }
  return { message: SETTINGS_MESSAGES.smtpConnectFailed, connectionFailed: true };
}

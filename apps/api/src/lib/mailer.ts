import { and, eq, inArray, lte, or, isNull, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { couriers } from '../db/schema/couriers';
import { courierEmailConfigs, emailOutbox } from '../db/schema/email';
import { readPlatformSmtp } from './platform-smtp';
import type { SecretBox } from './secret-box';

export interface OutgoingEmail {
  courierId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  batchId?: number;
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
}

/** Why a courier's mail cannot go out right now; the mail waits in the outbox meanwhile. */
export type TransportProblem = 'paused' | 'not_configured';

const MAX_ATTEMPTS = 5;
const LOCK_SECONDS = 60;

export function smtpTransport(settings: SmtpSettings): Transporter {
  return nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    // Loopback test servers and small couriers often run without a trusted certificate.
    tls: { rejectUnauthorized: false },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/**
 * Sends e-mail through the outbox table: `enqueue` stores the message (inside the caller's
 * transaction if it passes one), `drain` claims due rows and sends them with the courier's SMTP
 * settings, or the platform's when the courier has none.
 */
export class Mailer {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly secrets: SecretBox,
  ) {}

  async enqueue(mail: OutgoingEmail, db: Db = this.db): Promise<number> {
    const [row] = await db
      .insert(emailOutbox)
      .values({
        courierId: mail.courierId,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        batchId: mail.batchId,
      })
      .returning({ id: emailOutbox.id });
    if (!row) throw new Error('Outbox insert returned nothing');
    return row.id;
  }

  /** The SMTP settings for a courier, or why there are none. */
  async settingsFor(courierId: number | null): Promise<SmtpSettings | TransportProblem> {
    if (courierId !== null) {
      const [row] = await this.db
        .select({ cfg: courierEmailConfigs, courierName: couriers.name })
        .from(courierEmailConfigs)
        .innerJoin(couriers, eq(couriers.id, courierEmailConfigs.courierId))
        .where(eq(courierEmailConfigs.courierId, courierId));
      if (row) {
        if (row.cfg.status !== 'active') return 'paused';
        return {
          host: row.cfg.smtpHost,
          port: row.cfg.smtpPort,
          secure: row.cfg.smtpSecure,
          user: row.cfg.smtpUser,
          password: this.secrets.open(row.cfg.smtpPasswordEncrypted),
          from: `"${row.cfg.fromName.replaceAll('"', "'")}" <${row.cfg.fromEmail}>`,
        };
      }
    }
    // The platform SMTP the super admin set wins over the server's environment settings.
    const platform = await readPlatformSmtp(this.db);
    if (platform) {
      return {
        host: platform.host,
        port: platform.port,
        secure: platform.secure,
        user: platform.user ?? undefined,
        password: platform.passwordSealed ? this.secrets.open(platform.passwordSealed) : undefined,
        from: `"${platform.fromName.replaceAll('"', "'")}" <${platform.fromEmail}>`,
      };
    }
    if (!this.config.SMTP_HOST) return 'not_configured';
    return {
      host: this.config.SMTP_HOST,
      port: this.config.SMTP_PORT ?? 587,
      secure: this.config.SMTP_SECURE,
      user: this.config.SMTP_USER,
      password: this.config.SMTP_PASSWORD,
      from: this.config.MAIL_FROM,
    };
  }

  /**
   * Claims due mail with SKIP LOCKED so several workers (or replicas) never send one twice, and
   * sends it. Returns how many were sent. A crash mid-send leaves the row locked until
   * `lockedUntil`, after which another drain retries it.
   */
  async drain(limit = 20): Promise<number> {
    const now = new Date();
    const claimed = await this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            or(eq(emailOutbox.status, 'pending'), and(eq(emailOutbox.status, 'sending'), lte(emailOutbox.lockedUntil, now))),
            lte(emailOutbox.sendAfter, now),
          ),
        )
        .orderBy(emailOutbox.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(emailOutbox)
        .set({
          status: 'sending',
          lockedUntil: new Date(now.getTime() + LOCK_SECONDS * 1000),
          attempts: sql`${emailOutbox.attempts} + 1`,
        })
        .where(
          inArray(
            emailOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });

    let sent = 0;
    const transports = new Map<string, Transporter>();
    for (const mail of claimed) {
      const settings = await this.settingsFor(mail.courierId);
      if (typeof settings === 'string') {
        // Paused or unconfigured: put it back and look again in a minute; nothing is lost.
        await this.db
          .update(emailOutbox)
          .set({
            status: 'pending',
            lockedUntil: null,
            attempts: sql`${emailOutbox.attempts} - 1`,
            sendAfter: new Date(Date.now() + 60_000),
            lastError: settings === 'paused' ? 'E-mail sending is paused for this courier' : 'No SMTP server configured',
          })
          .where(eq(emailOutbox.id, mail.id));
        continue;
      }
      const key = `${settings.host}:${settings.port}:${settings.user ?? ''}`;
      let transport = transports.get(key);
      if (!transport) {
        transport = smtpTransport(settings);
        transports.set(key, transport);
      }
      try {
        await transport.sendMail({
          from: settings.from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody ?? undefined,
        });
        await this.db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
          .where(eq(emailOutbox.id, mail.id));
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const failedForGood = mail.attempts >= MAX_ATTEMPTS;
        // Back off 1, 2, 4, 8 minutes between attempts.
        const retryAt = new Date(Date.now() + 60_000 * 2 ** Math.max(0, mail.attempts - 1));
        await this.db
          .update(emailOutbox)
          .set({ status: failedForGood ? 'failed' : 'pending', lockedUntil: null, lastError: message.slice(0, 500), sendAfter: retryAt })
          .where(eq(emailOutbox.id, mail.id));
      }
    }
    for (const transport of transports.values()) transport.close();
    return sent;
  }

  /**
   * Hands mail claimed by a process that died mid-send back to the outbox, at once instead of when
   * its claim expires (LOCK_SECONDS). Only safe when no other process can be sending: the embedded
   * database's data directory is opened by one server at a time, so at its start every claim is
   * a dead process's. Such a mail may already have reached the SMTP server: it goes out at least
   * once, possibly twice, never zero times. Returns how many were released.
   */
  async releaseAbandonedClaims(): Promise<number> {
    const released = await this.db
      .update(emailOutbox)
      .set({ status: 'pending', lockedUntil: null })
      .where(eq(emailOutbox.status, 'sending'))
      .returning({ id: emailOutbox.id });
    return released.length;
  }

  /** Mail waiting for a courier whose sending was paused goes out as soon as it is re-activated. */
  async resume(courierId: number): Promise<void> {
    await this.db
      .update(emailOutbox)
      .set({ sendAfter: new Date() })
      .where(
        and(
          eq(emailOutbox.courierId, courierId),
          eq(emailOutbox.status, 'pending'),
          or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, new Date())),
        ),
      );
  }
}

import { and, eq, inArray, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EnvironmentSmtp } from '@courier/shared/schemas/platform';
import { smtpPortNotAllowedMessage } from '@courier/shared/schemas/settings';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { couriers } from '../db/schema/couriers';
import { courierEmailConfigs, emailOutbox } from '../db/schema/email';
import { courierLink } from './courier-links';
import { emailBrand } from './email/brand';
import { type CourierLane, type OutboxRow, PLATFORM_LANE, byLane } from './email/lanes';
import { type EmailBrand, type EmailButton, brandedSubject, renderEmail } from './email/layout';
import { readPlatformSmtp } from './platform-smtp';
import type { SecretBox } from './secret-box';
import { type SmtpSettings, allowedSmtpPorts, isLoopbackHost, publicSmtpError, smtpTransport } from './smtp';

export type { SmtpSettings } from './smtp';
export type { EmailButton } from './email/layout';
export { type CourierLane, type OutboxRow, PLATFORM_LANE, byLane, laneOf } from './email/lanes';

export interface OutgoingEmail {
  courierId: number | null;
  to: string;
  /** Said once; the courier's name is put first when it is not already. */
  subject: string;
  /** The plain-text part, as written; the HTML part is made from it in the courier's layout. */
  text: string;
  /** The mail's one button; without it, the text's first "Label: https://..." line becomes it. */
  button?: EmailButton;
  batchId?: number;
  /** Files sent with the mail (kept in the outbox row until it is sent). */
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
  /** The body holds a secret (a reset link, a token): it is cleared once the mail is sent. */
  sensitive?: boolean;
}

/** What a sensitive mail's body becomes once it is sent or given up (subject, recipient, status stay). */
const CLEARED_BODY = { textBody: '', htmlBody: null, layout: null } as const;

/** Why a courier's mail cannot go out right now; the mail waits in the outbox meanwhile. */
export type TransportProblem = 'paused' | 'not_configured' | 'port_not_allowed';

const PROBLEM_TEXT: Record<Exclude<TransportProblem, 'port_not_allowed'>, string> = {
  paused: 'E-mail sending is paused for this courier',
  not_configured: 'No SMTP server configured',
};

const MAX_ATTEMPTS = 5;
const LOCK_SECONDS = 60;

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

  /**
   * A link in a mail to the person's own courier (see courier-links.ts); the platform's for null.
   * Inside a transaction, pass it: a second connection there can wait on the transaction's own rows.
   */
  link(courierId: number | null, path: string, db: Db = this.db): Promise<string> {
    return courierLink(db, this.config, courierId, path);
  }

  /** The courier's brand, read once per map (in the caller's transaction when it passes one). */
  private brand(courierId: number | null, db: Db, brands: Map<number | null, Promise<EmailBrand>>): Promise<EmailBrand> {
    let brand = brands.get(courierId);
    if (!brand) {
      brand = emailBrand(db, this.config, courierId);
      brands.set(courierId, brand);
    }
    return brand;
  }

  private async compose(mail: OutgoingEmail, db: Db) {
    return renderEmail(await this.brand(mail.courierId, db, new Map()), mail);
  }

  /** The HTML part as it is sent: stored, or made now from the text in the courier's layout. */
  async html(mail: OutboxRow, brands = new Map<number | null, Promise<EmailBrand>>()): Promise<string | null> {
    if (mail.htmlBody !== null || !mail.layout || mail.textBody === '') return mail.htmlBody;
    const brand = await this.brand(mail.courierId, this.db, brands);
    return renderEmail(brand, { subject: mail.subject, text: mail.textBody, button: mail.layout.button ?? undefined }).html;
  }

  async enqueue(mail: OutgoingEmail, db: Db = this.db): Promise<number> {
    const composed = await this.compose(mail, db);
    const [row] = await db
      .insert(emailOutbox)
      .values({
        courierId: mail.courierId,
        toAddress: mail.to,
        subject: composed.subject,
        textBody: composed.text,
        htmlBody: composed.html,
        batchId: mail.batchId,
        sensitive: mail.sensitive ?? false,
        attachments: mail.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          contentBase64: a.content.toString('base64'),
        })),
      })
      .returning({ id: emailOutbox.id });
    if (!row) throw new Error('Outbox insert returned nothing');
    return row.id;
  }

  /**
   * Many messages in one statement (an import's customers, a flight's notices), in the caller's
   * transaction; each one's HTML is made when it is sent (`html`), so none is laid out inside it.
   */
  async enqueueMany(mails: OutgoingEmail[], db: Db = this.db): Promise<void> {
    if (mails.length === 0) return;
    // One brand read per courier, however many mails.
    const brands = new Map<number | null, Promise<EmailBrand>>();
    const rows = [];
    for (const mail of mails) {
      const { name } = await this.brand(mail.courierId, db, brands);
      rows.push({
        courierId: mail.courierId,
        toAddress: mail.to,
        subject: brandedSubject(name, mail.subject),
        textBody: mail.text,
        htmlBody: null,
        layout: { button: mail.button ?? null },
        batchId: mail.batchId,
        sensitive: mail.sensitive ?? false,
      });
    }
    await db.insert(emailOutbox).values(rows);
  }

  /** The SMTP settings for a courier, or why there are none. */
  async settingsFor(courierId: number | null): Promise<SmtpSettings | TransportProblem> {
    if (courierId !== null) {
      const [row] = await this.db
        .select({ cfg: courierEmailConfigs, courierName: couriers.name, allowInsecure: couriers.smtpAllowInsecure })
        .from(courierEmailConfigs)
        .innerJoin(couriers, eq(couriers.id, courierEmailConfigs.courierId))
        .where(eq(courierEmailConfigs.courierId, courierId));
      if (row) {
        if (row.cfg.status !== 'active') return 'paused';
        // Settings saved before ports were checked are not used until the admin corrects them.
        if (!allowedSmtpPorts(this.config).includes(row.cfg.smtpPort)) return 'port_not_allowed';
        return {
          host: row.cfg.smtpHost,
          port: row.cfg.smtpPort,
          secure: row.cfg.smtpSecure,
          user: row.cfg.smtpUser,
          password: this.secrets.open(row.cfg.smtpPasswordEncrypted),
          from: `"${row.cfg.fromName.replaceAll('"', "'")}" <${row.cfg.fromEmail}>`,
          insecure: row.allowInsecure,
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
        insecure: this.config.SMTP_ALLOW_INSECURE || isLoopbackHost(platform.host),
      };
    }
    const environment = this.environmentSmtp();
    if (!environment) return 'not_configured';
    return {
      host: environment.host,
      port: environment.port,
      secure: environment.secure,
      user: this.config.SMTP_USER,
      password: this.config.SMTP_PASSWORD,
      from: environment.from,
      insecure: this.config.SMTP_ALLOW_INSECURE || isLoopbackHost(environment.host),
    };
  }

  /** The environment's SMTP (SMTP_HOST...) as the super admin may see it: never its password. */
  environmentSmtp(): EnvironmentSmtp | null {
    const { SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASSWORD, MAIL_FROM } = this.config;
    if (!SMTP_HOST) return null;
    return {
      host: SMTP_HOST,
      port: SMTP_PORT ?? 587,
      secure: SMTP_SECURE,
      user: SMTP_USER ?? null,
      hasPassword: Boolean(SMTP_PASSWORD),
      from: MAIL_FROM,
    };
  }

  /**
   * Claims due mail with SKIP LOCKED so several workers (or replicas) never send one twice. Mail
   * of the couriers in `skip` (their lane is busy) is left for later. A crash mid-send leaves the
   * row locked until `lockedUntil`, after which another drain retries it.
   */
  async claimDue(limit = 20, skip: ReadonlySet<CourierLane> = new Set()): Promise<OutboxRow[]> {
    const now = new Date();
    // Due-ness is judged by the database's clock: sendAfter defaults to its now(), which carries
    // microseconds, so a JS Date (milliseconds) taken right after an enqueue can be "earlier" than
    // the mail it should find, and the mail would wait for the next pass.
    const dbNow = sql`now()`;
    const skipIds = [...skip].filter((lane): lane is number => lane !== PLATFORM_LANE);
    const notSkipped = [
      ...(skip.has(PLATFORM_LANE) ? [isNotNull(emailOutbox.courierId)] : []),
      ...(skipIds.length > 0 ? [or(isNull(emailOutbox.courierId), notInArray(emailOutbox.courierId, skipIds))] : []),
    ];
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            or(eq(emailOutbox.status, 'pending'), and(eq(emailOutbox.status, 'sending'), lte(emailOutbox.lockedUntil, dbNow))),
            lte(emailOutbox.sendAfter, dbNow),
            ...notSkipped,
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
  }

  /**
   * Claims due mail and sends it, each courier's over its own connection at the same time, so a
   * stalled server only delays its own courier. Returns how many were sent.
   */
  async drain(limit = 20, log?: FastifyBaseLogger): Promise<number> {
    const lanes = byLane(await this.claimDue(limit));
    const sent = await Promise.all([...lanes].map(([lane, mails]) => this.sendLane(lane, mails, log)));
    return sent.reduce((a, b) => a + b, 0);
  }

  /**
   * Sends one courier's claimed mail in order over one connection. When the server cannot be
   * reached, the rest go back to the outbox at once rather than each waiting out the timeouts.
   */
  async sendLane(lane: CourierLane, mails: OutboxRow[], log?: FastifyBaseLogger): Promise<number> {
    const settings = await this.settingsFor(lane === PLATFORM_LANE ? null : lane);
    if (typeof settings === 'string') {
      // Paused or unconfigured: put them back and look again in a minute; nothing is lost.
      const problem = settings === 'port_not_allowed' ? smtpPortNotAllowedMessage(allowedSmtpPorts(this.config)) : PROBLEM_TEXT[settings];
      await this.putBack(mails, { sendAfter: new Date(Date.now() + 60_000), lastError: problem, uncountAttempt: true });
      return 0;
    }
    const transport = await smtpTransport(settings);
    const brands = new Map<number | null, Promise<EmailBrand>>();
    let sent = 0;
    try {
      for (const [index, mail] of mails.entries()) {
        try {
          await transport.sendMail({
            from: settings.from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.textBody,
            html: (await this.html(mail, brands)) ?? undefined,
            attachments: mail.attachments?.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: Buffer.from(a.contentBase64, 'base64'),
            })),
          });
          await this.db
            .update(emailOutbox)
            .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null, ...(mail.sensitive ? CLEARED_BODY : {}) })
            .where(eq(emailOutbox.id, mail.id));
          sent += 1;
        } catch (error) {
          // lastError is shown to the courier: connection details stay in the server's log.
          const { message, connectionFailed } = publicSmtpError(error);
          await this.retryLater(mail, message);
          if (!connectionFailed) continue;
          log?.warn(
            { err: error, outboxId: mail.id, courierId: mail.courierId, host: settings.host, port: settings.port },
            'SMTP connection failed',
          );
          const rest = mails.slice(index + 1);
          await this.putBack(rest, { sendAfter: new Date(Date.now() + 60_000), lastError: message, uncountAttempt: true });
          break;
        }
      }
    } finally {
      transport.close();
    }
    return sent;
  }

  /** A failed send waits 1, 2, 4, 8 minutes between attempts, then is marked failed. */
  private async retryLater(mail: OutboxRow, message: string): Promise<void> {
    const failedForGood = mail.attempts >= MAX_ATTEMPTS;
    const retryAt = new Date(Date.now() + 60_000 * 2 ** Math.max(0, mail.attempts - 1));
    await this.db
      .update(emailOutbox)
      .set({
        status: failedForGood ? 'failed' : 'pending',
        lockedUntil: null,
        lastError: message.slice(0, 500),
        sendAfter: retryAt,
        // A mail given up will not be sent: its secret need not be kept either.
        ...(failedForGood && mail.sensitive ? CLEARED_BODY : {}),
      })
      .where(eq(emailOutbox.id, mail.id));
  }

  /** Returns claimed mail that was not tried to the outbox; its claim does not count as an attempt. */
  private async putBack(mails: OutboxRow[], options: { sendAfter: Date; lastError: string; uncountAttempt: boolean }): Promise<void> {
    if (mails.length === 0) return;
    await this.db
      .update(emailOutbox)
      .set({
        status: 'pending',
        lockedUntil: null,
        attempts: options.uncountAttempt ? sql`${emailOutbox.attempts} - 1` : sql`${emailOutbox.attempts}`,
        sendAfter: options.sendAfter,
        lastError: options.lastError.slice(0, 500),
      })
      .where(
        inArray(
          emailOutbox.id,
          mails.map((m) => m.id),
        ),
      );
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

  /**
   * A failed (or still queued) mail of the lane goes out again at once, with a fresh count of
   * attempts; undefined when it is neither (sent meanwhile, or another lane's).
   */
  async requeue(courierId: number | null, id: number): Promise<OutboxRow | undefined> {
    const lane = courierId === null ? isNull(emailOutbox.courierId) : eq(emailOutbox.courierId, courierId);
    const [row] = await this.db
      .update(emailOutbox)
      .set({ status: 'pending', attempts: 0, lastError: null, sendAfter: new Date(), lockedUntil: null })
      .where(and(eq(emailOutbox.id, id), lane, inArray(emailOutbox.status, ['failed', 'pending'])))
      .returning();
    return row;
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

import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type EmailConfig, SETTINGS_MESSAGES, smtpPortNotAllowedMessage } from '@courier/shared/schemas/settings';
import type { Config } from '../../config';
import { emailBrand } from '../../lib/email/brand';
import { renderEmail } from '../../lib/email/layout';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { courierEmailConfigs } from '../../db/schema/email';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { SMTP_TEST_DEADLINE_MS, allowedSmtpPorts, publicSmtpError, smtpTransport } from '../../lib/smtp';
import type { SecretBox } from '../../lib/secret-box';
import type { AuthUser } from '../../plugins/auth';

type ConfigRow = typeof courierEmailConfigs.$inferSelect;

/** The configuration as the browser may see it: whether a password is stored, never the password. */
function toEmailConfig(row: ConfigRow): EmailConfig {
  return {
    smtp_host: row.smtpHost,
    smtp_port: row.smtpPort,
    smtp_user: row.smtpUser,
    smtp_password_set: row.smtpPasswordEncrypted.length > 0,
    from_email: row.fromEmail,
    from_name: row.fromName,
    status: row.status,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getEmailConfig(db: Db, courierId: number): Promise<EmailConfig | null> {
  const [row] = await db.select().from(courierEmailConfigs).where(eq(courierEmailConfigs.courierId, courierId));
  return row ? toEmailConfig(row) : null;
}

export interface EmailConfigInput {
  smtp_host: string;
  smtp_port: number;
  smtp_user: string;
  smtp_password: string;
  from_email: string;
  from_name: string;
  status: 'active' | 'inactive';
}

/**
 * Saves the courier's SMTP settings. An empty password keeps the stored one (the form never
 * receives it); with none stored it is required. Port 465 means implicit TLS, others STARTTLS.
 * Re-activating sends the mail that waited while sending was paused.
 */
export async function saveEmailConfig(options: {
  db: Db;
  secrets: SecretBox;
  mailer: Mailer;
  actor: AuthUser;
  courierId: number;
  input: EmailConfigInput;
}): Promise<EmailConfig> {
  const { db, secrets, mailer, actor, courierId, input } = options;
  const saved = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(courierEmailConfigs).where(eq(courierEmailConfigs.courierId, courierId)).for('update');
    let sealed = existing?.smtpPasswordEncrypted;
    if (input.smtp_password !== '') sealed = secrets.seal(input.smtp_password);
    if (!sealed) {
      throw new AppError('bad_request', SETTINGS_MESSAGES.smtpPasswordRequired, {
        smtp_password: [SETTINGS_MESSAGES.smtpPasswordRequired],
      });
    }
    const values = {
      smtpHost: input.smtp_host,
      smtpPort: input.smtp_port,
      smtpUser: input.smtp_user,
      smtpPasswordEncrypted: sealed,
      smtpSecure: input.smtp_port === 465,
      fromEmail: input.from_email,
      fromName: input.from_name,
      status: input.status,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(courierEmailConfigs)
      .values({ courierId, ...values })
      .onConflictDoUpdate({ target: courierEmailConfigs.courierId, set: values })
      .returning();
    if (!row) throw new Error('E-mail configuration upsert returned nothing');
    const { smtp_password: password, ...visible } = input;
    await audit(tx as unknown as Db, {
      courierId,
      actor,
      action: 'email_config.updated',
      entity: 'email_config',
      entityId: courierId,
      details: { ...visible, password_changed: password !== '', previous_status: existing?.status ?? null },
    });
    return { row, wasInactive: existing?.status === 'inactive' };
  });
  if (saved.wasInactive && saved.row.status === 'active') await mailer.resume(courierId);
  return toEmailConfig(saved.row);
}

/**
 * Sends a real message through the saved settings at once (not through the outbox), so the admin
 * learns now whether they work. A failure after the server answered (a wrong password) gives the
 * server's words; any failure to connect gives one message, so the test cannot scan ports; the
 * detail goes to the server's log.
 */
export async function sendTestEmail(options: {
  db: Db;
  config: Config;
  secrets: SecretBox;
  log: FastifyBaseLogger;
  actor: AuthUser;
  courierId: number;
  to: string;
}): Promise<void> {
  const { db, config, secrets, log, actor, courierId, to } = options;
  const [row] = await db
    .select({ cfg: courierEmailConfigs, courierName: couriers.name, allowInsecure: couriers.smtpAllowInsecure })
    .from(courierEmailConfigs)
    .innerJoin(couriers, eq(couriers.id, courierEmailConfigs.courierId))
    .where(eq(courierEmailConfigs.courierId, courierId));
  if (!row) throw new AppError('bad_request', SETTINGS_MESSAGES.emailConfigMissing);
  const { cfg } = row;
  const ports = allowedSmtpPorts(config);
  if (!ports.includes(cfg.smtpPort)) {
    const message = smtpPortNotAllowedMessage(ports);
    throw new AppError('bad_request', message, { smtp_port: [message] });
  }
  let password: string;
  try {
    password = secrets.open(cfg.smtpPasswordEncrypted);
  } catch {
    // Sealed under another secret (JWT_SECRET changed): the admin must enter it again.
    throw new AppError('unprocessable', 'The stored SMTP password can no longer be read; enter it again and save');
  }
  const transport = await smtpTransport({
    host: cfg.smtpHost,
    port: cfg.smtpPort,
    secure: cfg.smtpSecure,
    user: cfg.smtpUser,
    password,
    from: cfg.fromEmail,
    insecure: row.allowInsecure,
  });
  // The test mail is in the courier's e-mail layout too, so the admin sees what customers get.
  const mail = renderEmail(await emailBrand(db, config, courierId), {
    subject: `Test email from ${row.courierName}`,
    text: `This is a test email from ${row.courierName}.\n\nIf you can read it, the email configuration works: SMTP server ${cfg.smtpHost}:${cfg.smtpPort}, sender ${cfg.fromName} <${cfg.fromEmail}>.`,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    // A server that greets and then stalls would hold the dialog for each of its timeouts in turn.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('No answer in time'), { code: 'ETIMEDOUT' })), SMTP_TEST_DEADLINE_MS);
    });
    await Promise.race([
      transport.sendMail({
        from: `"${cfg.fromName.replaceAll('"', "'")}" <${cfg.fromEmail}>`,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      }),
      deadline,
    ]);
  } catch (error) {
    const { message: reason, connectionFailed } = publicSmtpError(error);
    if (connectionFailed) log.warn({ err: error, courierId, host: cfg.smtpHost, port: cfg.smtpPort }, 'SMTP test: connection failed');
    await audit(db, {
      courierId,
      actor,
      action: 'email_config.test_failed',
      entity: 'email_config',
      entityId: courierId,
      details: { to, reason },
    });
    throw new AppError('unprocessable', connectionFailed ? reason : `${SETTINGS_MESSAGES.testEmailFailed}: ${reason}`);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
  await audit(db, { courierId, actor, action: 'email_config.test_sent', entity: 'email_config', entityId: courierId, details: { to } });
}

import { workerPorts } from './ports';
import type { ReceivedMail } from './smtp-sink';

/** This worker's sink (each worker's server sends to its own). */
const url = `http://127.0.0.1:${workerPorts().mailbox}/messages`;

/** A long header (a subject with the courier's name first) is folded onto several lines: read it as one. */
export const unfoldHeaders = (raw: string) => raw.replace(/\r?\n[ \t]+/g, ' ');

/** Waits for a message to `to` whose raw text (headers unfolded) matches, as delivered to the loopback SMTP sink. */
export async function waitForMail(to: string, match: RegExp, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = (await (await fetch(url)).json()) as ReceivedMail[];
    const found = messages.find((m) => m.to.includes(to) && (match.test(m.raw) || match.test(unfoldHeaders(m.raw))));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`No mail to ${to} matching ${match} within ${timeoutMs} ms`);
}

/** Every message delivered to `to` so far, oldest first. */
export async function mailsTo(to: string): Promise<ReceivedMail[]> {
  const messages = (await (await fetch(url)).json()) as ReceivedMail[];
  return messages.filter((m) => m.to.includes(to));
}

/** A message's subject, headers unfolded and any encoded words left as they are. */
export const subjectOf = (mail: ReceivedMail) => /^Subject: (.*)$/im.exec(unfoldHeaders(mail.raw))?.[1]?.trim() ?? '';

import { PRINT_PALETTE as C, initialsOf } from '../print-palette';
import { COMPILED_EMAIL } from './compiled-template';
import { SLOT } from './template';

/**
 * The one layout of every e-mail we send, built with MJML (template.ts; tables and inline styles
 * that Gmail, Outlook and phones render alike) and compiled ahead (compiled-template.ts), so
 * sending needs no MJML: the courier's logo (or its initials on its accent), the message, one
 * button in the accent, and the courier's name under it. The text part is the message as
 * written; the HTML is made from it, so both always say the same.
 */

/** Who an e-mail comes from, as its reader sees it. */
export interface EmailBrand {
  name: string;
  /** An absolute address of the courier's logo; null for the default mark. */
  logoUrl: string | null;
  /** The accent as it reads on white (print-palette `printAccent`). */
  accent: string;
  /** The courier's own site, linked from the name at the foot. */
  homeUrl: string;
}

export interface EmailButton {
  label: string;
  url: string;
}

export interface EmailMessage {
  subject: string;
  text: string;
  /** The one call to action; without it, the message's first "Label: https://..." line becomes it. */
  button?: EmailButton;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const LINK_LINE = /^(.{2,80}?):\s+(https?:\/\/\S+)$/;

/** The courier's name first: "Jamaica Express Post: Invoice INV-000012: JMD 1,300.00 due". */
export function brandedSubject(name: string, subject: string): string {
  const s = subject.trim();
  return s.toLowerCase().startsWith(name.trim().toLowerCase()) ? s : `${name.trim()}: ${s}`;
}

/**
 * The button and the text around it: a "Label: url" line (or the button's own bare link) becomes
 * the button, where it stood; without either, the button (if any) comes after the text.
 */
export function splitButton(message: EmailMessage): { button: EmailButton | null; lines: string[]; after: string[] } {
  const lines = message.text.split('\n');
  const at = message.button ? lines.findIndex((l) => l.trim() === message.button?.url) : lines.findIndex((l) => LINK_LINE.test(l.trim()));
  if (at < 0) {
    // No link line: the button goes under the message, above its small print.
    const small = lines.findIndex((l) => l.trim() === '--');
    const end = small < 0 ? lines.length : small;
    return { button: message.button ?? null, lines: lines.slice(0, end), after: lines.slice(end) };
  }
  const [, label, url] = message.button
    ? [null, message.button.label, message.button.url]
    : (LINK_LINE.exec((lines[at] as string).trim()) as RegExpExecArray);
  return { button: { label: label as string, url: url as string }, lines: lines.slice(0, at), after: lines.slice(at + 1) };
}

export const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/** The message's paragraphs (blank-line separated) as HTML, with any other link clickable. */
function bodyHtml(lines: string[], accent: string): string {
  const paragraphs: string[][] = [[]];
  for (const line of lines) {
    if (line.trim() === '') paragraphs.push([]);
    else paragraphs[paragraphs.length - 1]?.push(line);
  }
  const linked = (line: string) =>
    escapeHtml(line).replace(
      /https?:\/\/[^\s&]+(?:&amp;[^\s&]+)*/g,
      (url) => `<a href="${url}" style="color:${accent};word-break:break-all">${url}</a>`,
    );
  // A "--" line starts the small print (why the mail came, where to switch it off).
  let small = false;
  return paragraphs
    .filter((p) => p.length > 0)
    .map((p) => {
      if (p[0]?.trim() === '--') {
        small = true;
        p.shift();
        if (p.length === 0) return '';
        return `<p style="margin:8px 0 0;padding-top:12px;border-top:1px solid ${C.line};font-size:12px;line-height:1.5;color:${C.muted}">${p.map(linked).join('<br>')}</p>`;
      }
      const style = small ? `margin:0 0 10px;font-size:12px;color:${C.muted}` : 'margin:0 0 14px';
      return `<p style="${style}">${p.map(linked).join('<br>')}</p>`;
    })
    .join('');
}

/** The courier's logo, or its initials in white on its accent. */
function headHtml(brand: EmailBrand): string {
  if (brand.logoUrl) {
    return `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="44" style="display:block;height:44px;max-width:220px;border:0">`;
  }
  const mark = `<span style="display:inline-block;width:40px;height:40px;line-height:40px;border-radius:8px;background:${brand.accent};color:${C.paper};font-weight:700;font-size:16px;text-align:center;vertical-align:middle">${escapeHtml(initialsOf(brand.name))}</span>`;
  return `${mark}<span style="display:inline-block;vertical-align:middle;margin-left:10px;font-size:17px;font-weight:700;color:${C.ink}">${escapeHtml(brand.name)}</span>`;
}

/** One e-mail in the courier's layout: its subject with the courier's name first, the text part as written, the HTML. */
export function renderEmail(brand: EmailBrand, message: EmailMessage): RenderedEmail {
  const split = splitButton(message);
  const { lines, after } = split;
  // Every mail has its one button: without a link of its own, to the courier's site.
  const button = split.button ?? { label: `Go to ${brand.name}`, url: brand.homeUrl };
  const subject = brandedSubject(brand.name, message.subject);
  const foot = `<a href="${escapeHtml(brand.homeUrl)}" style="color:${C.muted};text-decoration:underline">${escapeHtml(brand.name)}</a>`;
  const fills: Record<string, string> = {
    [SLOT.title]: escapeHtml(subject),
    [SLOT.head]: headHtml(brand),
    [SLOT.body]: bodyHtml(lines, brand.accent),
    [SLOT.after]: bodyHtml(after, brand.accent),
    [SLOT.button]: escapeHtml(button.label),
    [SLOT.url]: escapeHtml(button.url),
    [SLOT.foot]: foot,
    [SLOT.accent]: brand.accent,
  };
  const html = COMPILED_EMAIL.html.replace(/%%[A-Z]+%%|#0a0b0c/g, (slot) => fills[slot] ?? slot);
  return { subject, text: message.text, html };
}

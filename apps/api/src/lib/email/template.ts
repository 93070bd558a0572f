import { PRINT_PALETTE as C } from '../print-palette';

/**
 * The MJML source of the e-mail layout. `npm run emails:build -w apps/api` compiles it into
 * compiled-template.ts (email-template.test.ts fails when the two differ); the slots are filled
 * per message by layout.ts.
 */
export const SLOT = {
  title: '%%TITLE%%',
  head: '%%HEAD%%',
  body: '%%BODY%%',
  /** What the text says after the button's line (a note on why the mail came, its sign-off). */
  after: '%%AFTER%%',
  button: '%%BUTTON%%',
  url: '%%URL%%',
  foot: '%%FOOT%%',
  // A colour MJML accepts, replaced by the courier's accent.
  accent: '#0a0b0c',
} as const;

const FONTS = "Inter, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

export function emailTemplateMjml(): string {
  const button = `<mj-button href="${SLOT.url}" css-class="cta" background-color="${SLOT.accent}" color="${C.paper}" font-size="15px" font-weight="600" border-radius="6px" inner-padding="12px 22px" align="left" padding="6px 0 8px">${SLOT.button}</mj-button>`;
  return `<mjml lang="en">
  <mj-head>
    <mj-title>${SLOT.title}</mj-title>
    <mj-attributes>
      <mj-all font-family="${FONTS}" />
      <mj-text color="${C.text}" font-size="15px" line-height="1.55" padding="0" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${C.tint}" width="600px">
    <mj-section padding="28px 24px 12px"><mj-column><mj-text>${SLOT.head}</mj-text></mj-column></mj-section>
    <mj-section background-color="${C.paper}" border="1px solid ${C.line}" border-radius="8px" padding="28px 28px 20px">
      <mj-column>
        <mj-text>${SLOT.body}</mj-text>
        ${button}
        <mj-text padding="8px 0 0">${SLOT.after}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 24px 32px"><mj-column><mj-text font-size="12px" color="${C.muted}">${SLOT.foot}</mj-text></mj-column></mj-section>
  </mj-body>
</mjml>`;
}

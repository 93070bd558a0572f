/** MJML 5 ships no types: the one call the layout's compile step makes. */
declare module 'mjml' {
  export default function mjml2html(input: string, options?: Record<string, unknown>): Promise<{ html: string; errors: unknown[] }>;
}

import { emailTemplateMjml } from './template';

/**
 * Compiles the layout with MJML. Only the build script and the test use it: the server sends
 * from the compiled copy and never loads MJML.
 */
export async function compileEmailTemplates(): Promise<{ html: string }> {
  const { default: mjml } = await import('mjml');
  return { html: (await mjml(emailTemplateMjml(), { validationLevel: 'strict', minify: false })).html };
}

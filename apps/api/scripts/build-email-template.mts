import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { compileEmailTemplates } from '../src/lib/email/compile';

/** Writes src/lib/email/compiled-template.ts from the MJML in template.ts. */
const compiled = await compileEmailTemplates();
const out = new URL('../src/lib/email/compiled-template.ts', import.meta.url);
writeFileSync(
  out,
  `// Made by \`npm run emails:build -w apps/api\` from template.ts (MJML); do not edit.\nexport const COMPILED_EMAIL = ${JSON.stringify(compiled, null, 2)} as const;\n`,
);
// In the repository's format, so `npm run lint` passes as it is written.
execFileSync('npx', ['biome', 'format', '--write', out.pathname], { stdio: 'inherit' });
console.log(`wrote ${out.pathname}`);

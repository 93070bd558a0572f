// Pre-renders the public and sign-in pages after `vite build` and `vite build --ssr`:
// one HTML file per page in dist/_prerendered, the built index.html with the page's markup in #root
// and its title and description in a marked head block, plus manifest.json. The API serves these
// files for those paths, replacing the head block with the tenant's (courier name, Open Graph) and
// embedding its public site; with dist/_ssr it re-renders #root for the tenant too.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.resolve(import.meta.dirname, '../dist');
const out = path.join(dist, '_prerendered');
const { render, PRERENDERED_PAGES } = await import(pathToFileURL(path.join(dist, '_ssr/entry-server.js')).href);

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** React 19 renders a page's <title> and <meta> in place; in the document they belong in the head block. */
const stripHoisted = (html) => html.replace(/<title>[\s\S]*?<\/title>|<meta [^>]*\/?>/g, '');

const template = await readFile(path.join(dist, 'index.html'), 'utf8');
const headPattern = /<meta name="description"[^>]*>\s*|<title>[\s\S]*?<\/title>\s*/g;
if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
const manifest = [];
for (const page of PRERENDERED_PAGES) {
  const { status, html } = await render(page.path, null);
  if (status !== 200 || html === null) throw new Error(`${page.path} rendered ${status}`);
  const head = [
    '<!--page-head-->',
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    '<!--/page-head-->',
  ].join('\n    ');
  // Replacer functions: the markup may hold `$&` or `$'`, which a replacement string would expand.
  const document = template
    .replace(headPattern, '')
    .replace('</head>', () => `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${stripHoisted(html)}</div>`);
  const file = `${page.path === '/' ? 'index' : page.path.slice(1).replace(/\//g, '-')}.html`;
  await writeFile(path.join(out, file), document);
  manifest.push({ ...page, file });
}
await writeFile(path.join(out, 'manifest.json'), `${JSON.stringify({ pages: manifest }, null, 2)}\n`);
console.log(`Pre-rendered ${manifest.length} pages into ${path.relative(process.cwd(), out)}`);

// The allowed directions between the parts of the code. `npm run lint` runs it (scripts/boundaries.sh)
// and fails the build on any violation; docs/architecture.md explains the rules.
//
// Each section lists its rules and its KNOWN EXCEPTIONS: today's violations, kept only until they
// are fixed. An exception is a pair of files [importer, imported] (paths from the repository root);
// any other import that breaks a rule fails the build, including a new one from the same file.

// =============================================================================================
// Web (apps/web/src)
// =============================================================================================

const WEB_RULES = [
  {
    name: 'web-feature-to-feature',
    comment: 'A web feature never imports another feature: what both need goes to components/ or lib/.',
    severity: 'error',
    from: { path: '^apps/web/src/features/([^/]+)/' },
    to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
  },
  {
    name: 'web-components-to-feature',
    comment: 'Shared UI (components/) imports no feature.',
    severity: 'error',
    from: { path: '^apps/web/src/components/' },
    to: { path: '^apps/web/src/features/' },
  },
  {
    name: 'web-shared-to-feature',
    comment: 'Shared plumbing (lib/, hooks/) imports no feature: features and app/ build on it, not the reverse.',
    severity: 'error',
    from: { path: '^apps/web/src/(lib|hooks)/' },
    to: { path: '^apps/web/src/features/' },
  },
  {
    name: 'web-feature-to-page',
    comment: 'Pages (app/) compose features; features, components/, lib/ and hooks/ never import a page (their tests may).',
    severity: 'error',
    from: { path: '^apps/web/src/(features|components|lib|hooks)/', pathNot: '\\.test\\.tsx?$' },
    to: { path: '^apps/web/src/app/' },
  },
];

const WEB_KNOWN_EXCEPTIONS = {
  'web-feature-to-feature': [],
  'web-components-to-feature': [],
  'web-shared-to-feature': [],
  'web-feature-to-page': [],
};

// =============================================================================================
// API (apps/api/src)
// =============================================================================================

const API_RULES = [
  {
    name: 'api-module-through-face',
    comment:
      "An API module uses another module only through that module's index.ts, its one public face naming what others may use; never a service, route or internal directly (tests aside). Plumbing several modules share belongs in lib/ or plugins/.",
    severity: 'error',
    from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
    to: {
      path: '^apps/api/src/modules/',
      pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
    },
  },
  {
    name: 'api-routes-only-from-app',
    comment: "A module's *.routes.ts is registered by app.ts alone: lib/, plugins/, jobs/, db/ and cli/ never import one.",
    severity: 'error',
    from: { path: '^apps/api/src/', pathNot: ['^apps/api/src/app\\.ts$', '^apps/api/src/modules/'] },
    to: { path: '^apps/api/src/modules/[^/]+/[^/]+\\.routes\\.ts$' },
  },
  {
    name: 'api-routes-no-tables',
    comment: "A module's *.routes.ts guards, validates and calls a service: it imports no table (the service owns the query).",
    severity: 'error',
    from: { path: '^apps/api/src/modules/[^/]+/[^/]+\\.routes\\.ts$' },
    to: { path: '^apps/api/src/db/schema/' },
  },
  {
    name: 'api-outside-through-face',
    comment:
      'Server plumbing (plugins/, jobs/, lib/, db/, cli/) uses a module through its face, its index.ts (db/ and cli/ may also start its *.seed.ts or simulator.ts).',
    severity: 'error',
    from: { path: '^apps/api/src/(plugins|jobs|lib|db|cli)/' },
    to: {
      path: '^apps/api/src/modules/',
      pathNot: '^apps/api/src/modules/[^/]+/([^/]+\\.seed|simulator|index)\\.ts$',
    },
  },
  {
    name: 'api-lib-to-module',
    comment: 'lib/ is plumbing every module builds on: it imports no module, job or app.ts (or modules would meet in a cycle through it).',
    severity: 'error',
    from: { path: '^apps/api/src/lib/' },
    to: { path: '^apps/api/src/(modules/|jobs/|app\\.ts$)' },
  },
];

const API_KNOWN_EXCEPTIONS = {
  'api-module-through-face': [],
  'api-routes-only-from-app': [],
  'api-routes-no-tables': [],
  'api-outside-through-face': [],
  'api-lib-to-module': [],
};

// =============================================================================================
// Between the packages, and file cycles
// =============================================================================================

const PACKAGE_RULES = [
  {
    name: 'web-to-api',
    comment: 'The web app never imports the API: both import packages/shared.',
    severity: 'error',
    from: { path: '^apps/web/' },
    to: { path: '^apps/api/' },
  },
  {
    name: 'api-to-web',
    comment: 'The API never imports the web app (it serves its build as files).',
    severity: 'error',
    from: { path: '^apps/api/' },
    to: { path: '^apps/web/' },
  },
  {
    name: 'shared-to-apps',
    comment: 'packages/shared is what both apps build on: it imports neither.',
    severity: 'error',
    from: { path: '^packages/shared/' },
    to: { path: '^apps/' },
  },
  {
    name: 'no-runtime-cycles',
    comment: 'No file imports itself through others at run time (a cycle of type-only imports is harmless).',
    severity: 'error',
    from: {},
    to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
  },
];

/**
 * Module cycles are a rule on folders (scope 'folder'), checked by a second run over the module
 * folders alone (BOUNDARIES=api-module-cycles, see scripts/boundaries.sh): dependency-cruiser
 * counts a folder's dependencies with its parents', so on the whole tree every module would seem to
 * reach every other through apps/api/src.
 */
const API_MODULE_CYCLES = {
  name: 'api-no-module-cycles',
  comment: 'API modules depend on each other in one direction: no cycle between module folders (tests aside).',
  severity: 'error',
  scope: 'folder',
  from: { path: '^apps/api/src/modules/[^/]+$' },
  to: { path: '^apps/api/src/modules/[^/]+$', circular: true },
};

/** Modules still in a cycle (known exceptions of api-no-module-cycles). */
const API_KNOWN_CYCLE_MODULES = [];

// =============================================================================================

const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A rule minus its known exceptions. dependency-cruiser cannot pair a `from` with a `to` inside one
 * rule, so each importing file with exceptions gets its own copy of the rule that leaves out only
 * the files it is excused for. The copy keeps the rule's first capture group (the importer's own
 * feature or module, `$1` in `to`) by wrapping that part of the file's path in parentheses.
 */
function withExceptions(rule, pairs) {
  const byImporter = new Map();
  for (const [from, to] of pairs) byImporter.set(from, [...(byImporter.get(from) ?? []), `^${literal(to)}$`]);
  if (byImporter.size === 0) return [rule];
  const list = (value) => [value ?? []].flat();
  const exact = (file) => {
    const own = new RegExp(rule.from.path).exec(file)?.[1];
    if (own === undefined) return `^${literal(file)}$`;
    const at = file.indexOf(`/${own}/`) + 1;
    return `^${literal(file.slice(0, at))}(${literal(own)})${literal(file.slice(at + own.length))}$`;
  };
  const rest = { ...rule, from: { ...rule.from, pathNot: [...list(rule.from.pathNot), ...[...byImporter.keys()].map(exact)] } };
  const excused = [...byImporter].map(([from, targets]) => ({
    ...rule,
    from: { path: exact(from) },
    to: { ...rule.to, pathNot: [...list(rule.to.pathNot), ...targets] },
  }));
  return [rest, ...excused];
}

const cyclesOnly = process.env.BOUNDARIES === 'api-module-cycles';
const knownCycles = API_KNOWN_CYCLE_MODULES.map((m) => `^apps/api/src/modules/${literal(m)}$`);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: cyclesOnly
    ? [knownCycles.length ? { ...API_MODULE_CYCLES, from: { ...API_MODULE_CYCLES.from, pathNot: knownCycles } } : API_MODULE_CYCLES]
    : [
        ...WEB_RULES.flatMap((rule) => withExceptions(rule, WEB_KNOWN_EXCEPTIONS[rule.name] ?? [])),
        ...API_RULES.flatMap((rule) => withExceptions(rule, API_KNOWN_EXCEPTIONS[rule.name] ?? [])),
        ...PACKAGE_RULES,
      ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: cyclesOnly ? ['(^|/)node_modules/', '\\.test\\.tsx?$'] : '(^|/)node_modules/' },
    ...(cyclesOnly ? { includeOnly: '^apps/api/src/modules/' } : {}),
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};

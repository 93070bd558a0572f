/**
 * Reading a V8 CPU profile (the `.cpuprofile` Chrome DevTools and speedscope open): where the self
 * time went, by package and by function, and the collapsed stacks flame-graph tools draw.
 */
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  samples: number[];
  timeDeltas: number[];
}

type Node = CpuProfile['nodes'][number];

/** Where a frame's code lives: a package of node_modules, the app (the bundle), Node itself, or V8's own. */
export function areaOf(frame: Node['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.includes('courier-bench')) return 'app';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith('node:')) return 'node';
  return url.split('/').slice(-1)[0] ?? url;
}

/** Microseconds of self time per node id. */
function selfTimes(profile: CpuProfile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return self;
}

export interface ProfileSummary {
  totalMs: number;
  areas: Array<{ name: string; share: number }>;
  functions: Array<{ name: string; share: number }>;
}

/** Self time by area and by function, as shares of the busy time (idle left out), largest first. */
export function summarize(profile: CpuProfile, top = 12): ProfileSummary {
  const self = selfTimes(profile);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    busy += us;
    const area = areaOf(node.callFrame);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const name = `${node.callFrame.functionName || '(anonymous)'} [${area}]`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const ranked = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, share: busy ? us / busy : 0 }));
  return { totalMs: busy / 1000, areas: ranked(areas), functions: ranked(functions) };
}

/** The collapsed stacks ("root;a;b 123" per line, in µs) that flamegraph.pl, inferno and speedscope draw. */
export function collapsedStacks(profile: CpuProfile): string {
  const self = selfTimes(profile);
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const lines: string[] = [];
  for (const [id, us] of self) {
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (!node) break;
      frames.unshift(`${node.callFrame.functionName || '(anonymous)'} [${areaOf(node.callFrame)}]`);
    }
    if (frames.at(-1)?.startsWith('(idle)')) continue;
    lines.push(`${frames.join(';')} ${us}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Prints what a Lighthouse run says the largest paint is and waits for (bench/customer-dashboard.ts
 * --details): the element, the paint's phases, the critical request chain, the main thread's work
 * by kind and by script (observed CPU time times the simulated slowdown, 4) and the long
 * tasks. Figures are Lighthouse's own, in milliseconds.
 */
import type { Result } from 'lighthouse';

type Items = Record<string, unknown>[];
const items = (lhr: Result, audit: string): Items => ((lhr.audits[audit]?.details as { items?: Items } | undefined)?.items ?? []) as Items;
const ms = (v: unknown) => `${Math.round(Number(v ?? 0))}`.padStart(6);
const short = (url: unknown) => String(url ?? '').replace(/^https?:\/\/[^/]+/, '');

interface ChainNode {
  request: { url: string; startTime: number; endTime: number; transferSize: number };
  children?: Record<string, ChainNode>;
}

function printChain(nodes: Record<string, ChainNode> | undefined, depth: number, origin: number): void {
  for (const node of Object.values(nodes ?? {})) {
    const r = node.request;
    console.log(
      `      ${'  '.repeat(depth)}${short(r.url)}  ${Math.round((r.startTime - origin) * 1000)}-${Math.round((r.endTime - origin) * 1000)} ms, ${(r.transferSize / 1024).toFixed(1)} KB`,
    );
    printChain(node.children, depth + 1, origin);
  }
}

export function printDetails(lhr: Result): void {
  const element = items(lhr, 'largest-contentful-paint-element');
  // Lighthouse 10+ puts the element and its phases in two tables of one audit.
  for (const table of element) {
    const inner = (table as { items?: Items }).items;
    for (const row of inner ?? [table]) {
      const node = row.node as { snippet?: string; nodeLabel?: string } | undefined;
      const oneLine = (text = '') => text.replace(/\s+/g, ' ').slice(0, 100);
      if (node) console.log(`    LCP element: ${oneLine(node.snippet)}  "${oneLine(node.nodeLabel)}"`);
      else if (row.phase) console.log(`    LCP phase ${String(row.phase).padEnd(18)} ${ms(row.timing)} ms`);
    }
  }
  const chains = lhr.audits['critical-request-chains']?.details as
    | { chains?: Record<string, ChainNode>; longestChain?: { duration: number; length: number; transferSize: number } }
    | undefined;
  if (chains?.chains) {
    const first = Object.values(chains.chains)[0];
    const origin = first?.request.startTime ?? 0;
    const longest = chains.longestChain;
    console.log(
      `    critical request chains (longest ${Math.round(longest?.duration ?? 0)} ms, ${longest?.length ?? 0} requests, ${((longest?.transferSize ?? 0) / 1024).toFixed(1)} KB):`,
    );
    printChain(chains.chains, 0, origin);
  }
  const work = items(lhr, 'mainthread-work-breakdown');
  const total = work.reduce((sum, i) => sum + Number(i.duration ?? 0), 0);
  console.log(
    `    main thread ${Math.round(total)} ms: ${work.map((i) => `${i.groupLabel} ${Math.round(Number(i.duration))}`).join(', ')}`,
  );
  console.log('    bootup (total / scripting / parse+compile ms):');
  for (const i of items(lhr, 'bootup-time')) {
    console.log(`      ${ms(i.total)} ${ms(i.scripting)} ${ms(i.scriptParseCompile)}  ${short(i.url)}`);
  }
  const long = items(lhr, 'long-tasks');
  console.log(`    long tasks (${long.length}, start / duration ms, simulated):`);
  for (const i of long) console.log(`      ${ms(i.startTime)} ${ms(i.duration)}  ${short(i.url)}`);
}

/**
 * Every package timeline reads newest first (the portals' and /track's): the latest step is the one
 * people look for. Steps recorded at the same instant keep their recorded order, reversed.
 */
export function newestFirst<T>(events: readonly T[], at: (event: T) => string): T[] {
  return events
    .map((event, index) => ({ event, index, time: Date.parse(at(event)) }))
    .sort((a, b) => b.time - a.time || b.index - a.index)
    .map(({ event }) => event);
}

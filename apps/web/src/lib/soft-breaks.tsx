import { Fragment, type ReactNode } from 'react';

/** Runs of text this long without a space are e-mails, ids, paths or addresses worth breaking. */
const LONG_RUN = 14;
/** Where such a run may break: after @ / - _ + = & and before a dot (the next line starts ".com"). */
const BREAK_AFTER = new Set(['@', '/', '-', '_', '+', '=', '&']);

/** The run cut at its break points (no look-behind regex: older Safari refuses to parse one). */
function cut(run: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 1; i < run.length; i++) {
    if (BREAK_AFTER.has(run.charAt(i - 1)) || run.charAt(i) === '.') {
      out.push(run.slice(start, i));
      start = i;
    }
  }
  out.push(run.slice(start));
  return out;
}

/**
 * An e-mail breaks after its @ first; its name and domain only when long themselves, so
 * "customer@" | "example.test" rather than "customer@example" | ".test".
 */
function pieces(run: string): string[] {
  const at = run.lastIndexOf('@') + 1;
  if (at <= 1 || at >= run.length) return cut(run);
  const whole = (part: string) => (part.length >= LONG_RUN ? cut(part) : [part]);
  return [...whole(run.slice(0, at)), ...whole(run.slice(at))];
}

/**
 * A short id with a hyphen ("PKG-000001", "(JXP-10001)") stays on one line: the browser would
 * otherwise break it after the hyphen in a narrow column, where it reads as two values.
 */
const keptWhole = (run: string) => run.length < LONG_RUN && run.includes('-');

/**
 * Text with line-break opportunities (<wbr>) at sensible points of its long runs, so a narrow cell
 * wraps "maria.campbell@" | "example.com" instead of cutting a word anywhere, and short hyphenated
 * ids never break. Other short text and prose come back unchanged.
 */
export function softBreaks(text: string): ReactNode {
  const runs = text.split(/(\s+)/);
  if (!runs.some((run) => run.length >= LONG_RUN || keptWhole(run))) return text;
  return runs.map((run, i) => {
    if (keptWhole(run))
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one string, in order.
        <span key={i} className="whitespace-nowrap">
          {run}
        </span>
      );
    if (run.length < LONG_RUN) return run;
    const parts = pieces(run);
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one string, in order.
      <Fragment key={i}>
        {parts.map((part, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <Fragment key={j}>
            {j > 0 && <wbr />}
            {part}
          </Fragment>
        ))}
      </Fragment>
    );
  });
}

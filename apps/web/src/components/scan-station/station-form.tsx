import type { ComponentProps } from 'react';

/**
 * A form of a screen where labels print by themselves (Scan, consolidation). While the browser
 * prints, it runs none of the page's scripts but still acts on the keys: an Enter then submits the
 * form natively, unseen by React, and a plain form would take the page to its own address with the
 * fields in the query, losing the station. A form of method "dialog" outside a <dialog> does
 * nothing on a native submission, so the page never leaves; React's onSubmit handles every
 * submission it sees, as with any form.
 */
export function StationForm(props: Omit<ComponentProps<'form'>, 'method' | 'action'>) {
  return <form {...props} method="dialog" />;
}

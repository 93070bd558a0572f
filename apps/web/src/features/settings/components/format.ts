import { formatJmd as formatJmdCents } from '@courier/shared/format/money';

const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** JMD amounts as the settings show them ('JMD 650.00': a bare '$' would read as US dollars). */
export const formatJmd = (amount: number) => formatJmdCents(Math.round(amount * 100));
export const formatDate = (iso: string) => date.format(new Date(iso));

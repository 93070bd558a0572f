import { formatJmd as formatJmdCents } from '@courier/shared/format/money';

/** JMD amounts as the settings show them ('JMD 650.00': a bare '$' would read as US dollars). */
export const formatJmd = (amount: number) => formatJmdCents(Math.round(amount * 100));

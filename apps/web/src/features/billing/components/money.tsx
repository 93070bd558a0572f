import { formatJmd } from '@courier/shared/format/money';

/** The billing screens' name for the one JMD formatter. */
export const jmd = formatJmd;

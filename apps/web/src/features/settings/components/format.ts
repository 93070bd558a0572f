const jmd = new Intl.NumberFormat('en-JM', { style: 'currency', currency: 'JMD', currencyDisplay: 'code', minimumFractionDigits: 2 });
const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** JMD amounts as the settings show them ('JMD 650.00': a bare '$' would read as US dollars). */
export const formatJmd = (amount: number) => jmd.format(amount);
export const formatDate = (iso: string) => date.format(new Date(iso));

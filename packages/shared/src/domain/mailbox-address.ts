/** A customer's US address for one mode: the courier's warehouse with the customer on the first line. */
export interface MailboxAddress {
  mode: 'AIR' | 'SEA';
  lines: string[];
}

function lines(text: string | null): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/**
 * The customer's US addresses (DOMAIN.md): the courier's AIR and SEA warehouse address with the
 * customer's name and mailbox number on the first line, as the dashboard and the welcome e-mail
 * show them. A mode the courier has no address for is left out.
 */
export function mailboxAddresses(
  customer: { firstName: string; lastName: string; mailboxNumber: string },
  courier: { shippingAddressAir: string | null; shippingAddressSea: string | null },
): MailboxAddress[] {
  const firstLine = `${customer.firstName} ${customer.lastName} ${customer.mailboxNumber}`;
  const addresses: MailboxAddress[] = [];
  if (lines(courier.shippingAddressAir).length > 0)
    addresses.push({ mode: 'AIR', lines: [firstLine, ...lines(courier.shippingAddressAir)] });
  if (lines(courier.shippingAddressSea).length > 0)
    addresses.push({ mode: 'SEA', lines: [firstLine, ...lines(courier.shippingAddressSea)] });
  return addresses;
}

import type { SearchCustomer, SearchInvoice, SearchPackage } from '@courier/shared/schemas/search';
import type { Portal } from '@/lib/portal-context';

const q = encodeURIComponent;

/** Where each portal shows a package, a customer and an invoice the palette found. */
export function resultLinks(portal: Portal) {
  const base = `/${portal}`;
  return {
    /** The package list, opened on the package (its detail dialog). */
    package: (p: SearchPackage) =>
      portal === 'customer' ? `/customer/packages?package=${p.id}` : `${base}/packages?search=${q(p.packageNumber)}&package=${p.id}`,
    /** The customer's record; the super admin has each courier's customer list instead. */
    customer: (c: SearchCustomer) =>
      portal === 'superadmin' ? `/superadmin/couriers/${c.courierId}/customers` : `${base}/customers/${c.id}`,
    /** The invoice page of a customer; the invoice list opened on it elsewhere. */
    invoice: (i: SearchInvoice) => {
      if (portal === 'customer') return `/customer/invoices/${q(i.invoiceNo)}`;
      return `${base}/invoices?invoice=${q(i.invoiceNo)}${portal === 'superadmin' ? `&courier=${i.courierId}` : ''}`;
    },
  };
}

import type { Role } from '@courier/shared/constants/roles';
import { paths } from '@/lib/paths';

/** The support-tickets page of the role's area (superadmin; admin; staff). */
export function supportTicketsPathFor(role: Role): string {
  if (role === 'super_admin') return paths.superadmin.supportTickets;
  if (role === 'courier_admin' || role === 'admin') return paths.admin.supportTickets;
  if (role === 'customer') return paths.customer.supportTickets;
  return paths.staff.supportTickets;
}

export function ticketLinkFor(role: Role, ticketNo: string, courierId?: number): string {
  const base = `${supportTicketsPathFor(role)}?ticket=${encodeURIComponent(ticketNo)}`;
  // Ticket numbers repeat across couriers; the super admin's link also names the courier.
  return role === 'super_admin' && courierId ? `${base}&courier=${courierId}` : base;
}

import type { Dashboard } from '@courier/shared/schemas/dashboard';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { courierFiguresSection } from './courier-figures.section';
import { customerFiguresSection } from './figures.section';
import { customerMailboxSection, organisationSection } from './organisation.section';

export interface DashboardInput {
  db: Db;
  user: AuthUser;
  /** The courier the figures are about; null is the super admin's whole platform. */
  courierId: number | null;
}

/** What one area adds to a dashboard; it checks the caller's permissions itself. */
export type DashboardSection = (input: DashboardInput) => Promise<Partial<Dashboard>>;

/**
 * The sections of every dashboard, in display order. An area (packages, invoices, tickets, ...)
 * adds its figures by appending one function here.
 */
export const DASHBOARD_SECTIONS: DashboardSection[] = [
  customerMailboxSection,
  customerFiguresSection,
  courierFiguresSection,
  organisationSection,
];

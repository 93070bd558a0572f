/**
 * The demo people the first start seeds and prints (the README lists the same): one place for the
 * seed, the API tests and the browser journeys. It imports nothing, so a journey reads it without the server.
 */
export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  loginPath: string;
}

export const DEMO_LOGINS: DemoLogin[] = [
  { role: 'super_admin', email: 'superadmin@courierportal.test', password: 'SuperAdmin#2026', loginPath: '/superadmin/login' },
  { role: 'courier_admin', email: 'admin@jamaicaexpress.test', password: 'CourierAdmin#2026', loginPath: '/admin/login' },
  { role: 'branch_manager', email: 'manager@jamaicaexpress.test', password: 'BranchManager#2026', loginPath: '/staff/login' },
  { role: 'staff', email: 'staff@jamaicaexpress.test', password: 'StaffMember#2026', loginPath: '/staff/login' },
  { role: 'customer', email: 'customer@example.test', password: 'Customer#2026', loginPath: '/login' },
];

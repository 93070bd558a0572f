import { DEFAULT_BRANCH_MANAGER_PERMISSIONS, DEFAULT_STAFF_PERMISSIONS, type Permission } from '@courier/shared/constants/permissions';
import type { MatrixRole, ResourceKind } from './world';

/**
 * Who may call each API route, one entry per `METHOD /url` of app.routeTable. The access matrix
 * fails when a route has no entry here, or an entry names a route that no longer exists: a new
 * route is not done until its access is written down.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  /** Exactly these roles (requireRole or a check in the handler). */
  | { kind: 'roles'; roles: readonly MatrixRole[] }
  /**
   * Staff-side callers holding any of these (requirePermission); customers never. courierBound:
   * the work is a courier's own (a time clock), so the super admin, who belongs to none, is refused.
   */
  | { kind: 'permission'; anyOf: readonly Permission[]; courierBound?: boolean }
  /** Customers (their own records) or staff-side callers holding the permission. */
  | { kind: 'customerOrPermission'; permission: Permission }
  /**
   * The inbound API (/api/v1): a courier's API key with this scope, never a session, so every
   * signed-in role is refused here (401); its own suite covers keys, scopes and couriers.
   */
  | { kind: 'apiKey'; scope: string }
  /**
   * A public route that answers only a payment processor's own credentials (its simulator's
   * PowerTranz-PowerTranzId and password headers): no session is one, so every caller here gets 401.
   */
  | { kind: 'processorCredentials' };

export interface Policy {
  access: Access;
  /**
   * The record kind each URL parameter names; courier B's record of that kind must stay out of reach.
   * `{}` on a private route with parameters: they name no courier record, or only the super admin
   * (who sees every courier) may call it.
   */
  params?: Record<string, ResourceKind>;
  /** multipart/form-data upload route: the field its file goes in. */
  upload?: string;
}

const pub: Policy = { access: { kind: 'public' } };
const signedIn: Policy = { access: { kind: 'signedIn' } };
const roles = (...r: MatrixRole[]): Policy => ({ access: { kind: 'roles', roles: r } });
const perm = (...anyOf: Permission[]): Policy => ({ access: { kind: 'permission', anyOf } });
const courierBound = (...anyOf: Permission[]): Policy => ({ access: { kind: 'permission', anyOf, courierBound: true } });
const custOr = (permission: Permission): Policy => ({ access: { kind: 'customerOrPermission', permission } });
const apiKey = (scope: string): Policy => ({ access: { kind: 'apiKey', scope } });
const processor: Policy = { access: { kind: 'processorCredentials' } };
const on = (policy: Policy, params: Record<string, ResourceKind>, upload?: string): Policy => ({ ...policy, params, upload });
const id = (kind: ResourceKind) => ({ id: kind });

const STAFF_SIDE: MatrixRole[] = ['super_admin', 'courier_admin', 'branch_manager', 'staff', 'lacking'];
const COURIER_STAFF: MatrixRole[] = ['courier_admin', 'branch_manager', 'staff', 'lacking'];

export const POLICY: Record<string, Policy> = {
  'POST /api/auth/login': pub,
  'POST /api/auth/staff/login': pub,
  'POST /api/auth/super-admin/login': pub,
  'GET /api/auth/profile': roles(...STAFF_SIDE),
  'POST /api/auth/logout': signedIn,
  'POST /api/auth/register': roles('super_admin', 'courier_admin'),
  'POST /api/auth/staff/register': roles('super_admin', 'courier_admin'),
  'POST /api/auth/request-password-reset': pub,
  'POST /api/auth/reset-password': pub,
  'POST /api/auth/reset-password/check': pub,
  'POST /api/auth/impersonate/:userId': on(roles('super_admin'), { userId: 'user' }),
  'POST /api/auth/impersonation/exchange': pub,
  'POST /api/customers/login': pub,
  'POST /api/customers/register': pub,
  'POST /api/customers/handoff': roles('customer'),
  // Two-step sign-in: the second step answers a signed challenge, not a session.
  'POST /api/auth/two-factor/verify': pub,
  'POST /api/customers/two-factor/verify': pub,
  'POST /api/auth/two-factor/enrol/setup': pub,
  'POST /api/auth/two-factor/enrol/confirm': pub,
  'GET /api/auth/two-factor': signedIn,
  'POST /api/auth/two-factor/setup': signedIn,
  'POST /api/auth/two-factor/enable': signedIn,
  'POST /api/auth/two-factor/disable': signedIn,
  'POST /api/auth/two-factor/reset': roles('super_admin', 'courier_admin'),
  'GET /api/settings/two-factor': roles('courier_admin'),
  'PUT /api/settings/two-factor': roles('courier_admin'),
  'POST /api/customers/handoff/redeem': pub,
  'GET /api/customers/frame-permission': roles('customer'),
  'GET /api/customers/profile': roles('customer'),
  'PUT /api/customers/profile': roles('customer'),
  'GET /api/customers/profile/notification-preferences': roles('customer'),
  'PUT /api/customers/profile/notification-preferences': roles('customer'),
  'GET /api/customers/profile/notice-channels': roles('customer'),
  'PUT /api/customers/profile/notice-channels': roles('customer'),
  'GET /api/customers/profile/authorised-people': roles('customer'),
  'POST /api/customers/profile/authorised-people': roles('customer'),
  'DELETE /api/customers/profile/authorised-people/:id': on(roles('customer'), id('authorisedPerson')),
  'PUT /api/customers/change-password': roles('customer'),
  'GET /api/couriers/validate/:apiKey': pub,
  'GET /api/branches/public/:courierId': pub,
  'GET /api/health': pub,
  'GET /api/ready': pub,
  'POST /api/public/assisted-purchase': pub,
  'POST /api/public/contact': pub,
  'GET /api/public/site': pub,
  'GET /api/public/track/:number': pub,
  'GET /api/public/customer-app/:code/manifest.webmanifest': pub,
  'GET /api/public/customer-app/:code/icon-:size.png': pub,
  'GET /api/customer/push/key': roles('customer'),
  'POST /api/customer/push/subscriptions': roles('customer'),
  'POST /api/customer/push/subscriptions/removal': roles('customer'),
  'GET /api/customer/messaging': roles('customer'),
  'POST /api/customer/messaging/phone': roles('customer'),
  'POST /api/customer/messaging/phone/confirm': roles('customer'),
  'PUT /api/customer/messaging/channels': roles('customer'),
  'GET /api/settings/messaging': perm('settings_view'),
  'PUT /api/settings/messaging': perm('settings_edit'),
  'GET /api/messaging/outbox': perm('settings_view'),
  // The provider's callbacks: no session, each checked by the courier's own X-Twilio-Signature.
  'POST /api/messaging/twilio/:courierId/status': pub,
  'POST /api/messaging/twilio/:courierId/inbound': pub,
  'GET /api/assisted-purchase-requests': perm('customers_view', 'tickets_view'),
  'GET /api/contact-messages': perm('customers_view', 'tickets_view'),

  // Scoped inside: each kind needs its view permission (customers: their own); blank answers nothing.
  'GET /api/search': signedIn,

  'GET /api/tickets/unread': perm('tickets_view'),
  'GET /api/tickets/unread/count': perm('tickets_view'),
  'GET /api/tickets/live': custOr('tickets_view'),
  'GET /api/customer/pre-alerts/:id/carrier-tracking': on(roles('customer'), id('preAlert')),
  'GET /api/carrier-tracking': perm('packages_view'),
  'GET /api/carrier-tracking/account': perm('settings_view'),
  'PUT /api/carrier-tracking/account': perm('settings_edit'),
  'POST /api/carrier-tracking/aftership/:courierId': pub,
  'POST /api/tickets/:id/typing': on(custOr('tickets_edit'), id('ticket')),
  'GET /api/tickets/customer/:customerId': on(custOr('tickets_view'), { customerId: 'customer' }),
  'GET /api/tickets': custOr('tickets_view'),
  'GET /api/tickets/:id': on(custOr('tickets_view'), id('ticket')),
  'POST /api/tickets': { ...roles('customer'), upload: 'attachments' },
  'POST /api/tickets/:id/messages': on(custOr('tickets_edit'), id('ticket'), 'attachments'),
  'GET /api/tickets/:id/attachments/:file': on(custOr('tickets_view'), id('ticket')),
  'PATCH /api/tickets/:id/status': on(perm('tickets_edit'), id('ticket')),

  'GET /api/couriers/:id': on(signedIn, id('courier')),
  'PUT /api/couriers/:id': on(perm('settings_edit'), id('courier')),
  'PUT /api/couriers/:id/shipping-addresses': on(perm('settings_edit'), id('courier')),
  'PUT /api/couriers/:id/bank-details': on(perm('settings_edit'), id('courier')),
  'POST /api/couriers/:id/logo': on(perm('settings_edit'), id('courier'), 'logo'),
  'GET /api/settings/shipping-rates': perm('settings_view'),
  'GET /api/settings/warehouse': perm('settings_view'),
  'PUT /api/settings/warehouse': perm('settings_edit'),
  'POST /api/settings/shipping-rates': perm('settings_edit'),
  'PUT /api/settings/shipping-rates/:id': on(perm('settings_edit'), id('shippingRate')),
  'DELETE /api/settings/shipping-rates/:id': on(perm('settings_edit'), id('shippingRate')),
  'GET /api/settings/additional-fees': perm('settings_view'),
  'PUT /api/settings/additional-fees': perm('settings_edit'),
  'GET /api/settings/processing-fees': perm('settings_view'),
  'POST /api/settings/processing-fees': perm('settings_edit'),
  'PUT /api/settings/processing-fees/:id': on(perm('settings_edit'), id('processingFee')),
  'DELETE /api/settings/processing-fees/:id': on(perm('settings_edit'), id('processingFee')),
  'GET /api/settings/fees': perm('settings_view'),
  'POST /api/settings/fees': perm('settings_edit'),
  'POST /api/settings/fees/reviewed': perm('settings_edit'),
  'POST /api/settings/fees/:id/versions': on(perm('settings_edit'), id('fee')),
  'POST /api/settings/customs-rates': perm('settings_edit'),
  'GET /api/settings/bank-details': custOr('settings_view'),
  'GET /api/settings/couriers/:id/email-config': on(perm('settings_view'), id('courier')),
  'POST /api/settings/couriers/:id/email-config': on(perm('settings_edit'), id('courier')),
  'POST /api/settings/couriers/:id/email-config/test': on(perm('settings_edit'), id('courier')),
  'GET /api/rate-sheet': signedIn,
  'POST /api/rate-sheet': { ...perm('settings_edit'), upload: 'rate_sheet' },
  'PUT /api/users/change-password': roles(...STAFF_SIDE),
  'PUT /api/users/:id': on(roles(...STAFF_SIDE), id('user')),
  'PUT /api/users/:id/password': on(roles(...STAFF_SIDE), id('user')),
  'GET /api/files/:folder/:name': pub,

  'GET /api/billing/rates': signedIn,
  'GET /api/invoices': custOr('invoices_view'),
  'GET /api/invoices/billable-packages': perm('invoices_create'),
  'GET /api/invoices/billable-customers': perm('invoices_create'),
  'POST /api/invoices': perm('invoices_create'),
  'GET /api/invoices/:invoiceNo': on(custOr('invoices_view'), { invoiceNo: 'invoiceNo' }),
  'GET /api/invoices/:invoiceNo/pdf': on(custOr('invoices_view'), { invoiceNo: 'invoiceNo' }),
  'PUT /api/invoices/:invoiceNo/customs': on(perm('invoices_edit'), { invoiceNo: 'invoiceNo' }),
  'POST /api/invoices/:invoiceNo/void': on(perm('invoices_delete'), { invoiceNo: 'invoiceNo' }),
  'POST /api/invoices/:invoiceNo/reissue': on(perm('invoices_create'), { invoiceNo: 'invoiceNo' }),
  'GET /api/collections': perm('packages_sign'),
  'GET /api/collections/:invoiceNo': on(perm('packages_sign'), { invoiceNo: 'invoiceNo' }),
  'POST /api/collections/:invoiceNo': on(perm('packages_sign'), { invoiceNo: 'invoiceNo' }),
  'GET /api/collections/:invoiceNo/signature': on(perm('invoices_view', 'packages_sign'), { invoiceNo: 'invoiceNo' }),
  'GET /api/payments': custOr('payments_view'),
  'POST /api/payments': perm('payments_create'),
  'POST /api/payments/credit': custOr('payments_create'),
  'GET /api/account-credit': custOr('customers_view'),
  'POST /api/account-credit/goodwill': perm('credit_grant'),
  'GET /api/account-credit/statement': custOr('customers_view'),
  'GET /api/referrals': perm('customers_view'),
  'GET /api/settings/referral-rewards': perm('settings_view'),
  'PUT /api/settings/referral-rewards': perm('settings_edit'),
  'GET /api/coupons': perm('settings_view'),
  'POST /api/coupons': perm('settings_edit'),
  'PUT /api/coupons/:id': on(perm('settings_edit'), id('coupon')),
  'GET /api/payments/:receiptNo/receipt': on(custOr('payments_view'), { receiptNo: 'receiptNo' }),
  'GET /api/payments/cash-up': perm('payments_view'),
  'POST /api/payments/cash-up': perm('payments_create'),
  'GET /api/invoices/:invoiceNo/refunds': on(custOr('invoices_view'), { invoiceNo: 'invoiceNo' }),
  'POST /api/payments/:receiptNo/refunds': on(perm('payments_create'), { receiptNo: 'receiptNo' }),
  'POST /api/payments/:receiptNo/till': on(perm('payments_create'), { receiptNo: 'receiptNo' }),
  'GET /api/online-payments/availability': roles('customer'),
  'POST /api/invoices/:invoiceNo/pay-online': on(roles('customer'), { invoiceNo: 'invoiceNo' }),
  // The gateway's notification: no token, only the signature under the courier's key counts.
  'POST /api/online-payments/wipay/:courierId/response': pub,
  'GET /api/online-payments/wipay/:courierId/response': pub,
  // The test gateway: public as a card gateway is; it serves only couriers in test mode.
  'POST /api/dev/gateway/plugins/payments/request': pub,
  'GET /api/dev/gateway/checkout/:session': pub,
  'POST /api/dev/gateway/checkout/:session': pub,
  'POST /api/dev/gateway/plugins/payments/refund': pub,
  'GET /api/settings/payment-gateway': perm('settings_view'),
  // The PowerTranz simulator: test-mode couriers' stand-in for the processor, no session.
  'GET /api/dev/powertranz/api/alive': pub,
  'POST /api/dev/powertranz/api/spi/auth': processor,
  'POST /api/dev/powertranz/api/spi/sale': processor,
  'POST /api/dev/powertranz/acs/:spiToken': pub,
  'POST /api/dev/powertranz/acs/:spiToken/verify': pub,
  'POST /api/dev/powertranz/api/spi/payment': pub,
  'POST /api/dev/powertranz/api/sale': processor,
  // The bank's check page and the browser's return from it: a one-time key, no session.
  'GET /api/online-payments/powertranz/checks/:key': pub,
  'POST /api/online-payments/powertranz/:courierId/response': pub,
  'GET /api/customer/saved-cards': roles('customer'),
  'POST /api/customer/saved-cards': roles('customer'),
  'PUT /api/customer/saved-cards/:id/autopay': on(roles('customer'), id('savedCard')),
  'DELETE /api/customer/saved-cards/:id': on(roles('customer'), id('savedCard')),
  'GET /api/customer/prepayments': roles('customer'),
  'POST /api/customer/prepayments': roles('customer'),
  'GET /api/customers/:id/saved-card': on(perm('customers_view'), id('customer')),
  'GET /api/settings/test-clock': perm('settings_view'),
  'POST /api/settings/test-clock/advance': perm('settings_edit'),
  'PUT /api/settings/payment-gateway': perm('settings_edit'),
  'POST /api/payments/cash-up/corrections': perm('payments_create'),
  'GET /api/audit-log': roles('super_admin', 'courier_admin'),
  'GET /api/audit-log/csv': roles('super_admin', 'courier_admin'),
  'GET /api/audit-log/actors': roles('super_admin', 'courier_admin'),
  'GET /api/payments/cash-up/sheet': perm('payments_view'),
  'GET /api/reports': perm('reports_view'),
  'GET /api/reports/csv/:report': on(perm('reports_view'), {}),

  'GET /api/packages': perm('packages_view'),
  'GET /api/packages/scan': perm('packages_scan'),
  'GET /api/packages/customers': perm('packages_scan', 'packages_unknown'),
  'POST /api/packages': perm('packages_scan', 'packages_create'),
  'GET /api/packages/unknown': perm('packages_unknown'),
  'GET /api/packages/unknown/scan': perm('packages_unknown'),
  'GET /api/packages/uncollected': perm('packages_uncollected'),
  'POST /api/packages/bulk-status': perm('packages_edit'),
  'GET /api/packages/:id': on(perm('packages_view', 'packages_scan'), id('package')),
  'GET /api/packages/:id/estimate': on(perm('packages_view', 'packages_scan'), id('package')),
  'PATCH /api/packages/:id': on(perm('packages_edit'), id('package')),
  'DELETE /api/packages/:id': on(perm('packages_delete'), id('package')),
  'POST /api/packages/:id/status': on(perm('packages_edit'), id('package')),
  'POST /api/packages/:id/assign': on(perm('packages_unknown'), id('unknownPackage')),
  'GET /api/packages/:id/label': on(perm('packages_view', 'packages_scan'), id('package')),
  'GET /api/packages/:id/label.zpl': on(perm('packages_view', 'packages_scan'), id('package')),
  'GET /api/packages/labels.pdf': perm('packages_view', 'packages_scan'),
  'GET /api/packages/labels.zpl': perm('packages_view', 'packages_scan'),
  'POST /api/packages/customers': perm('customers_create'),
  'POST /api/packages/:id/release': on(perm('packages_edit'), id('package')),
  'POST /api/packages/:id/invoice': on(perm('packages_edit', 'packages_scan'), id('package')),
  'POST /api/packages/:id/hazard': on(perm('packages_edit', 'packages_scan'), id('package')),
  'POST /api/packages/:id/print-label': on(perm('packages_scan', 'packages_view'), id('package')),
  'GET /api/shelves': perm('packages_scan', 'packages_view', 'branches_view'),
  'POST /api/shelves': perm('branches_edit'),
  'DELETE /api/shelves/:id': on(perm('branches_edit'), id('shelf')),
  'GET /api/shelves/labels.pdf': perm('packages_scan', 'packages_view', 'branches_view'),
  'GET /api/shelves/:id/label.pdf': on(perm('packages_scan', 'packages_view', 'branches_view'), id('shelf')),
  'GET /api/shelves/:id/list.pdf': on(perm('packages_scan', 'packages_view', 'branches_view'), id('shelf')),
  'POST /api/shelves/put-away': perm('packages_scan'),
  'GET /api/label-printers': perm('packages_scan', 'packages_view', 'branches_view'),
  'POST /api/label-printers': perm('branches_edit'),
  'DELETE /api/label-printers/:id': on(perm('branches_edit'), id('labelPrinter')),
  'POST /api/label-printers/:id/test': on(perm('packages_scan', 'packages_view', 'branches_view'), id('labelPrinter')),
  'GET /api/settings/hazard-fee': perm('settings_view'),
  'PUT /api/settings/hazard-fee': perm('settings_edit'),
  'GET /api/packages/:id/invoice': on(perm('packages_view', 'packages_scan'), id('package')),
  'POST /api/packages/:id/void': on(perm('packages_edit'), id('package')),
  'POST /api/packages/:id/photos': on(perm('packages_scan', 'packages_edit'), id('package'), 'photo'),
  'GET /api/packages/:id/photos': on(perm('packages_view', 'packages_scan'), id('package')),
  // The photo's id is checked inside its package: a package id of courier B stands in for it.
  'GET /api/packages/:id/photos/:photoId': on(perm('packages_view', 'packages_scan'), { id: 'package', photoId: 'package' }),
  'GET /api/customer/packages/:id/photos': on(roles('customer'), id('package')),
  'POST /api/customer/packages/:id/invoice': on(roles('customer'), id('package')),
  'GET /api/customer/packages/:id/photos/:photoId': on(roles('customer'), { id: 'package', photoId: 'package' }),
  'GET /api/customer/packages': roles('customer'),
  'GET /api/customer/packages/:id': on(roles('customer'), id('package')),
  'GET /api/customer/packages/:id/estimate': on(roles('customer'), id('package')),
  'PUT /api/customer/packages/:id/contents': on(roles('customer'), id('package')),
  // The photo of contents a customer asks for; staff see it and mark it done.
  'GET /api/customer/packages/:id/contents-photo': on(roles('customer'), id('package')),
  'POST /api/customer/packages/:id/contents-photo': on(roles('customer'), id('package')),
  'DELETE /api/customer/packages/:id/contents-photo': on(roles('customer'), id('package')),
  'GET /api/packages/:id/contents-photo': on(perm('packages_view', 'packages_scan'), id('package')),
  'POST /api/packages/:id/contents-photo/done': on(perm('packages_scan', 'packages_edit'), id('package')),
  // Return to sender or discard: the customer asks; staff who act on packages see the queue and record it.
  'GET /api/customer/packages/:id/return': on(roles('customer'), id('package')),
  'POST /api/customer/packages/:id/return': on(roles('customer'), id('package')),
  'DELETE /api/customer/packages/:id/return': on(roles('customer'), id('package')),
  'GET /api/packages/:id/return': on(perm('packages_view', 'packages_edit'), id('package')),
  'POST /api/packages/:id/return/done': on(perm('packages_edit'), id('package')),
  'GET /api/return-requests': courierBound('packages_edit'),
  // A package's cover: insurance, claims, storage countdown.
  'GET /api/packages/:id/cover': on(perm('packages_view'), id('package')),
  'GET /api/customer/packages/:id/cover': on(roles('customer'), id('package')),
  'PUT /api/packages/:id/insurance': on(perm('packages_edit'), id('package')),
  'PUT /api/customer/packages/:id/insurance': on(roles('customer'), id('package')),
  'GET /api/customer/insurance': roles('customer'),
  'PUT /api/customer/insurance': roles('customer'),
  'GET /api/insurance-claims': custOr('packages_view'),
  'POST /api/insurance-claims': custOr('packages_edit'),
  'PUT /api/insurance-claims/:id/decision': on(perm('packages_edit'), id('insuranceClaim')),
  'POST /api/insurance-claims/:id/photos': on(custOr('packages_edit'), id('insuranceClaim'), 'photo'),
  'GET /api/insurance-claims/:id/photos/:photoId': on(custOr('packages_view'), { id: 'insuranceClaim', photoId: 'insuranceClaim' }),
  'POST /api/customer/unknown-claims': { ...roles('customer'), upload: 'proof' },
  'GET /api/customer/unknown-claims': roles('customer'),
  'GET /api/unknown-claims': perm('packages_unknown'),
  'POST /api/unknown-claims/:id/approve': on(perm('packages_unknown'), id('unknownClaim')),
  'POST /api/unknown-claims/:id/reject': on(perm('packages_unknown'), id('unknownClaim')),
  'GET /api/unknown-claims/:id/proof': on(perm('packages_unknown'), id('unknownClaim')),
  'GET /api/customer/pre-alerts': roles('customer'),
  'POST /api/customer/pre-alerts': roles('customer'),
  'POST /api/customer/pre-alerts/:id/invoice': on(roles('customer'), id('preAlert'), 'invoice'),
  'POST /api/customer/pre-alerts/:id/cancel': on(roles('customer'), id('preAlert')),
  'GET /api/customer/pre-alerts/:id/invoice': on(roles('customer'), id('preAlert')),
  'GET /api/pre-alerts': perm('packages_view'),
  'GET /api/pre-alerts/:id/invoice': on(perm('packages_view', 'packages_scan'), id('preAlert')),

  'GET /api/manifests': perm('manifests_view'),
  'POST /api/manifests': perm('manifests_create'),
  'GET /api/manifests/:id': on(perm('manifests_view'), id('manifest')),
  'PATCH /api/manifests/:id': on(perm('manifests_edit'), id('manifest')),
  'POST /api/manifests/:id/packages': on(perm('manifests_edit'), id('manifest')),
  'POST /api/manifests/:id/packages/removals': on(perm('manifests_edit'), id('manifest')),
  'DELETE /api/manifests/:id/packages/:packageId': on(perm('manifests_edit'), { id: 'manifest', packageId: 'package' }),
  'POST /api/manifests/:id/close': on(perm('manifests_edit'), id('manifest')),
  'POST /api/manifests/:id/ship': on(perm('manifests_edit'), id('manifest')),
  'POST /api/manifests/:id/arrive': on(perm('manifests_edit'), id('manifest')),
  'POST /api/manifests/:id/ready': on(perm('packages_edit'), id('manifest')),
  'GET /api/manifests/:id/reconciliation': on(perm('manifests_view'), id('manifest')),
  'POST /api/manifests/:id/reconciliation/scans': on(perm('manifests_edit'), id('manifest')),
  'POST /api/manifests/:id/reconciliation/close': on(perm('manifests_edit'), id('manifest')),
  // A flight's costs and the margin are the courier's own money: never the agent's.
  'GET /api/manifests/:id/costs': on(perm('costs_view'), id('manifest')),
  'PUT /api/manifests/:id/costs': on(perm('costs_edit'), id('manifest')),
  'GET /api/reports/margin': perm('costs_view'),
  'GET /api/reports/margin/csv/:report': on(perm('costs_view'), {}),
  'GET /api/reports/tax': perm('reports_view'),
  'GET /api/reports/tax/csv': perm('reports_view'),
  'GET /api/transfers': perm('packages_scan'),
  'POST /api/transfers': perm('packages_scan'),
  'GET /api/transfers/:id': on(perm('packages_scan'), id('transfer')),
  'POST /api/transfers/:id/scans': on(perm('packages_scan'), id('transfer')),
  'DELETE /api/transfers/:id/packages/:packageId': on(perm('packages_edit'), { id: 'transfer', packageId: 'package' }),
  'POST /api/transfers/:id/send': on(perm('packages_scan'), id('transfer')),
  'POST /api/transfers/:id/receive': on(perm('packages_scan'), id('transfer')),
  'POST /api/transfers/:id/cancel': on(perm('packages_edit'), id('transfer')),
  'GET /api/manifests/:id/export.csv': on(perm('manifests_view'), id('manifest')),
  'GET /api/manifests/:id/export.xlsx': on(perm('manifests_view'), id('manifest')),
  'GET /api/manifests/:id/manifest.pdf': on(perm('manifests_view'), id('manifest')),
  'POST /api/manifests/:id/import': on(perm('manifests_edit'), id('manifest'), 'file'),
  'POST /api/manifests/:id/import.xlsx': on(perm('manifests_edit'), id('manifest'), 'file'),
  // The package imports and manifests admit the courier's US agent too (not a matrix caller): agent-access.test.ts.
  'GET /api/package-imports': roles('courier_admin'),
  'GET /api/settings/api-keys': roles('courier_admin'),
  'POST /api/settings/api-keys': roles('courier_admin'),
  'DELETE /api/settings/api-keys/:id': on(roles('courier_admin'), id('apiKey')),
  'GET /api/settings/webhooks': roles('courier_admin'),
  'POST /api/settings/webhooks': roles('courier_admin'),
  'DELETE /api/settings/webhooks/:id': on(roles('courier_admin'), id('webhook')),
  'GET /api/settings/webhooks/:id/deliveries': on(roles('courier_admin'), id('webhook')),
  'POST /api/settings/webhooks/:id/test': on(roles('courier_admin'), id('webhook')),
  'POST /api/settings/webhooks/:id/deliveries/:deliveryId/resend': on(roles('courier_admin'), {
    id: 'webhook',
    deliveryId: 'webhookDelivery',
  }),
  'GET /api/settings/agent-pickup': roles('courier_admin'),
  'PUT /api/settings/agent-pickup': roles('courier_admin'),
  'POST /api/settings/agent-pickup/run': roles('courier_admin'),
  'POST /api/v1/packages': apiKey('packages:write'),
  'POST /api/v1/packages/batch': apiKey('packages:write'),
  'GET /api/v1/packages': apiKey('packages:read'),
  'GET /api/v1/packages/:id/events': on(apiKey('packages:read'), id('package')),
  'POST /api/package-imports': { ...roles('courier_admin'), upload: 'file' },
  'GET /api/package-imports/:id': on(roles('courier_admin'), id('packageImport')),
  'POST /api/package-imports/:id/preview': on(roles('courier_admin'), id('packageImport')),
  'POST /api/package-imports/:id/import': on(roles('courier_admin'), id('packageImport')),
  'GET /api/package-imports/:id/report.csv': on(roles('courier_admin'), id('packageImport')),
  'POST /api/package-imports/:id/rows/:row': on(roles('courier_admin'), { id: 'packageImport' }),

  'GET /api/delivery-locations': perm('delivery_requests_view'),
  'POST /api/delivery-locations': roles('courier_admin'),
  'PUT /api/delivery-locations/:id': on(roles('courier_admin'), id('deliveryLocation')),
  'DELETE /api/delivery-locations/:id': on(roles('courier_admin'), id('deliveryLocation')),
  'GET /api/customer/delivery-locations': roles('customer'),
  'GET /api/customer/delivery-requests': roles('customer'),
  'POST /api/customer/delivery-requests': roles('customer'),
  'POST /api/customer/delivery-requests/:id/cancel': on(roles('customer'), id('deliveryRequest')),
  'GET /api/customer/consolidations': roles('customer'),
  'POST /api/customer/consolidations': roles('customer'),
  'POST /api/customer/consolidations/preview': roles('customer'),
  'POST /api/customer/consolidations/:id/cancel': on(roles('customer'), id('consolidation')),
  'GET /api/consolidations': perm('packages_view', 'packages_scan'),
  'GET /api/consolidations/:id': on(perm('packages_view', 'packages_scan'), id('consolidation')),
  'POST /api/consolidations/:id/complete': on(perm('packages_scan'), id('consolidation')),
  'POST /api/consolidations/:id/cancel': on(perm('packages_scan'), id('consolidation')),
  'GET /api/customer/shop-requests': roles('customer'),
  'POST /api/customer/shop-requests': roles('customer'),
  'GET /api/customer/shop-requests/:id': on(roles('customer'), id('shopRequest')),
  'POST /api/customer/shop-requests/:id/decision': on(roles('customer'), id('shopRequest')),
  'GET /api/shop-requests': perm('customers_view', 'tickets_view'),
  'GET /api/shop-requests/:id': on(perm('customers_view', 'tickets_view'), id('shopRequest')),
  'POST /api/shop-requests/:id/quote': on(perm('invoices_create'), id('shopRequest')),
  'POST /api/shop-requests/:id/purchase': on(perm('packages_create'), id('shopRequest')),
  'GET /api/service-fees': perm('settings_view', 'invoices_create'),
  'GET /api/delivery-requests': perm('delivery_requests_view'),
  'GET /api/delivery-requests/:id': on(perm('delivery_requests_view'), id('deliveryRequest')),
  'POST /api/delivery-requests/:id/status': on(perm('delivery_requests_edit'), id('deliveryRequest')),
  // Staff who manage deliveries, or the request's own driver with only the view (the service checks which).
  'POST /api/delivery-requests/:id/deliver': on(perm('delivery_requests_edit', 'delivery_requests_view'), id('deliveryRequest')),
  'POST /api/delivery-requests/:id/photo': on(perm('delivery_requests_edit', 'delivery_requests_view'), id('deliveryRequest'), 'photo'),
  'GET /api/delivery-requests/:id/proof/signature': on(perm('delivery_requests_view'), id('deliveryRequest')),
  'GET /api/delivery-requests/:id/proof/photo': on(perm('delivery_requests_view'), id('deliveryRequest')),
  'GET /api/customer/delivery-requests/:id/proof/signature': on(roles('customer'), id('deliveryRequest')),
  'GET /api/customer/delivery-requests/:id/proof/photo': on(roles('customer'), id('deliveryRequest')),
  'GET /api/delivery-drivers': perm('delivery_requests_edit'),
  'GET /api/delivery-run-sheet': perm('delivery_requests_view'),

  'GET /api/notifications': roles(...COURIER_STAFF, 'customer'),
  'GET /api/notifications/unread-count': roles(...COURIER_STAFF, 'customer'),
  'POST /api/notifications/read-all': roles(...COURIER_STAFF, 'customer'),
  'POST /api/notifications/:id/read': on(roles(...COURIER_STAFF, 'customer'), id('notification')),
  'GET /api/notifications/announcements': roles('super_admin'),
  'POST /api/notifications/announcements': roles('super_admin'),
  'GET /api/batch-emails': perm('emails_view'),
  'POST /api/batch-emails/preview': perm('emails_create'),
  'GET /api/batch-emails/:id': on(perm('emails_view'), id('batchEmail')),
  'GET /api/batch-emails/:id/recipients': on(perm('emails_view'), id('batchEmail')),
  'POST /api/batch-emails': perm('emails_create'),
  'PUT /api/batch-emails/:id': on(perm('emails_create'), id('batchEmail')),
  'DELETE /api/batch-emails/:id': on(perm('emails_create'), id('batchEmail')),
  'POST /api/batch-emails/:id/send': on(perm('emails_create'), id('batchEmail')),
  'GET /api/email-outbox': perm('settings_view'),
  'GET /api/email-outbox/summary': perm('settings_view'),
  'POST /api/email-outbox/:id/retry': on(perm('settings_edit'), id('outboxMail')),
  'GET /api/time-tracking/me': courierBound('time_tracking_view'),
  'POST /api/time-tracking/clock-in': courierBound('time_tracking_view'),
  'POST /api/time-tracking/clock-out': courierBound('time_tracking_view'),
  'GET /api/time-tracking/timesheets': perm('time_tracking_edit'),
  'GET /api/time-tracking/timesheets.csv': perm('time_tracking_edit'),

  'GET /api/branches': perm('branches_view'),
  'GET /api/branches/options': perm(
    'branches_view',
    'packages_scan',
    'staff_create',
    'staff_edit',
    'customers_edit',
    'customers_create',
    'payments_create',
    'delivery_requests_edit',
  ),
  'GET /api/branches/:id': on(perm('branches_view'), id('branch')),
  'POST /api/branches': perm('branches_create'),
  'PUT /api/branches/:id': on(perm('branches_edit'), id('branch')),
  'DELETE /api/branches/:id': on(perm('branches_delete'), id('branch')),
  'GET /api/staff': perm('staff_view'),
  'GET /api/staff/:id': on(perm('staff_view'), id('user')),
  'POST /api/staff': perm('staff_create'),
  'PUT /api/staff/:id': on(perm('staff_edit'), id('user')),
  'PATCH /api/staff/:id/status': on(perm('staff_edit'), id('user')),
  'POST /api/staff/:id/reset-password': on(perm('staff_edit'), id('user')),
  'GET /api/roles': perm('roles_view'),
  'GET /api/roles/options': perm('roles_view', 'staff_create', 'staff_edit'),
  'GET /api/roles/:id': on(perm('roles_view'), id('role')),
  'POST /api/roles': perm('roles_create'),
  'PUT /api/roles/:id': on(perm('roles_edit'), id('role')),
  'DELETE /api/roles/:id': on(perm('roles_delete'), id('role')),
  'GET /api/customers': perm('customers_view'),
  'GET /api/customers/:id': on(perm('customers_view'), id('customer')),
  'PUT /api/customers/:id': on(perm('customers_edit'), id('customer')),
  'PATCH /api/customers/:id/status': on(perm('customers_edit'), id('customer')),
  'POST /api/customers/import': on(courierBound('customers_edit'), {}, 'file'),
  'GET /api/customers/invitations': courierBound('customers_edit'),
  'POST /api/customers/invitations': courierBound('customers_edit'),
  'GET /api/business-customers': perm('customers_business'),
  'GET /api/business-customers/:id': on(perm('customers_business'), id('businessCustomer')),
  'PUT /api/business-customers/:id': on(perm('customers_edit'), id('businessCustomer')),
  'PATCH /api/business-customers/:id/status': on(perm('customers_edit'), id('businessCustomer')),
  'GET /api/platform/couriers': roles('super_admin'),
  'GET /api/platform/couriers/options': roles('super_admin'),
  'GET /api/platform/couriers/:id': on(roles('super_admin'), {}),
  'POST /api/platform/couriers': roles('super_admin'),
  'PUT /api/platform/couriers/:id': on(roles('super_admin'), {}),
  'PATCH /api/platform/couriers/:id/status': on(roles('super_admin'), {}),
  'POST /api/platform/couriers/:id/api-key': on(roles('super_admin'), {}),
  'PATCH /api/platform/couriers/:id/smtp-security': on(roles('super_admin'), {}),
  'PATCH /api/platform/couriers/:id/payment-test-mode': on(roles('super_admin'), {}),
  'GET /api/platform/settings': roles('super_admin'),
  'PUT /api/platform/settings': roles('super_admin'),
  'POST /api/platform/courier-invitations': roles('super_admin'),
  'GET /api/platform/courier-invitations': roles('super_admin'),
  'DELETE /api/platform/courier-invitations/:id': on(roles('super_admin'), {}),
  'GET /api/courier-invitations/:token': pub,
  'POST /api/courier-invitations/:token/accept': pub,
  'GET /api/settings/setup-checklist': perm('settings_view'),
  'GET /api/dashboard': custOr('dashboard_view'),

  'GET /api/settings/public-content': perm('settings_view'),
  'PUT /api/settings/public-content': perm('settings_edit'),
  'GET /api/settings/domains': perm('settings_view'),
  'POST /api/settings/domains': perm('settings_edit'),
  'DELETE /api/settings/domains/:id': on(perm('settings_edit'), id('courierDomain')),
  'GET /api/settings/embed': perm('settings_view'),
  'PUT /api/settings/embed': perm('settings_edit'),
  'GET /api/platform/domains': roles('super_admin'),
  'POST /api/platform/domains/:id/approve': on(roles('super_admin'), {}),
  'POST /api/platform/domains/:id/reject': on(roles('super_admin'), {}),
  'GET /api/platform/default-courier': roles('super_admin'),
  'PUT /api/platform/default-courier': roles('super_admin'),
};

/** The permissions the route checks, for the staff member made to lack exactly them. */
export function requiredPermissions(access: Access): readonly string[] {
  if (access.kind === 'permission') return access.anyOf;
  if (access.kind === 'customerOrPermission') return [access.permission];
  return [];
}

/** Whether the policy lets this caller past the access check (the seeded roles' permissions decide for staff). */
export function isAllowed(access: Access, role: MatrixRole): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'signedIn':
      return role !== 'anonymous';
    case 'roles':
      return access.roles.includes(role);
    case 'apiKey':
    case 'processorCredentials':
      return false;
    case 'permission':
    case 'customerOrPermission': {
      const anyOf = requiredPermissions(access);
      if (role === 'customer') return access.kind === 'customerOrPermission';
      if (role === 'super_admin') return !(access.kind === 'permission' && access.courierBound);
      if (role === 'courier_admin') return true;
      if (role === 'branch_manager') return anyOf.some((p) => (DEFAULT_BRANCH_MANAGER_PERMISSIONS as readonly string[]).includes(p));
      if (role === 'staff') return anyOf.some((p) => (DEFAULT_STAFF_PERMISSIONS as readonly string[]).includes(p));
      return false;
    }
  }
}

/** Routes the route table marks public: no session is asked for (a processor's own credentials may be). */
export function isPublicAccess(access: Access): boolean {
  return access.kind === 'public' || access.kind === 'processorCredentials';
}

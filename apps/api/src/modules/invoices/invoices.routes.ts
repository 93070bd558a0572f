import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BILLING_MESSAGES,
  billablePackageSchema,
  billablePackagesQuerySchema,
  courierRatesSchema,
  customsAssessmentSchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoiceNoParamSchema,
  invoiceSummarySchema,
  issueInvoiceSchema,
  voidInvoiceSchema,
} from '@courier/shared/schemas/billing';
import { courierQuerySchema, errorResponseSchema, pageSchema, successSchema } from '@courier/shared/schemas/common';
import type { AppContext } from '../../context';
import { getCourierRates, rateSheetOf, volumetricRuleOf } from '../settings/index';
import { feeInUsd } from '@courier/shared/domain/fees';
import { currentUser, requirePermission, customerOrPermission } from '../../plugins/auth';
import { loadLetterhead } from '../../lib/pdf/letterhead';
import { pdfResponseSchema } from '../../lib/pdf/render';
import { Storage } from '../../lib/storage';
import { renderInvoicePdf } from './invoice-pdf';
import { invoiceScope } from './invoice-access.service';
import { setCustomsAssessment } from './invoice-customs.service';
import { issueInvoiceForPackages, reissueInvoice } from './invoice-issuing.service';
import { accrueStorageAfterPayment, accrueStorageOnInvoice } from './storage-accrual.service';
import { getInvoiceDetail, listBillableCustomers, listBillablePackages, listInvoices } from './invoice-queries.service';
import { voidInvoice } from './invoice-voiding.service';
import { courierScope } from '../../lib/courier-scope';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const tags = ['invoices'];
const issuedSchema = z.object({ invoiceNo: z.string(), totalCents: z.number().int(), message: z.string() });

export function invoicesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const documents = { db: ctx.db, storage: new Storage(ctx.config) };
  return async (app) => {
    // The customer's Rate Sheet and Customs Calculator: the courier's own active rates and fees.
    app.get(
      '/billing/rates',
      { schema: { tags, querystring: courierQuerySchema, response: { 200: courierRatesSchema, ...errors } } },
      async (request) => {
        const courierId = courierScope(currentUser(request), request.query.courierId);
        const [rates, rateSheetUrl, volumetric] = await Promise.all([
          getCourierRates(ctx.db, courierId),
          rateSheetOf(ctx.db, courierId),
          volumetricRuleOf(ctx.db, courierId),
        ]);
        return {
          ...rates,
          rateSheetUrl,
          volumetric,
          // The rate sheet lists every fee in force, in the currency it is priced in.
          feesInForce: rates.feesInForce.map((f) => ({ ...f, currency: feeInUsd(f.code) ? ('USD' as const) : ('JMD' as const) })),
        };
      },
    );

    app.get(
      '/invoices',
      {
        preHandler: customerOrPermission('invoices_view'),
        schema: { tags, querystring: invoiceListQuerySchema, response: { 200: pageSchema(invoiceSummarySchema), ...errors } },
      },
      async (request) => {
        const { courierId, ...query } = request.query;
        const scope = invoiceScope(currentUser(request), courierId);
        // A customer sees storage grown since an invoice was paid as an invoice to pay, before release.
        if (scope.customerId !== null) await accrueStorageAfterPayment(ctx.db, ctx.mailer, scope);
        return listInvoices(ctx.db, scope, query);
      },
    );

    app.get(
      '/invoices/billable-packages',
      {
        preHandler: requirePermission('invoices_create'),
        schema: {
          tags,
          querystring: billablePackagesQuerySchema.extend(courierQuerySchema.shape),
          response: { 200: z.array(billablePackageSchema), ...errors },
        },
      },
      async (request) =>
        listBillablePackages(ctx.db, courierScope(currentUser(request), request.query.courierId), request.query.customerId),
    );

    app.get(
      '/invoices/billable-customers',
      {
        preHandler: requirePermission('invoices_create'),
        schema: {
          tags,
          querystring: courierQuerySchema.extend({ search: z.string().trim().max(100).optional() }),
          response: {
            200: z.array(
              z.object({
                customerId: z.number().int(),
                customerName: z.string(),
                mailboxNumber: z.string(),
                packageCount: z.number().int(),
              }),
            ),
            ...errors,
          },
        },
      },
      async (request) => listBillableCustomers(ctx.db, courierScope(currentUser(request), request.query.courierId), request.query.search),
    );

    app.post(
      '/invoices',
      {
        preHandler: requirePermission('invoices_create'),
        schema: { tags, querystring: courierQuerySchema, body: issueInvoiceSchema, response: { 201: issuedSchema, ...errors } },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const issued = await issueInvoiceForPackages({
          db: ctx.db,
          mailer: ctx.mailer,
          courierId: courierScope(actor, request.query.courierId),
          customerId: request.body.customerId,
          packageIds: request.body.packageIds,
          actor,
        });
        return reply.status(201).send({ ...issued, message: BILLING_MESSAGES.invoiceIssued });
      },
    );

    app.get(
      '/invoices/:invoiceNo',
      {
        preHandler: customerOrPermission('invoices_view'),
        schema: { tags, params: invoiceNoParamSchema, querystring: courierQuerySchema, response: { 200: invoiceDetailSchema, ...errors } },
      },
      async (request) => {
        const scope = invoiceScope(currentUser(request), request.query.courierId);
        const { invoiceNo } = request.params;
        // Storage owed so far is on an open invoice whenever it is looked at.
        if (scope.courierId !== null)
          await accrueStorageOnInvoice(ctx.db, ctx.mailer, { courierId: scope.courierId, customerId: scope.customerId, invoiceNo });
        return getInvoiceDetail(ctx.db, scope, invoiceNo);
      },
    );

    app.get(
      '/invoices/:invoiceNo/pdf',
      {
        preHandler: customerOrPermission('invoices_view'),
        schema: { tags, params: invoiceNoParamSchema, querystring: courierQuerySchema, response: { 200: pdfResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const detail = await getInvoiceDetail(
          ctx.db,
          invoiceScope(currentUser(request), request.query.courierId),
          request.params.invoiceNo,
        );
        const pdf = await renderInvoicePdf(detail, await loadLetterhead(documents, detail.courierId));
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${detail.invoiceNo}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    app.put(
      '/invoices/:invoiceNo/customs',
      {
        preHandler: requirePermission('invoices_edit'),
        schema: {
          tags,
          params: invoiceNoParamSchema,
          querystring: courierQuerySchema,
          body: customsAssessmentSchema,
          response: { 200: successSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        await setCustomsAssessment({
          db: ctx.db,
          actor,
          courierId: courierScope(actor, request.query.courierId),
          invoiceNo: request.params.invoiceNo,
          ...request.body,
        });
        return { success: true, message: BILLING_MESSAGES.customsSaved };
      },
    );

    app.post(
      '/invoices/:invoiceNo/void',
      {
        preHandler: requirePermission('invoices_delete'),
        schema: {
          tags,
          params: invoiceNoParamSchema,
          querystring: courierQuerySchema,
          body: voidInvoiceSchema,
          response: { 200: successSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        await voidInvoice({
          db: ctx.db,
          actor,
          courierId: courierScope(actor, request.query.courierId),
          invoiceNo: request.params.invoiceNo,
          reason: request.body.reason,
        });
        return { success: true, message: BILLING_MESSAGES.invoiceVoided };
      },
    );

    app.post(
      '/invoices/:invoiceNo/reissue',
      {
        preHandler: requirePermission('invoices_create'),
        schema: {
          tags,
          params: invoiceNoParamSchema,
          querystring: courierQuerySchema,
          response: { 201: issuedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const issued = await reissueInvoice({
          db: ctx.db,
          mailer: ctx.mailer,
          actor,
          courierId: courierScope(actor, request.query.courierId),
          invoiceNo: request.params.invoiceNo,
        });
        return reply.status(201).send({ ...issued, message: BILLING_MESSAGES.invoiceReissued });
      },
    );
  };
}

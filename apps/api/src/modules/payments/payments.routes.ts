import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BILLING_MESSAGES,
  cashUpExpectedSchema,
  cashUpQuerySchema,
  correctCashUpSchema,
  paymentListQuerySchema,
  paymentSchema,
  placeOnTillSchema,
  receiptParamSchema,
  receiptQuerySchema,
  recordCashUpSchema,
  recordPaymentSchema,
} from '@courier/shared/schemas/billing';
import { courierQuerySchema, errorResponseSchema, pageSchema } from '@courier/shared/schemas/common';
import type { AppContext } from '../../context';
import { currentUser, requirePermission, customerOrPermission } from '../../plugins/auth';
import { loadLetterhead } from '../../lib/pdf/letterhead';
import { pdfResponseSchema } from '../../lib/pdf/render';
import { Storage } from '../../lib/storage';
import { invoiceScope } from '../invoices/index';
import { renderCashUpSheet } from './cash-up-pdf';
import { cashUpSheetData, correctCashUp, getCashUp, placeOnTill, recordCashUp } from './cash-up.service';
import { getReceipt, listPayments, paymentCourier, recordPayment } from './payments.service';
import { renderReceiptPdf } from './receipt-pdf';
import { courierScope } from '../../lib/courier-scope';
import { useCreditResponseSchema, useCreditSchema } from '@courier/shared/schemas/account-credit';
import { payWithCredit } from './credit-payments.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const tags = ['payments'];

export function paymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const documents = { db: ctx.db, storage: new Storage(ctx.config) };
  return async (app) => {
    app.get(
      '/payments',
      {
        preHandler: customerOrPermission('payments_view'),
        schema: { tags, querystring: paymentListQuerySchema, response: { 200: pageSchema(paymentSchema), ...errors } },
      },
      async (request) => {
        const { courierId, ...query } = request.query;
        return listPayments(ctx.db, invoiceScope(currentUser(request), courierId), query);
      },
    );

    app.post(
      '/payments',
      {
        preHandler: requirePermission('payments_create'),
        schema: {
          tags,
          querystring: courierQuerySchema,
          body: recordPaymentSchema,
          response: {
            201: z.object({
              receiptNo: z.string(),
              amountCents: z.number().int(),
              changeCents: z.number().int().nullable(),
              message: z.string(),
            }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const done = await recordPayment({
          db: ctx.db,
          mailer: ctx.mailer,
          courierId: await paymentCourier(
            ctx.db,
            actor,
            request.query.courierId,
            request.body.allocations.map((a) => a.invoiceNo),
          ),
          actor,
          ...request.body,
        });
        return reply.status(201).send({ ...done, message: BILLING_MESSAGES.paymentRecorded });
      },
    );

    app.post(
      '/payments/credit',
      {
        preHandler: customerOrPermission('payments_create'),
        schema: { tags, querystring: courierQuerySchema, body: useCreditSchema, response: { 201: useCreditResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const scope = invoiceScope(actor, request.query.courierId);
        const done = await payWithCredit({
          db: ctx.db,
          mailer: ctx.mailer,
          actor,
          scope: { ...scope, courierId: courierScope(actor, scope.courierId) },
          input: request.body,
        });
        return reply.status(201).send(done);
      },
    );

    app.get(
      '/payments/:receiptNo/receipt',
      {
        preHandler: customerOrPermission('payments_view'),
        schema: { tags, params: receiptParamSchema, querystring: receiptQuerySchema, response: { 200: pdfResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const receipt = await getReceipt(ctx.db, invoiceScope(currentUser(request), request.query.courierId), request.params.receiptNo);
        const letterhead = await loadLetterhead(documents, receipt.courierId, receipt.branchId);
        const pdf = await renderReceiptPdf(receipt, letterhead, request.query.format);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${receipt.receiptNo}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    app.post(
      '/payments/:receiptNo/till',
      {
        preHandler: requirePermission('payments_create'),
        schema: {
          tags,
          params: receiptParamSchema,
          querystring: courierQuerySchema,
          body: placeOnTillSchema,
          response: { 200: z.object({ receiptNo: z.string(), branchId: z.number().int(), message: z.string() }), ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        return placeOnTill({
          db: ctx.db,
          actor,
          courierId: courierScope(actor, request.query.courierId),
          receiptNo: request.params.receiptNo,
          branchId: request.body.branchId,
        });
      },
    );

    app.get(
      '/payments/cash-up',
      {
        preHandler: requirePermission('payments_view'),
        schema: {
          tags,
          querystring: cashUpQuerySchema.extend(courierQuerySchema.shape),
          response: { 200: cashUpExpectedSchema, ...errors },
        },
      },
      async (request) =>
        getCashUp(ctx.db, courierScope(currentUser(request), request.query.courierId), request.query.branchId, request.query.date),
    );

    app.post(
      '/payments/cash-up',
      {
        preHandler: requirePermission('payments_create'),
        schema: { tags, querystring: courierQuerySchema, body: recordCashUpSchema, response: { 201: cashUpExpectedSchema, ...errors } },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const saved = await recordCashUp({
          db: ctx.db,
          actor,
          courierId: courierScope(actor, request.query.courierId),
          input: request.body,
        });
        return reply.status(201).send(saved);
      },
    );

    app.post(
      '/payments/cash-up/corrections',
      {
        preHandler: requirePermission('payments_create'),
        schema: { tags, querystring: courierQuerySchema, body: correctCashUpSchema, response: { 201: cashUpExpectedSchema, ...errors } },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const { reason, ...input } = request.body;
        const saved = await correctCashUp({
          db: ctx.db,
          actor,
          courierId: courierScope(actor, request.query.courierId),
          input,
          reason,
        });
        return reply.status(201).send(saved);
      },
    );

    app.get(
      '/payments/cash-up/sheet',
      {
        preHandler: requirePermission('payments_view'),
        schema: {
          tags,
          querystring: cashUpQuerySchema.extend(courierQuerySchema.shape),
          response: { 200: pdfResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { branchId, date, courierId } = request.query;
        const scope = courierScope(currentUser(request), courierId);
        const data = await cashUpSheetData(ctx.db, scope, branchId, date);
        const pdf = await renderCashUpSheet(data, await loadLetterhead(documents, scope, branchId));
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="cash-up-${date}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };
}

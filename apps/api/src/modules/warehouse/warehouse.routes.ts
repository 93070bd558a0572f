import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courierQuerySchema, errorResponseSchema, idParamSchema } from '@courier/shared/schemas/common';
import {
  createLabelPrinterSchema,
  createShelfSchema,
  hazardFeeSchema,
  labelPrinterSchema,
  printLabelSchema,
  printResultSchema,
  putAwayResultSchema,
  putAwaySchema,
  shelfSchema,
  warehouseListQuerySchema,
} from '@courier/shared/schemas/warehouse';
import type { AppContext } from '../../context';
import { courierScope } from '../../lib/courier-scope';
import { courierTimeZone } from '../../lib/courier-zone';
import { Storage } from '../../lib/storage';
import { printerPolicy } from '../../lib/outbound-guard';
import { currentUser, requirePermission } from '../../plugins/auth';
import { hazardFeeOf, setHazardFee } from '../fees/index';
import { createPrinter, deletePrinter, listPrinters, printPackageLabel, testPrint } from './label-printers.service';
import { shelfLabelsPdf, shelfListPdf } from './shelf-pdf';
import { createShelf, deleteShelf, findShelf, listShelves, putAway, shelfContents } from './shelves.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['warehouse'];

/** The warehouse floor: shelves and put-away, label printers and printing, the hazard fee. */
export function warehouseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const storage = new Storage(ctx.config);
  const documents = { db: ctx.db, storage };
  const printers = printerPolicy(ctx.config);
  const floor = requirePermission('packages_scan', 'packages_view', 'branches_view');
  const setUp = requirePermission('branches_edit');
  const pdf = (name: string, body: Buffer) => ({ name, body });
  return async (app) => {
    const sendPdf = (reply: import('fastify').FastifyReply, file: { name: string; body: Buffer }) =>
      reply.type('application/pdf').header('content-disposition', `inline; filename="${file.name}"`).send(file.body);

    app.get(
      '/shelves',
      { preHandler: floor, schema: { tags, querystring: warehouseListQuerySchema, response: { 200: z.array(shelfSchema), ...errors } } },
      async (request) => listShelves(ctx.db, currentUser(request), request.query),
    );
    app.post(
      '/shelves',
      {
        preHandler: setUp,
        schema: { tags, querystring: courierQuerySchema, body: createShelfSchema, response: { 201: shelfSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await createShelf(ctx.db, currentUser(request), request.body, request.query.courierId)),
    );
    app.delete(
      '/shelves/:id',
      { preHandler: setUp, schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteShelf(ctx.db, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/shelves/labels.pdf',
      { preHandler: floor, schema: { tags, querystring: warehouseListQuerySchema } },
      async (request, reply) => {
        const list = await listShelves(ctx.db, currentUser(request), request.query);
        if (list.length === 0) return reply.status(404).send({ message: 'No shelves to print' });
        return sendPdf(reply, pdf(`shelf-labels-${list.length}.pdf`, await shelfLabelsPdf(list)));
      },
    );
    app.get('/shelves/:id/label.pdf', { preHandler: floor, schema: { tags, params: idParamSchema } }, async (request, reply) => {
      const shelf = await findShelf(ctx.db, currentUser(request), request.params.id);
      return sendPdf(reply, pdf(`shelf-${shelf.code}.pdf`, await shelfLabelsPdf([shelf])));
    });
    app.get('/shelves/:id/list.pdf', { preHandler: floor, schema: { tags, params: idParamSchema } }, async (request, reply) => {
      const { shelf, rows } = await shelfContents(ctx.db, currentUser(request), request.params.id);
      const zone = await courierTimeZone(ctx.db, shelf.courierId);
      return sendPdf(reply, pdf(`shelf-${shelf.code}-list.pdf`, await shelfListPdf(shelf, rows, zone)));
    });
    app.post(
      '/shelves/put-away',
      {
        preHandler: requirePermission('packages_scan'),
        schema: { tags, body: putAwaySchema, response: { 200: putAwayResultSchema, ...errors } },
      },
      async (request) => putAway(ctx.db, currentUser(request), request.body),
    );

    app.get(
      '/label-printers',
      {
        preHandler: floor,
        schema: { tags, querystring: warehouseListQuerySchema, response: { 200: z.array(labelPrinterSchema), ...errors } },
      },
      async (request) => listPrinters(ctx.db, currentUser(request), request.query),
    );
    app.post(
      '/label-printers',
      {
        preHandler: setUp,
        schema: { tags, querystring: courierQuerySchema, body: createLabelPrinterSchema, response: { 201: labelPrinterSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await createPrinter(ctx.db, printers, currentUser(request), request.body, request.query.courierId)),
    );
    app.delete(
      '/label-printers/:id',
      { preHandler: setUp, schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deletePrinter(ctx.db, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/label-printers/:id/test',
      { preHandler: floor, schema: { tags, params: idParamSchema, response: { 200: printResultSchema, ...errors } } },
      async (request) => testPrint(ctx.db, printers, currentUser(request), request.params.id),
    );
    app.post(
      '/packages/:id/print-label',
      {
        preHandler: requirePermission('packages_scan', 'packages_view'),
        schema: { tags, params: idParamSchema, body: printLabelSchema, response: { 200: printResultSchema, ...errors } },
      },
      async (request) => printPackageLabel(documents, printers, currentUser(request), request.params.id, request.body.printerId),
    );

    app.get(
      '/settings/hazard-fee',
      {
        preHandler: requirePermission('settings_view'),
        schema: { tags, querystring: courierQuerySchema, response: { 200: hazardFeeSchema, ...errors } },
      },
      async (request) => ({ hazardFeeCents: await hazardFeeOf(ctx.db, courierScope(currentUser(request), request.query.courierId)) }),
    );
    app.put(
      '/settings/hazard-fee',
      {
        preHandler: requirePermission('settings_edit'),
        schema: { tags, querystring: courierQuerySchema, body: hazardFeeSchema, response: { 200: hazardFeeSchema, ...errors } },
      },
      async (request) => {
        const user = currentUser(request);
        const courierId = courierScope(user, request.query.courierId);
        return { hazardFeeCents: await setHazardFee(ctx.db, user, courierId, request.body.hazardFeeCents) };
      },
    );
  };
}

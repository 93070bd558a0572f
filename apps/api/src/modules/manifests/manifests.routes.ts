import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, idParamSchema, pageSchema, queryIdSchema } from '@courier/shared/schemas/common';
import {
  MANIFEST_MESSAGES,
  addToManifestSchema,
  removeScannedSchema,
  createManifestSchema,
  importReportSchema,
  manifestDetailSchema,
  manifestListQuerySchema,
  manifestSchema,
  reconciliationCloseSchema,
  reconciliationScanSchema,
  reconciliationSchema,
  shipManifestSchema,
  scanResultSchema,
  updateManifestSchema,
} from '@courier/shared/schemas/manifests';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { loadLetterhead } from '../../lib/pdf/letterhead';
import { Storage } from '../../lib/storage';
import { agentOrPermission, currentUser, requirePermission } from '../../plugins/auth';
import { brokerManifest, manifestCsv, manifestXlsx } from './manifest-export';
import { manifestPdf } from './manifest-pdf';
import { readXlsxRows } from './xlsx';
import { addPackages, importCsv, importRows, removePackage, removeScannedPackage } from './manifest-contents.service';
import { createManifest, updateManifest } from './manifest-editing.service';
import { getManifest, listManifests } from './manifest-queries.service';
import { closeReconciliation, makeReady, reconciliation, reconciliationScan } from './manifest-reconciliation.service';
import { arriveManifest, closeManifest, shipManifest } from './manifest-shipping.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['manifests'];
const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** The one uploaded file of a multipart request, refused when missing, empty or too large. */
async function readUpload(request: FastifyRequest, missing: string, tooLarge: string): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('bad_request', missing);
  let file: Awaited<ReturnType<typeof request.file>>;
  try {
    file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  } catch {
    throw new AppError('bad_request', missing);
  }
  if (!file) throw new AppError('bad_request', missing);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', tooLarge);
    throw error;
  }
  if (data.length === 0) throw new AppError('bad_request', missing);
  return data;
}
const packageParams = z.object({ id: queryIdSchema, packageId: queryIdSchema });

/** AIR and SEA manifests: build, close, ship, arrive, reconcile; CSV and Excel in and out, printable PDF. */
export function manifestsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const s = { db: ctx.db, mailer: ctx.mailer };
  const view = requirePermission('manifests_view');
  // The list and each manifest (no money on them) are the US agent's too; exports and reconciliation are not.
  const agentView = agentOrPermission('manifests_view');
  const edit = requirePermission('manifests_edit');
  const detail = { 200: manifestDetailSchema, ...errors };
  const documents = { db: ctx.db, storage: new Storage(ctx.config) };
  return async (app) => {
    app.get(
      '/manifests',
      {
        preHandler: agentView,
        schema: { tags, querystring: manifestListQuerySchema, response: { 200: pageSchema(manifestSchema), ...errors } },
      },
      async (request) => listManifests(ctx.db, currentUser(request), request.query),
    );
    app.post(
      '/manifests',
      {
        preHandler: requirePermission('manifests_create'),
        schema: { tags, body: createManifestSchema, response: { 201: manifestDetailSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await createManifest(ctx.db, currentUser(request), request.body)),
    );
    app.get('/manifests/:id', { preHandler: agentView, schema: { tags, params: idParamSchema, response: detail } }, async (request) =>
      getManifest(ctx.db, currentUser(request), request.params.id),
    );
    app.patch(
      '/manifests/:id',
      { preHandler: edit, schema: { tags, params: idParamSchema, body: updateManifestSchema, response: detail } },
      async (request) => updateManifest(ctx.db, currentUser(request), request.params.id, request.body),
    );
    app.post(
      '/manifests/:id/packages',
      { preHandler: edit, schema: { tags, params: idParamSchema, body: addToManifestSchema, response: detail } },
      async (request) => addPackages(ctx.db, currentUser(request), request.params.id, request.body),
    );
    app.delete(
      '/manifests/:id/packages/:packageId',
      { preHandler: edit, schema: { tags, params: packageParams, response: detail } },
      async (request) => removePackage(ctx.db, currentUser(request), request.params.id, request.params.packageId),
    );
    app.post(
      '/manifests/:id/packages/removals',
      { preHandler: edit, schema: { tags, params: idParamSchema, body: removeScannedSchema, response: detail } },
      async (request) => removeScannedPackage(ctx.db, currentUser(request), request.params.id, request.body.scan),
    );
    app.post('/manifests/:id/close', { preHandler: edit, schema: { tags, params: idParamSchema, response: detail } }, async (request) =>
      closeManifest(ctx.db, currentUser(request), request.params.id),
    );
    app.post(
      '/manifests/:id/ship',
      { preHandler: edit, schema: { tags, params: idParamSchema, body: shipManifestSchema, response: { 200: manifestSchema, ...errors } } },
      async (request) => shipManifest(s, currentUser(request), request.params.id, request.body ?? {}),
    );
    app.post('/manifests/:id/arrive', { preHandler: edit, schema: { tags, params: idParamSchema, response: detail } }, async (request) =>
      arriveManifest(ctx.db, currentUser(request), request.params.id),
    );
    app.post(
      '/manifests/:id/ready',
      { preHandler: requirePermission('packages_edit'), schema: { tags, params: idParamSchema, response: detail } },
      async (request) => makeReady(s, currentUser(request), request.params.id),
    );

    app.get(
      '/manifests/:id/reconciliation',
      { preHandler: view, schema: { tags, params: idParamSchema, response: { 200: reconciliationSchema, ...errors } } },
      async (request) => reconciliation(ctx.db, currentUser(request), request.params.id),
    );
    app.post(
      '/manifests/:id/reconciliation/scans',
      {
        preHandler: edit,
        schema: { tags, params: idParamSchema, body: reconciliationScanSchema, response: { 200: scanResultSchema, ...errors } },
      },
      async (request) => reconciliationScan(s, currentUser(request), request.params.id, request.body.trackingNumber),
    );
    app.post(
      '/manifests/:id/reconciliation/close',
      {
        preHandler: edit,
        schema: { tags, params: idParamSchema, body: reconciliationCloseSchema, response: { 200: reconciliationSchema, ...errors } },
      },
      async (request) => closeReconciliation(ctx.db, currentUser(request), request.params.id, request.body.note),
    );

    app.get('/manifests/:id/export.csv', { preHandler: view, schema: { tags, params: idParamSchema } }, async (request, reply) => {
      const { name, csv } = await manifestCsv(ctx.db, currentUser(request), request.params.id);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv);
    });
    app.get('/manifests/:id/export.xlsx', { preHandler: view, schema: { tags, params: idParamSchema } }, async (request, reply) => {
      const { name, xlsx } = await manifestXlsx(ctx.db, currentUser(request), request.params.id);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(xlsx);
    });
    app.get('/manifests/:id/manifest.pdf', { preHandler: view, schema: { tags, params: idParamSchema } }, async (request, reply) => {
      const broker = await brokerManifest(ctx.db, currentUser(request), request.params.id);
      const m = broker.manifest;
      const pdf = await manifestPdf(broker, await loadLetterhead(documents, m.courierId, m.branchId));
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${m.manifestNumber}.pdf"`).send(pdf);
    });

    const importSchema = {
      tags,
      consumes: ['multipart/form-data'],
      params: idParamSchema,
      response: { 200: importReportSchema, 413: errorResponseSchema, 415: errorResponseSchema, ...errors },
    };
    app.post('/manifests/:id/import', { preHandler: edit, schema: importSchema }, async (request) => {
      const data = await readUpload(request, MANIFEST_MESSAGES.csvMissing, MANIFEST_MESSAGES.csvTooLarge);
      // CSV has no magic bytes: it must be text (valid UTF-8, no NUL) to be read at all.
      const text = new TextDecoder('utf-8', { fatal: false }).decode(data);
      if (data.includes(0) || text.includes('\uFFFD')) throw new AppError('unsupported_media_type', 'The file must be a CSV text file');
      return importCsv(ctx.db, currentUser(request), request.params.id, text);
    });
    app.post('/manifests/:id/import.xlsx', { preHandler: edit, schema: importSchema }, async (request) => {
      const data = await readUpload(request, MANIFEST_MESSAGES.xlsxMissing, MANIFEST_MESSAGES.xlsxTooLarge);
      // Checked by content: zip magic bytes and a workbook exceljs can open, whatever the name says.
      const rows = await readXlsxRows(data);
      if (!rows) throw new AppError('unsupported_media_type', MANIFEST_MESSAGES.xlsxNotWorkbook);
      return importRows(ctx.db, currentUser(request), request.params.id, rows, MANIFEST_MESSAGES.xlsxNoHeader);
    });
  };
}

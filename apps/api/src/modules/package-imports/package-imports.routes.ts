import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_MESSAGES } from '@courier/shared/domain/package-import';
import { errorResponseSchema, idParamSchema } from '@courier/shared/schemas/common';
import {
  importDetailSchema,
  importPreviewBodySchema,
  importPreviewSchema,
  importUploadSchema,
  importRowResultSchema,
  packageImportSchema,
  resendRowParamsSchema,
  resendRowSchema,
} from '@courier/shared/schemas/package-imports';
import type { AppContext } from '../../context';
import { ownCourier } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import { currentUser, requireRole } from '../../plugins/auth';
import { resendRow } from './import-resend.service';
import { claimImport, createImport, getImport, importReportCsv, listImports, previewImport, runImport } from './package-imports.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['package imports'];
const MAX_BYTES = 10 * 1024 * 1024;

/** The one file of a multipart request, refused when missing, empty or too large. */
async function readFile(request: FastifyRequest): Promise<{ name: string; data: Buffer }> {
  if (!request.isMultipart()) throw new AppError('bad_request', IMPORT_MESSAGES.fileMissing);
  let file: Awaited<ReturnType<typeof request.file>>;
  try {
    file = await request.file({ limits: { fileSize: MAX_BYTES, files: 1 } });
  } catch {
    throw new AppError('bad_request', IMPORT_MESSAGES.fileMissing);
  }
  if (!file) throw new AppError('bad_request', IMPORT_MESSAGES.fileMissing);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', IMPORT_MESSAGES.fileTooLarge);
    throw error;
  }
  if (data.length === 0) throw new AppError('bad_request', IMPORT_MESSAGES.fileMissing);
  return { name: file.filename, data };
}

/** Packages received from a warehouse agent's file: upload, preview with a mapping, import, report. */
export function packageImportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const s = { db: ctx.db, mailer: ctx.mailer };
  // The courier admin, and the courier's US agent whose files these are.
  const admin = requireRole('courier_admin', 'agent');
  return async (app) => {
    app.get(
      '/package-imports',
      { preHandler: admin, schema: { tags, response: { 200: z.array(packageImportSchema), ...errors } } },
      async (request) => listImports(ctx.db, ownCourier(currentUser(request))),
    );

    app.post(
      '/package-imports',
      {
        preHandler: admin,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          response: { 201: importUploadSchema, 413: errorResponseSchema, 415: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const file = await readFile(request);
        return reply.status(201).send(await createImport(ctx.db, { courierId: ownCourier(user), user }, file));
      },
    );

    app.get(
      '/package-imports/:id',
      { preHandler: admin, schema: { tags, params: idParamSchema, response: { 200: importDetailSchema, ...errors } } },
      async (request) => getImport(ctx.db, ownCourier(currentUser(request)), request.params.id),
    );

    app.post(
      '/package-imports/:id/preview',
      {
        preHandler: admin,
        schema: { tags, params: idParamSchema, body: importPreviewBodySchema, response: { 200: importPreviewSchema, ...errors } },
      },
      async (request) => previewImport(ctx.db, ownCourier(currentUser(request)), request.params.id, request.body.mapping),
    );

    app.post(
      '/package-imports/:id/import',
      {
        preHandler: admin,
        schema: { tags, params: idParamSchema, body: importPreviewBodySchema, response: { 202: packageImportSchema, ...errors } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const who = { courierId: ownCourier(user), user };
        const claimed = await claimImport(ctx.db, who.courierId, request.params.id, request.body.mapping);
        // Runs after the answer: the screen polls the import for its progress and report.
        runImport(s, who, claimed.id).catch((error: unknown) =>
          request.log.error({ err: error, importId: claimed.id }, 'package import failed'),
        );
        return reply.status(202).send(claimed);
      },
    );

    // A refused row, fixed and sent again (the agent's way to mend its file without sending it whole).
    app.post(
      '/package-imports/:id/rows/:row',
      {
        preHandler: admin,
        schema: { tags, params: resendRowParamsSchema, body: resendRowSchema, response: { 200: importRowResultSchema, ...errors } },
      },
      async (request) => {
        const user = currentUser(request);
        return resendRow(s, user, ownCourier(user), request.params.id, request.params.row, request.body.cells);
      },
    );

    app.get(
      '/package-imports/:id/report.csv',
      { preHandler: admin, schema: { tags, params: idParamSchema, response: { 200: z.string().describe('text/csv'), ...errors } } },
      async (request, reply) => {
        const { name, csv } = await importReportCsv(ctx.db, ownCourier(currentUser(request)), request.params.id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .send(csv);
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { CONTENT_TYPES, detectFileType } from '../../lib/file-types';
import { Storage, UPLOAD_FOLDERS } from '../../lib/storage';

const params = z.object({ folder: z.enum(UPLOAD_FOLDERS), name: z.string().max(64) });

/**
 * Serves uploaded logos and rate sheets. They are public by nature (the logo shows on the public
 * site, the rate sheet to every customer) and reachable only by their random 128-bit name.
 * The type comes from the bytes; anything that is not an image downloads instead of rendering,
 * and nothing is sniffed or scripted.
 */
export function filesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const storage = new Storage(ctx.config);
  return async (app) => {
    app.get(
      '/files/:folder/:name',
      // No response schema: the answer is the file's bytes (a 404 is the usual `{ message }`).
      { config: { public: true }, schema: { tags: ['files'], params } },
      async (request, reply) => {
        const { folder, name } = request.params;
        const data = await storage.read(folder, name);
        const type = data ? detectFileType(data) : null;
        if (!data || !type) return reply.status(404).send({ message: 'File not found' });
        const isImage = type === 'jpg' || type === 'png' || type === 'gif';
        return reply
          .header('Content-Type', CONTENT_TYPES[type])
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .header(
            'Content-Disposition',
            isImage ? 'inline' : `attachment; filename="${folder === 'rate-sheets' ? 'rate-sheet' : 'file'}.${type}"`,
          )
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .send(data);
      },
    );
  };
}

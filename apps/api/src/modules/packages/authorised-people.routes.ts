import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHORISED_PEOPLE_MESSAGES, authorisedPersonInputSchema, authorisedPersonSchema } from '@courier/shared/schemas/authorised-people';
import { errorResponseSchema, idParamSchema, successSchema } from '@courier/shared/schemas/common';
import type { AppContext } from '../../context';
import { currentUser, requireRole } from '../../plugins/auth';
import { addAuthorisedPerson, listOwnAuthorisedPeople, removeAuthorisedPerson } from './authorised-people.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['customers'];

/** The customer's own list of people who may collect for them; the counter reads it on the collection screen. */
export function authorisedPeopleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const customerOnly = requireRole('customer');
    app.get(
      '/customers/profile/authorised-people',
      { preHandler: customerOnly, schema: { tags, response: { 200: z.array(authorisedPersonSchema), ...errors } } },
      async (req) => listOwnAuthorisedPeople(ctx.db, currentUser(req)),
    );
    app.post(
      '/customers/profile/authorised-people',
      {
        preHandler: customerOnly,
        schema: { tags, body: authorisedPersonInputSchema, response: { 201: authorisedPersonSchema, ...errors } },
      },
      async (req, reply) => reply.status(201).send(await addAuthorisedPerson(ctx.db, currentUser(req), req.body)),
    );
    app.delete(
      '/customers/profile/authorised-people/:id',
      { preHandler: customerOnly, schema: { tags, params: idParamSchema, response: { 200: successSchema, ...errors } } },
      async (req) => {
        await removeAuthorisedPerson(ctx.db, currentUser(req), req.params.id);
        return { success: true, message: AUTHORISED_PEOPLE_MESSAGES.removed };
      },
    );
  };
}

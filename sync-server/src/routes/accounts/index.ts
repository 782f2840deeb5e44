/**
 * Accounts over REST (for integrations, and for the account's own portal):
 *
 * - `GET /api/prices`: the default price list in force today, for the public pages (anyone).
 * - `GET /api/accounts`, `GET /api/accounts/{id}`, `GET /api/accounts/{id}/statement.pdf`: an
 *   admin reads any account; an account's own sign-in (role `account`) reads only its own —
 *   another account's id answers 404, as an unknown one does, so it learns nothing of others.
 * - `POST /api/accounts`, `GET/POST /api/accounts/{id}/users`: admins only.
 * - `GET /api/account/portal`, `POST /api/account/bookings`, `GET /api/account/invoices/{id}/pdf`,
 *   `GET /api/account/quotes/{id}/pdf`: the account's own sign-in only, each answering its own
 *   account's records and nothing else.
 *
 * Writes of accounts go through the `account.save` mutator (the same path as a device's sync).
 * The account role never syncs: the sync endpoints are for staff (routes/sync).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  accountBookingResponseSchema,
  accountInputSchema,
  accountResponseSchema,
  accountUserInputSchema,
  accountUserResponseSchema,
  accountUsersResponseSchema,
  accountsResponseSchema,
  documentRef,
  effectiveVersion,
  defaultPriceList,
  intIdParamsSchema,
  invoiceIdParamsSchema,
  makeAccountBookingInputSchema,
  monthOf,
  pdfFileSchema,
  perthDate,
  poMissing,
  portalResponseSchema,
  pricesResponseSchema,
  quoteIdParamsSchema,
  quotePdfFilename,
  siteOf,
  statementDocument,
  statementQuerySchema,
  type Account,
  type PortalAccount,
  type Quote,
} from '@pilbara/shared-schema';
import { notifyChanges } from '../../db/change-log';
import { mintIntegerId } from '../../db/id-series';
import { getRow } from '../../db/rows';
import { documentKey } from '../../db/repositories/documents';
import {
  accountRecords,
  accountUsers,
  getAccount,
  hasStatement,
  insertAccountBooking,
  listAccounts,
  priceLists,
  statementMonths,
  statementOf,
} from '../../db/repositories/accounts';
import { toPublicUser } from '../../db/repositories/users';
import { HttpError, badRequest, notFound } from '../../http-error';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { writeOnce } from '../../plugins/idempotency';
import { areaDefaults, errorAnswers } from '../../plugins/route-schemas';
import { createAccount } from '../../services/accounts';
import { renderInvoicePdfFor } from '../billing/documents';
import { mutate } from '../staff/mutate';

/** A PDF answer, for the description. */
const PDF_ANSWER = { content: { 'application/pdf': { schema: pdfFileSchema } } };

const ACCOUNT_NOT_FOUND = { paramsNotFound: { message: ACCOUNT_MESSAGES.ACCOUNT_NOT_FOUND } };

/** preHandler: 401 for a guest, 403 for anyone but an admin or an account's own sign-in. */
async function requireAdminOrAccount(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  const role = request.user?.role;
  if (role !== 'admin' && role !== 'account') throw new HttpError(403, MESSAGES.ADMIN_REQUIRED);
}

/** preHandler: 401 for a guest, 403 for anyone but an account's own sign-in. */
async function requireAccountUser(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.user?.role !== 'account' || !request.user.accountId)
    throw new HttpError(403, ACCOUNT_MESSAGES.ACCOUNT_ROLE_REQUIRED);
}

/** The account a caller may see: every one for an admin (null), its own for an account. */
function scopeOf(request: FastifyRequest): number | null {
  return request.user?.role === 'account' ? (request.user.accountId ?? -1) : null;
}

/** The account by id, or 404 when there is none or the caller's scope does not reach it. */
function visibleAccount(app: FastifyInstance, request: FastifyRequest, id: number): Account {
  const scope = scopeOf(request);
  const account = scope === null || scope === id ? getAccount(app.db, id) : undefined;
  if (!account) throw notFound(ACCOUNT_MESSAGES.ACCOUNT_NOT_FOUND);
  return account;
}

/** The caller's own account (role `account`). */
function ownAccount(app: FastifyInstance, request: FastifyRequest): Account {
  const account = getAccount(app.db, request.user?.accountId ?? -1);
  if (!account) throw notFound(ACCOUNT_MESSAGES.ACCOUNT_NOT_FOUND);
  return account;
}

/** What the portal shows of its account: never the credit figures, notes or inductions. */
function portalAccount(account: Account): PortalAccount {
  return {
    id: account.id,
    name: account.name,
    type: account.type,
    legalName: account.legalName,
    abn: account.abn,
    billingEmail: account.billingEmail,
    contacts: account.contacts,
    terms: account.terms,
    poRule: account.poRule,
    isActive: account.isActive,
    sites: account.sites.map(({ inductions: _inductions, ...site }) => site),
  };
}

function sendPdf(reply: FastifyReply, pdf: Uint8Array, filename: string) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store')
    .send(Buffer.from(pdf));
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (plain) => {
    const open = plain.withTypeProvider<ZodTypeProvider>();
    open.addHook('onRoute', areaDefaults({ tag: 'public' }));
    const pricesSchema = {
      summary: 'The default price list in force today (Perth): every public price',
      response: { 200: pricesResponseSchema },
    };
    open.get('/prices', { schema: pricesSchema }, async (_request, reply) => {
      // Public pages ask once per visit; a change of the list shows at the next one.
      reply.header('Cache-Control', 'no-cache');
      const version = effectiveVersion(defaultPriceList(priceLists(app.db)), perthDate(app.now()));
      return { effectiveFrom: version?.effectiveFrom ?? null, items: version?.items ?? [] };
    });
  });

  await app.register(async (plain) => {
    const area = plain.withTypeProvider<ZodTypeProvider>();
    area.addHook('onRoute', areaDefaults({ tag: 'accounts', admin: true }));

    const listSchema = {
      summary: 'Accounts: every one for an admin; its own for an account’s sign-in',
      response: { 200: accountsResponseSchema },
    };
    area.get(
      '/accounts',
      { onRequest: requireAdminOrAccount, schema: listSchema },
      async (request) => {
        const scope = scopeOf(request);
        const accounts = listAccounts(app.db).filter(
          (account) => scope === null || account.id === scope,
        );
        return { accounts };
      },
    );

    const createSchema = {
      summary: 'Add an account (admin); the server mints its id',
      body: accountInputSchema,
      response: { 201: accountResponseSchema, ...errorAnswers(400, 409) },
    };
    area.post(
      '/accounts',
      { onRequest: requireAdmin, schema: createSchema },
      async (request, reply) => {
        const { id: _ignored, ...body } = request.body;
        const result = mutate<{ account: Account }>(app, request, () => ({
          name: 'account.save',
          args: { ...body, id: mintIntegerId(app.db, 'accounts') },
        }));
        return reply.code(201).send({ account: result.account });
      },
    );

    const oneSchema = {
      summary: 'One account (an account’s sign-in: only its own)',
      params: intIdParamsSchema,
      response: { 200: accountResponseSchema, ...errorAnswers(404) },
    };
    area.get(
      '/accounts/:id',
      { onRequest: requireAdminOrAccount, schema: oneSchema, config: ACCOUNT_NOT_FOUND },
      async (request) => ({ account: visibleAccount(app, request, request.params.id) }),
    );

    const statementSchema = {
      summary: 'The account’s statement of a month as a PDF (made on demand)',
      params: intIdParamsSchema,
      querystring: statementQuerySchema,
      response: { 200: PDF_ANSWER, ...errorAnswers(400, 404) },
    };
    area.get(
      '/accounts/:id/statement.pdf',
      { onRequest: requireAdminOrAccount, schema: statementSchema, config: ACCOUNT_NOT_FOUND },
      async (request, reply) => {
        const account = visibleAccount(app, request, request.params.id);
        const { month } = request.query;
        if (month > monthOf(app.now().toISOString()))
          throw badRequest(ACCOUNT_MESSAGES.MONTH_IN_FUTURE, {
            month: ACCOUNT_MESSAGES.MONTH_IN_FUTURE,
          });
        const doc = statementDocument(
          statementOf(app.db, account.id, month),
          account,
          app.profile,
          app.now().toISOString(),
        );
        const pdf = await app.pdf.render({ kind: 'statement', doc });
        return sendPdf(reply, pdf, doc.fileName);
      },
    );

    const usersSchema = {
      summary: 'The sign-ins of an account’s contacts (admin)',
      params: intIdParamsSchema,
      response: { 200: accountUsersResponseSchema, ...errorAnswers(404) },
    };
    area.get(
      '/accounts/:id/users',
      { onRequest: requireAdmin, schema: usersSchema, config: ACCOUNT_NOT_FOUND },
      async (request) => {
        const account = visibleAccount(app, request, request.params.id);
        return { users: accountUsers(app.db, account.id).map(toPublicUser) };
      },
    );

    const addUserSchema = {
      summary: 'Give an account’s contact a sign-in of their own (role account)',
      params: intIdParamsSchema,
      body: accountUserInputSchema,
      response: { 201: accountUserResponseSchema, ...errorAnswers(400, 404, 409) },
    };
    area.post(
      '/accounts/:id/users',
      { onRequest: requireAdmin, schema: addUserSchema, config: ACCOUNT_NOT_FOUND },
      async (request, reply) => {
        const account = visibleAccount(app, request, request.params.id);
        const user = await createAccount(
          app.db,
          { ...request.body, role: 'account', accountId: account.id },
          app.passwordCost,
          app.now(),
        );
        return reply.code(201).send({ user: toPublicUser(user) });
      },
    );

    const portalSchema = {
      summary: 'Everything of the signed-in account’s own: jobs, bookings, quotes, invoices',
      response: { 200: portalResponseSchema },
    };
    area.get(
      '/account/portal',
      { onRequest: requireAccountUser, schema: portalSchema },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const account = ownAccount(app, request);
        const records = accountRecords(app.db, account.id);
        const statements = statementMonths(app.db, account.id, app.now())
          .map((month) => ({ month, statement: statementOf(app.db, account.id, month) }))
          .filter(({ statement }) => hasStatement(statement))
          .map(({ month, statement }) => ({ month, closingCents: statement.closingCents }));
        return {
          account: portalAccount(account),
          jobs: records.jobs.map(({ notes: _notes, creditHoldNote: _note, ...job }) => job),
          updates: records.updates,
          bookings: records.bookings.map(({ creditHold: _hold, ...booking }) => booking),
          quotes: records.quotes.map(({ notes: _notes, ...quote }) => quote),
          invoices: records.invoices,
          creditNotes: records.creditNotes,
          statements,
          asOf: app.now().toISOString(),
        };
      },
    );

    // "Not before today" is judged by the server's clock in Perth, as for a guest's booking.
    const bookingBody = makeAccountBookingInputSchema(() => perthDate(app.now()));
    const bookSchema = {
      summary: 'Book work under the signed-in account, at one of its sites, with a PO',
      body: bookingBody,
      response: { 201: accountBookingResponseSchema, ...errorAnswers(400, 404, 409, 422) },
    };
    area.post(
      '/account/bookings',
      { onRequest: requireAccountUser, schema: bookSchema, config: { idempotent: true } },
      async (request, reply) => {
        const account = ownAccount(app, request);
        const input = request.body;
        if (!account.isActive) throw new HttpError(409, ACCOUNT_MESSAGES.ACCOUNT_CLOSED);
        if (!siteOf(account, input.siteId))
          throw badRequest(ACCOUNT_MESSAGES.SITE_NOT_FOUND, {
            siteId: ACCOUNT_MESSAGES.SITE_NOT_FOUND,
          });
        if (poMissing(account, input.poNumber))
          throw badRequest(ACCOUNT_MESSAGES.PO_REQUIRED, {
            poNumber: ACCOUNT_MESSAGES.PO_REQUIRED,
          });
        const result = writeOnce(app, request, 'POST /api/account/bookings', () => {
          const { creditHold: _hold, ...booking } = insertAccountBooking(
            app.db,
            account,
            { ...input, poNumber: input.poNumber ?? null },
            app.now(),
          );
          return { status: 201 as const, body: { booking } };
        });
        if (!result.replayed) notifyChanges(app.db);
        return reply.code(result.status).send(result.body);
      },
    );

    const invoicePdfSchema = {
      summary: 'One of the signed-in account’s invoices as a PDF',
      params: invoiceIdParamsSchema,
      response: { 200: PDF_ANSWER, ...errorAnswers(404) },
    };
    area.get(
      '/account/invoices/:id/pdf',
      {
        onRequest: requireAccountUser,
        schema: invoicePdfSchema,
        config: { paramsNotFound: { message: MESSAGES.INVOICE_NOT_FOUND } },
      },
      async (request, reply) => {
        const rendered = await renderInvoicePdfFor(
          app,
          request.params.id,
          (invoice) => invoice.accountId === request.user?.accountId,
        );
        return sendPdf(reply, rendered.pdf, rendered.fileName);
      },
    );

    const quotePdfSchema = {
      summary: 'One of the signed-in account’s quotes as a PDF',
      params: quoteIdParamsSchema,
      response: { 200: PDF_ANSWER, ...errorAnswers(404) },
    };
    area.get(
      '/account/quotes/:id/pdf',
      {
        onRequest: requireAccountUser,
        schema: quotePdfSchema,
        config: { paramsNotFound: { message: MESSAGES.QUOTE_NOT_FOUND } },
      },
      async (request, reply) => {
        const key = documentKey(app.db, 'quotes', request.params.id) ?? request.params.id;
        const quote = getRow<Quote>(app.db, 'quotes', key);
        if (!quote || quote.accountId !== request.user?.accountId || quote.status === 'draft')
          throw notFound(MESSAGES.QUOTE_NOT_FOUND);
        const pdf = await app.pdf.render({
          kind: 'quote',
          quote,
          options: { profile: app.profile },
        });
        return sendPdf(reply, pdf, quotePdfFilename(documentRef(quote)));
      },
    );
  });
};

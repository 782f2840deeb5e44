/**
 * Quotes billing (issues 7 and 18): the quote, tax invoice and credit note PDFs and emails, card
 * payment with its webhook, payments staff record by hand, invoice detail, and the books export.
 * Register under /api:
 *
 *   await app.register(billingRoutes, { prefix: '/api' });
 *
 * Each route guards itself: the PDFs, emails, record-payment, invoice and books calls need an admin;
 * create-payment-intent and the webhook are public (the customer and Stripe call them).
 */
import type { FastifyPluginAsync } from 'fastify';
import { areaDefaults } from '../../plugins/route-schemas';
import { createStripeClient } from '../../services/payments';
import { booksRoutes } from './books';
import { quoteDocumentRoutes } from './documents';
import { invoiceDetailRoutes } from './invoices';
import { paymentRoutes } from './payments';
import { webhookRoutes } from './webhook';

export const billingRoutes: FastifyPluginAsync = async (app) => {
  const stripe = createStripeClient(app.config);
  // The webhook's raw-body parser lives in its own context; empty JSON bodies of the no-body
  // POSTs are accepted app-wide (plugins/request-rules.ts).
  await app.register(async (publicArea) => {
    publicArea.addHook('onRoute', areaDefaults({ tag: 'payments' }));
    await publicArea.register(webhookRoutes);
    await publicArea.register(paymentRoutes, { stripe });
  });
  await app.register(async (staffArea) => {
    staffArea.addHook('onRoute', areaDefaults({ tag: 'staff', admin: true }));
    await staffArea.register(quoteDocumentRoutes);
    await staffArea.register(invoiceDetailRoutes);
    await staffArea.register(booksRoutes);
  });
};

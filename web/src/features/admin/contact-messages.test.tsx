import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  MESSAGES,
  URGENT_CONTACT_SERVICE,
  contactMessageBadges,
  emailRecordSchema,
  formatDateTime,
  type EmailRecord,
} from '@pilbara/shared-schema';
import { aContactMessage } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, json, type FakeApi } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { ADMIN_TEXT, MESSAGE_TEXT } from './admin-text';
import { replyFailures } from './reply-fixture';
import { ContactMessages } from './contact-messages';
import { useEmails } from './use-admin-data';

/** The Contact Messages tab as the admin panel shows it: the messages on this device. */
function Inbox() {
  return <ContactMessages emails={useEmails()} />;
}

async function renderInbox(...emails: EmailRecord[]) {
  await db.emails.bulkPut(emails);
  return renderScreen(<Inbox />, { route: '/admin' });
}

async function message(id: number): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .getAllByTestId('contact-message')
      .find((element) => element.dataset.messageId === String(id));
    if (!found) throw new Error(`no message ${id}`);
    return found;
  });
}

const QUOTE_REQUEST = aContactMessage({
  id: 2,
  subject: 'Quote request: Long Distance Towing',
  kind: 'quote',
  details: { vehicle: 'Toyota LandCruiser', fromLocation: 'Karratha', toLocation: 'Perth' },
  customerInfo: {
    name: 'Robin Hale',
    phone: '0499111222',
    email: 'robin@example.com',
    service: 'Long Distance Towing',
    message: 'Need the cruiser taken to Perth next week',
  },
  timestamp: '2026-11-21T08:00:00.000Z',
});

let api: FakeApi;

beforeEach(async () => {
  await resetDevice();
  api = fakeApi();
});

describe('the contact messages', () => {
  it('says so when none came in', async () => {
    renderScreen(<ContactMessages emails={[]} />);
    expect(screen.getByText(ADMIN_TEXT.noMessages)).toBeTruthy();
  });

  it('puts the new ones before the handled, newest first, with who handled it', async () => {
    await renderInbox(
      aContactMessage({ id: 1, timestamp: '2026-11-19T08:00:00.000Z' }),
      aContactMessage({
        id: 3,
        timestamp: '2026-11-22T08:00:00.000Z',
        status: 'handled',
        handledBy: 'Kim Owner',
        handledAt: '2026-11-22T09:00:00.000Z',
      }),
      QUOTE_REQUEST,
    );
    await waitFor(() => expect(screen.getAllByTestId('contact-message')).toHaveLength(3));
    const order = screen
      .getAllByTestId('contact-message')
      .map((element) => [element.dataset.messageId, element.dataset.status]);
    expect(order).toEqual([
      ['2', 'new'],
      ['1', 'new'],
      ['3', 'handled'],
    ]);
    const handled = await message(3);
    expect(within(handled).getByText(MESSAGE_TEXT.handled)).toBeTruthy();
    expect(
      within(handled).getByText(
        MESSAGE_TEXT.handledBy('Kim Owner', formatDateTime('2026-11-22T09:00:00.000Z')),
      ),
    ).toBeTruthy();
    expect(within(handled).getByRole('button', { name: MESSAGE_TEXT.markNew })).toBeTruthy();
  });

  it('marks an urgent message that has not gone out yet, and a quote request with its route', async () => {
    const urgentMessage = aContactMessage({
      id: 1,
      sent: false,
      customerInfo: { ...aContactMessage().customerInfo!, service: URGENT_CONTACT_SERVICE },
    });
    await renderInbox(urgentMessage, QUOTE_REQUEST);
    const urgent = await message(1);
    const urgentBadges = contactMessageBadges(urgentMessage);
    expect(urgentBadges).toEqual({ delivery: 'Pending', priority: 'URGENT' });
    expect(within(urgent).getByText(urgentBadges.priority)).toBeTruthy();
    expect(within(urgent).getByText(urgentBadges.delivery)).toBeTruthy();
    expect(within(urgent).queryByText(MESSAGE_TEXT.quoteRequest)).toBeNull();

    const request = await message(2);
    const requestBadges = contactMessageBadges(QUOTE_REQUEST);
    expect(within(request).getByText(MESSAGE_TEXT.quoteRequest)).toBeTruthy();
    expect(within(request).getByText(requestBadges.priority)).toBeTruthy();
    expect(within(request).getByText(requestBadges.delivery)).toBeTruthy();
    expect(within(request).getByText(MESSAGE_TEXT.route(QUOTE_REQUEST.details!))).toBeTruthy();
  });

  it('shows a copy with no customer behind it by where it went, with nothing to answer', async () => {
    await renderInbox(aContactMessage({ id: 4, customerInfo: null }));
    const copy = await message(4);
    expect(within(copy).getByText('To: office@pilbaratow.example')).toBeTruthy();
    expect(within(copy).queryByRole('button')).toBeNull();
  });

  it('lists the replies under the message, marking one that did not go with why', async () => {
    await renderInbox(
      aContactMessage({
        replies: [
          {
            id: 'r1',
            at: '2026-11-20T09:00:00.000Z',
            by: 'Kim Owner',
            text: 'We can be there by 10.',
            status: 'failed',
            error: 'Mailbox unavailable',
          },
        ],
      }),
    );
    const replies = within(await message(1)).getByTestId('message-replies');
    expect(
      within(replies).getByText(
        MESSAGE_TEXT.replyBy('Kim Owner', formatDateTime('2026-11-20T09:00:00.000Z'), 'failed'),
      ),
    ).toBeTruthy();
    expect(within(replies).getByText('We can be there by 10.')).toBeTruthy();
    expect(within(replies).getByText('Mailbox unavailable')).toBeTruthy();
  });
});

describe('closing the loop', () => {
  it('marks a message handled on this device, and new again', async () => {
    const { user } = await renderInbox(aContactMessage());
    await user.click(
      within(await message(1)).getByRole('button', { name: MESSAGE_TEXT.markHandled }),
    );
    await waitFor(async () => expect((await message(1)).dataset.status).toBe('handled'));
    expect((await db.emails.get(1))?.status).toBe('handled');

    await user.click(within(await message(1)).getByRole('button', { name: MESSAGE_TEXT.markNew }));
    await waitFor(async () => expect((await message(1)).dataset.status).toBe('new'));
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual([
      'contactMessage.setStatus',
      'contactMessage.setStatus',
    ]);
  });

  it('turns a quote request into a draft quote for the customer, and links it', async () => {
    const { user } = await renderInbox(QUOTE_REQUEST);
    await user.click(
      within(await message(2)).getByRole('button', { name: MESSAGE_TEXT.makeQuote }),
    );
    const [quote] = await waitFor(async () => {
      const quotes = await db.quotes.toArray();
      expect(quotes).toHaveLength(1);
      return quotes;
    });
    expect(await screen.findByText(MESSAGE_TEXT.quoteDrafted(String(quote?.id)))).toBeTruthy();
    expect(quote).toMatchObject({
      status: 'draft',
      customerName: 'Robin Hale',
      customerEmail: 'robin@example.com',
      fromLocation: 'Karratha',
      toLocation: 'Perth',
    });
    const linked = await message(2);
    await waitFor(() =>
      expect(within(linked).getByText(MESSAGE_TEXT.quoteMade(String(quote?.id)))).toBeTruthy(),
    );
    expect(within(linked).queryByRole('button', { name: MESSAGE_TEXT.makeQuote })).toBeNull();
  });
});

describe('replying by email', () => {
  async function openReply() {
    const view = await renderInbox(aContactMessage());
    await view.user.click(
      within(await message(1)).getByRole('button', { name: MESSAGE_TEXT.reply }),
    );
    const field = await screen.findByLabelText(MESSAGE_TEXT.replyLabel('dana@example.com'));
    return { ...view, field };
  }

  async function send(user: Awaited<ReturnType<typeof openReply>>['user']) {
    await user.click(screen.getByRole('button', { name: MESSAGE_TEXT.sendReply }));
  }

  it('asks for the reply first and sends nothing', async () => {
    const { user } = await openReply();
    await send(user);
    expect(await screen.findByText(MESSAGES.REPLY_REQUIRED)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the reply through the server, says to whom, and closes the box', async () => {
    api.on('POST /api/contact-messages/1/reply', (call) =>
      json({
        message: emailRecordSchema.parse(
          aContactMessage({
            status: 'handled',
            replies: [
              {
                id: 'r1',
                at: '2026-11-20T09:00:00.000Z',
                by: 'Kim Owner',
                text: (call.body as { text: string }).text,
                status: 'sent',
                error: null,
              },
            ],
          }),
        ),
      }),
    );
    const { user, field } = await openReply();
    await fill(user, field, 'A truck is on its way from Karratha.');
    await send(user);
    expect(await screen.findByText(MESSAGE_TEXT.replySent('dana@example.com'))).toBeTruthy();
    expect(api.callsTo('POST /api/contact-messages/1/reply')[0]?.body).toEqual({
      text: 'A truck is on its way from Karratha.',
    });
    await waitFor(() =>
      expect(screen.queryByLabelText(MESSAGE_TEXT.replyLabel('dana@example.com'))).toBeNull(),
    );
  });

  it.each(replyFailures(MESSAGE_TEXT.replyNeedsConnection))(
    'keeps the reply and says why when %s',
    async (_, answer, shown) => {
      api.on('POST /api/contact-messages/1/reply', answer);
      const { user, field } = await openReply();
      await fill(user, field, 'A truck is on its way.');
      await send(user);
      expect(await screen.findByText(shown)).toBeTruthy();
      expect((field as HTMLTextAreaElement).value).toBe('A truck is on its way.');
    },
  );

  it('closes the box on Cancel and sends nothing', async () => {
    const { user } = await openReply();
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.cancel }));
    await waitFor(() =>
      expect(screen.queryByLabelText(MESSAGE_TEXT.replyLabel('dana@example.com'))).toBeNull(),
    );
    expect(api.calls).toHaveLength(0);
  });
});

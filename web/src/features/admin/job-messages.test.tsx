import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  JOB_MESSAGES_TEXT,
  MESSAGES,
  jobMessagesResponseSchema,
  messageEventLabel,
  type JobMessage,
} from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, json, setOnline } from '../../lib/testing/fake-api';
import { JobMessages } from './job-messages';

const JOB = 'JOB-2026-1';
const PATH = `GET /api/jobs/${JOB}/messages`;

function message(overrides: Partial<JobMessage> & Pick<JobMessage, 'id'>): JobMessage {
  return {
    type: 'sms',
    event: 'job_en_route',
    recipient: '+61412345678',
    status: 'sent',
    message: 'Pilbara Towing: Sam is on the way to Karratha.',
    error: null,
    createdAt: '2026-11-20T08:10:00.000Z',
    sentAt: '2026-11-20T08:10:05.000Z',
    segments: 1,
    attempts: 1,
    resendOf: null,
    ...overrides,
  };
}

/** The server's answer, checked against its schema. */
function answer(messages: JobMessage[]) {
  return json(jobMessagesResponseSchema.parse({ messages }));
}

function renderMessages() {
  return renderScreen(<JobMessages jobId={JOB} />, { route: '/admin' });
}

beforeEach(() => setOnline(true));
afterEach(() => setOnline(true));

describe('the messages sent to the customer about a job', () => {
  it('says none were sent yet', async () => {
    fakeApi({ [PATH]: answer([]) });
    renderMessages();
    expect(await screen.findByText(JOB_MESSAGES_TEXT.none)).toBeTruthy();
  });

  it('lists each with what it was about, the channel, where it stands and to whom', async () => {
    fakeApi({
      [PATH]: answer([
        message({ id: 1 }),
        message({
          id: 2,
          type: 'email',
          event: 'job_completed',
          recipient: 'dana@example.com',
          segments: null,
          message: 'Your job is complete.',
        }),
      ]),
    });
    renderMessages();
    await waitFor(() => expect(screen.getAllByTestId('job-message')).toHaveLength(2));
    const [text, email] = screen.getAllByTestId('job-message');
    expect(text!.dataset.channel).toBe('sms');
    expect(within(text!).getByText(messageEventLabel('job_en_route'))).toBeTruthy();
    expect(within(text!).getByText(JOB_MESSAGES_TEXT.channel.sms)).toBeTruthy();
    expect(within(text!).getByText(JOB_MESSAGES_TEXT.status.sent)).toBeTruthy();
    expect(text!.textContent).toContain('+61412345678');
    expect(text!.textContent).toContain(JOB_MESSAGES_TEXT.segments(1));
    expect(email!.dataset.channel).toBe('email');
    expect(email!.textContent).toContain('dana@example.com');
    expect(within(email!).getByText('Your job is complete.')).toBeTruthy();
  });

  it('shows the provider’s reason for a failed text and offers to send it again', async () => {
    const api = fakeApi({
      [PATH]: answer([message({ id: 3, status: 'failed', error: 'Number is not mobile' })]),
    });
    api.on(
      'POST /api/notifications/3/resend',
      json({ message: message({ id: 4, status: 'pending', resendOf: 3, sentAt: null }) }),
    );
    const { user } = renderMessages();
    const item = await screen.findByTestId('job-message');
    expect(item.dataset.status).toBe('failed');
    expect(within(item).getByRole('note').textContent).toBe('Number is not mobile');
    api.on(
      PATH,
      answer([
        message({ id: 3, status: 'failed', error: 'Number is not mobile' }),
        message({ id: 4, status: 'sent', resendOf: 3 }),
      ]),
    );
    await user.click(
      within(item).getByRole('button', {
        name: `${JOB_MESSAGES_TEXT.resend}: ${messageEventLabel('job_en_route')} (Text)`,
      }),
    );
    expect(await screen.findByText(JOB_MESSAGES_TEXT.resent)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('job-message')).toHaveLength(2));
    expect(api.callsTo('POST /api/notifications/3/resend')).toHaveLength(1);
  });

  it('offers no resend for a message still on its way', async () => {
    fakeApi({ [PATH]: answer([message({ id: 5, status: 'sending', sentAt: null })]) });
    renderMessages();
    const item = await screen.findByTestId('job-message');
    expect(within(item).getByText(JOB_MESSAGES_TEXT.status.sending)).toBeTruthy();
    expect(within(item).queryByRole('button')).toBeNull();
  });

  it('says the list needs a connection when offline', async () => {
    const api = fakeApi();
    setOnline(false);
    renderMessages();
    expect(await screen.findByText(JOB_MESSAGES_TEXT.needsConnection)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server’s refusal when the list cannot be read', async () => {
    fakeApi({ [PATH]: json({ error: 'Staff only' }, 403) });
    renderMessages();
    expect(await screen.findByText('Staff only')).toBeTruthy();
  });

  it('says why a resend failed in an error toast', async () => {
    const api = fakeApi({ [PATH]: answer([message({ id: 6, status: 'failed' })]) });
    api.on('POST /api/notifications/6/resend', json({ error: 'SMS is not set up' }, 503));
    const { user } = renderMessages();
    const item = await screen.findByTestId('job-message');
    await user.click(within(item).getByRole('button', { name: /^Send again/ }));
    expect(await screen.findByText('SMS is not set up')).toBeTruthy();
    expect(screen.getByText(MESSAGES.ERROR_TITLE)).toBeTruthy();
  });
});

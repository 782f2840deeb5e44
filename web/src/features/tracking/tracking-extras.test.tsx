import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SMS_OPT_OUT_TEXT, TRUCK_TEXT, trackPhotoUrl } from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, json } from '../../lib/testing/fake-api';
import { TextMessages } from './text-messages';
import { TruckPosition } from './truck-position';
import { VehiclePhotos } from './vehicle-photos';

const TOKEN = 'job-token-aaaaaaaaaaaaaa';
const SMS = `GET /api/track/${TOKEN}/sms`;

describe('text messages on the tracking page', () => {
  it('draws nothing for a job with no mobile on file', async () => {
    const api = fakeApi({ [SMS]: json({ texts: 'none', phone: null, restartable: false }) });
    renderScreen(<TextMessages token={TOKEN} />);
    await waitFor(() => expect(api.callsTo(SMS)).toHaveLength(1));
    expect(screen.queryByTestId('text-messages')).toBeNull();
  });

  it('draws nothing while the answer cannot come (no signal)', async () => {
    const api = fakeApi();
    renderScreen(<TextMessages token={TOKEN} />);
    await waitFor(() => expect(api.callsTo(SMS)).toHaveLength(1));
    expect(screen.queryByTestId('text-messages')).toBeNull();
  });

  const ON = { texts: 'on', phone: '04•• ••• 678', restartable: false };
  const OFF_HERE = { texts: 'off', phone: '04•• ••• 678', restartable: true };

  it('asks once before it stops the texts, and can keep them', async () => {
    const api = fakeApi({ [SMS]: json(ON) });
    api.on(`POST /api/track/${TOKEN}/sms/stop`, json(OFF_HERE));
    const { user } = renderScreen(<TextMessages token={TOKEN} />);
    const panel = await screen.findByTestId('text-messages');
    expect(within(panel).getByRole('status').textContent).toBe(SMS_OPT_OUT_TEXT.on('04•• ••• 678'));
    await user.click(within(panel).getByRole('button', { name: SMS_OPT_OUT_TEXT.stop }));
    expect(within(panel).getByText(SMS_OPT_OUT_TEXT.confirm('04•• ••• 678'))).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: SMS_OPT_OUT_TEXT.keep }));
    expect(within(panel).getByRole('button', { name: SMS_OPT_OUT_TEXT.stop })).toBeTruthy();
    expect(api.callsTo(`POST /api/track/${TOKEN}/sms/stop`)).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: SMS_OPT_OUT_TEXT.stop }));
    await user.click(within(panel).getByRole('button', { name: SMS_OPT_OUT_TEXT.confirmStop }));
    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe(
        SMS_OPT_OUT_TEXT.offHere('04•• ••• 678'),
      ),
    );
    expect(within(panel).queryByRole('button', { name: SMS_OPT_OUT_TEXT.stop })).toBeNull();
    expect(api.callsTo(`POST /api/track/${TOKEN}/sms/stop`)).toHaveLength(1);
  });

  it('starts the texts again from the same page after a stop made there', async () => {
    const api = fakeApi({ [SMS]: json(OFF_HERE) });
    api.on(`POST /api/track/${TOKEN}/sms/start`, json(ON));
    const { user } = renderScreen(<TextMessages token={TOKEN} />);
    const panel = await screen.findByTestId('text-messages');
    await user.click(within(panel).getByRole('button', { name: SMS_OPT_OUT_TEXT.start }));
    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe(
        SMS_OPT_OUT_TEXT.on('04•• ••• 678'),
      ),
    );
    expect(api.callsTo(`POST /api/track/${TOKEN}/sms/start`)).toHaveLength(1);
  });

  it('says the texts could not be stopped, and keeps the button, when the signal drops', async () => {
    fakeApi({ [SMS]: json(ON) });
    const { user } = renderScreen(<TextMessages token={TOKEN} />);
    const panel = await screen.findByTestId('text-messages');
    await user.click(within(panel).getByRole('button', { name: SMS_OPT_OUT_TEXT.stop }));
    await user.click(within(panel).getByRole('button', { name: SMS_OPT_OUT_TEXT.confirmStop }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(SMS_OPT_OUT_TEXT.failed);
    expect(within(panel).getByRole('button', { name: SMS_OPT_OUT_TEXT.stop })).toBeTruthy();
  });

  it('says texts are off for a number that replied STOP, with no button', async () => {
    fakeApi({ [SMS]: json({ texts: 'off', phone: '04•• ••• 678', restartable: false }) });
    renderScreen(<TextMessages token={TOKEN} />);
    const panel = await screen.findByTestId('text-messages');
    expect(within(panel).getByRole('status').textContent).toBe(
      SMS_OPT_OUT_TEXT.off('04•• ••• 678'),
    );
    expect(within(panel).queryByRole('button')).toBeNull();
  });
});

describe('the photos of the customer’s vehicle', () => {
  const photo = (id: string, stage: 'pickup' | 'dropoff') => ({
    id,
    stage,
    takenAt: '2026-11-20T08:30:00.000Z',
    width: 1600,
    height: 1200,
  });

  it('shows the pickup and drop-off photos from the tracking link, by stage', async () => {
    fakeApi({
      [`GET /api/track/${TOKEN}/photos`]: json({
        photos: [
          photo('0b1c2d3e-0000-4000-8000-000000000001', 'pickup'),
          photo('0b1c2d3e-0000-4000-8000-000000000002', 'pickup'),
          photo('0b1c2d3e-0000-4000-8000-000000000003', 'dropoff'),
        ],
      }),
    });
    renderScreen(<VehiclePhotos token={TOKEN} version="Completed" />);
    const panel = await screen.findByTestId('vehicle-photos');
    const images = within(panel).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'Pickup 1 of 2',
      'Pickup 2 of 2',
      'Drop-off 1 of 1',
    ]);
    expect(images[0]?.getAttribute('src')).toBe(
      trackPhotoUrl(TOKEN, '0b1c2d3e-0000-4000-8000-000000000001', 'thumb'),
    );
  });

  it('shows nothing when there are none, or no signal', async () => {
    const api = fakeApi({ [`GET /api/track/${TOKEN}/photos`]: json({ photos: [] }) });
    renderScreen(<VehiclePhotos token={TOKEN} version="En Route" />);
    await waitFor(() => expect(api.callsTo(`GET /api/track/${TOKEN}/photos`)).toHaveLength(1));
    expect(screen.queryByTestId('vehicle-photos')).toBeNull();
  });
});

describe('the truck on the map', () => {
  const position = (minutesAgo: number, now: Date) => ({
    latitude: -20.7381,
    longitude: 116.8463,
    recordedAt: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
  });

  it('says when and near where the truck was last seen', () => {
    const now = new Date('2026-11-20T08:40:00.000Z');
    renderScreen(<TruckPosition position={position(2, now)} location="Karratha" now={now} />);
    const panel = screen.getByTestId('truck-position');
    expect(panel.dataset.state).not.toBe('out-of-coverage');
    expect(within(panel).getByRole('heading', { name: TRUCK_TEXT.heading })).toBeTruthy();
    expect(within(panel).getByTestId('truck-last-seen').textContent).toMatch(/2 min/);
  });

  it('says the truck is out of coverage once its last fix is old', () => {
    const now = new Date('2026-11-20T08:40:00.000Z');
    renderScreen(<TruckPosition position={position(20, now)} location="Karratha" now={now} />);
    const panel = screen.getByTestId('truck-position');
    expect(panel.dataset.state).toBe('out-of-coverage');
    expect(within(panel).getByRole('alert')).toBeTruthy();
  });
});

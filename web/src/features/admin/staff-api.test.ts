import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { fakeApi, json, setOnline } from '../../lib/testing/fake-api';
import { StaffOfflineError, fieldErrors, listStaff, useAssignableDrivers } from './staff-api';
import { HttpError } from '../../lib/http';

const DRIVERS = {
  drivers: [
    { id: 2, name: 'Sam Taylor' },
    { id: 3, name: 'Alex Brown' },
  ],
};

beforeEach(() => {
  localStorage.clear();
  setOnline(true);
});

afterEach(() => {
  localStorage.clear();
  setOnline(true);
});

describe('the drivers a job can be given to', () => {
  it('reads the active drivers and keeps them for the next time there is no signal', async () => {
    fakeApi({ 'GET /api/drivers': json(DRIVERS) });
    const first = renderHook(() => useAssignableDrivers());
    expect(first.result.current.drivers).toBeNull();
    await waitFor(() => expect(first.result.current.drivers).toEqual(DRIVERS.drivers));
    first.unmount();

    const api = fakeApi();
    setOnline(false);
    const later = renderHook(() => useAssignableDrivers());
    expect(later.result.current.drivers).toEqual(DRIVERS.drivers);
    expect(api.calls).toHaveLength(0);
  });

  it('reads them again when the connection returns', async () => {
    const api = fakeApi({ 'GET /api/drivers': json({ drivers: [] }) });
    const { result } = renderHook(() => useAssignableDrivers());
    await waitFor(() => expect(result.current.drivers).toEqual([]));
    api.on('GET /api/drivers', json(DRIVERS));
    act(() => setOnline(true));
    await waitFor(() => expect(result.current.drivers).toEqual(DRIVERS.drivers));
    expect(api.callsTo('GET /api/drivers')).toHaveLength(2);
  });

  it('keeps the last list when the server refuses', async () => {
    localStorage.setItem(
      'assignableDriverAccounts',
      JSON.stringify([{ id: 2, name: 'Sam Taylor' }]),
    );
    const api = fakeApi({ 'GET /api/drivers': json({ error: 'Admins only' }, 403) });
    const { result } = renderHook(() => useAssignableDrivers());
    await waitFor(() => expect(api.callsTo('GET /api/drivers')).toHaveLength(1));
    expect(result.current.drivers).toEqual([{ id: 2, name: 'Sam Taylor' }]);
  });
});

describe('staff calls without a connection', () => {
  it('refuse at once, naming the missing connection, when the browser is offline', async () => {
    const api = fakeApi();
    setOnline(false);
    await expect(listStaff()).rejects.toBeInstanceOf(StaffOfflineError);
    expect(api.calls).toHaveLength(0);
  });

  it('treat a request that got no answer as offline too', async () => {
    fakeApi({ 'GET /api/staff': 'offline' });
    await expect(listStaff()).rejects.toBeInstanceOf(StaffOfflineError);
  });

  it('hand back the field messages of a refused answer', () => {
    const error = new HttpError(
      409,
      'Conflict',
      JSON.stringify({ error: 'Taken', fields: { username: 'Username is already taken', n: 3 } }),
    );
    expect(fieldErrors(error)).toEqual({ username: 'Username is already taken' });
    expect(fieldErrors(new Error('boom'))).toEqual({});
  });
});

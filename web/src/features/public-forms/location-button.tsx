/**
 * "Use my location": fills the booking's location with the phone's GPS fix and the nearest town
 * (the geolocation API works without data signal on most phones). When it is refused or not
 * available the customer is told so plainly, and can still type the location.
 */
import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { locationFromPosition } from '@pilbara/shared-schema';

const LOCATION_TEXTS = {
  button: 'Use my location',
  finding: 'Finding you...',
  denied:
    'Location access was refused, so we cannot read your position. Type where you are, or allow location for this site in your browser settings.',
  unavailable:
    'Your phone could not work out where you are just now. Type the nearest road, town or km marker instead.',
  unsupported: 'This browser cannot share your location. Type the nearest road, town or km marker.',
  filled: 'Location filled from your phone. Add anything that helps us find you.',
};

export function LocationButton({ onLocation }: { onLocation: (text: string) => void }) {
  const [state, setState] = useState<'idle' | 'finding' | 'filled' | 'failed'>('idle');
  const [message, setMessage] = useState('');

  const locate = () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState('failed');
      setMessage(LOCATION_TEXTS.unsupported);
      return;
    }
    setState('finding');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        onLocation(
          locationFromPosition({ lat: position.coords.latitude, lng: position.coords.longitude }),
        );
        setState('filled');
        setMessage(LOCATION_TEXTS.filled);
      },
      (error) => {
        setState('failed');
        setMessage(
          error.code === error.PERMISSION_DENIED
            ? LOCATION_TEXTS.denied
            : LOCATION_TEXTS.unavailable,
        );
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };

  return (
    <div>
      <Button
        variant="outline"
        mih={44}
        leftSection={<IconCurrentLocation size={18} aria-hidden />}
        onClick={locate}
        loading={state === 'finding'}
        loaderProps={{ type: 'dots' }}
      >
        {LOCATION_TEXTS.button}
      </Button>
      {message ? (
        <Text
          size="sm"
          mt={6}
          role={state === 'failed' ? 'alert' : 'status'}
          c={state === 'failed' ? 'red.8' : 'green.9'}
        >
          {message}
        </Text>
      ) : null}
    </div>
  );
}

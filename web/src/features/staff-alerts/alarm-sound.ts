/**
 * The in-app alarm's sound: a two-tone beep every few seconds, drawn with the Web Audio API (no
 * sound file to download or cache), and a buzz on phones that can. Browsers start audio only
 * after the person has touched the page; until then the alarm says the sound is off and one tap
 * turns it on.
 */
import { useCallback, useEffect, useState } from 'react';

/** How often the beep repeats while a booking waits. */
const BEEP_EVERY_MS = 3_000;

type Tone = [frequency: number, start: number, length: number];
const PATTERN: Tone[] = [
  [880, 0, 0.18],
  [660, 0.22, 0.18],
  [880, 0.44, 0.18],
];

let shared: AudioContext | null = null;

/**
 * The page's audio context, made at the first touch and not before: making one starts the
 * browser's audio output, a long stall of the main thread on a slow phone, and a context made
 * before a touch could not play anyway. So an admin's sign-in does not pay for it while their
 * first screen is coming.
 */
function context({ make }: { make: boolean }): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return null;
  if (make) shared ??= new window.AudioContext();
  return shared;
}

function beep(audio: AudioContext): void {
  const at = audio.currentTime;
  for (const [frequency, start, length] of PATTERN) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, at + start);
    gain.gain.exponentialRampToValueAtTime(0.001, at + start + length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at + start);
    oscillator.stop(at + start + length);
  }
}

/**
 * Rings while `ringing`: answers whether the sound is on, and a function that turns it on (call
 * it from a tap).
 */
export function useAlarmSound(ringing: boolean): { soundOn: boolean; turnOn: () => void } {
  const [audio, setAudio] = useState(() => context({ make: false }));
  const [soundOn, setSoundOn] = useState(() => audio?.state === 'running');
  // Any tap on the page lets the sound start (and makes the context, the first time).
  const wake = useCallback(() => {
    const made = context({ make: true });
    setAudio(made);
    void made?.resume().catch(() => undefined);
  }, []);
  useEffect(() => {
    window.addEventListener('pointerdown', wake);
    window.addEventListener('keydown', wake);
    return () => {
      window.removeEventListener('pointerdown', wake);
      window.removeEventListener('keydown', wake);
    };
  }, [wake]);
  useEffect(() => {
    if (!audio) return;
    const update = () => setSoundOn(audio.state === 'running');
    audio.addEventListener('statechange', update);
    update();
    return () => audio.removeEventListener('statechange', update);
  }, [audio]);
  useEffect(() => {
    if (!ringing) return;
    const ring = () => {
      const audio = context({ make: false });
      if (audio?.state === 'running') beep(audio);
      // Phones buzz too, once the page has been touched (browsers ignore it before).
      if (typeof navigator !== 'undefined' && navigator.userActivation?.hasBeenActive)
        navigator.vibrate?.([300, 150, 300]);
    };
    ring();
    const timer = setInterval(ring, BEEP_EVERY_MS);
    return () => clearInterval(timer);
  }, [ringing]);
  return { soundOn, turnOn: wake };
}

/**
 * The install-app card (docs/features.md, installable and offline). iPhones get the Share → 'Add to
 * Home Screen' steps; other browsers get their own install prompt once it fires
 * (beforeinstallprompt), or a pointer to the browser menu. Hidden when running standalone, after an
 * accepted install, and from then on once dismissed (remembered on the device). It never covers a
 * field being edited (it steps aside while one has the focus), sits below menus and dialogs, and
 * appears only once the page's full stylesheets have loaded, so it never shifts the page. On a
 * phone it is part of the dock at the foot of the screen, whose height the page keeps free.
 */
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconDeviceMobileDown, IconShare2 } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useEditingField, whenStylesReady } from '../lib/floating';
import classes from './layout.module.css';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'installCardDismissed';
const INSTALLED_KEY = 'appInstalled';

function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true
  );
}

function isIos(): boolean {
  const ua = navigator.userAgent;
  // iPadOS reports itself as a Mac; a touch screen tells them apart.
  return /iPhone|iPad|iPod/i.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

function flag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function setFlag(key: string): void {
  try {
    window.localStorage.setItem(key, '1');
  } catch {
    // Storage blocked: the card stays hidden for this page view only.
  }
}

export function InstallCard() {
  const [hidden, setHidden] = useState(
    () => isStandalone() || flag(INSTALLED_KEY) || flag(DISMISSED_KEY),
  );
  const [stylesReady, setStylesReady] = useState(false);
  const editing = useEditingField();
  useEffect(() => {
    let live = true;
    void whenStylesReady().then(() => live && setStylesReady(true));
    return () => {
      live = false;
    };
  }, []);
  const [promptEvent, setPromptEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const ios = isIos();

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPromptEvent(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      setFlag(INSTALLED_KEY);
      setHidden(true);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const dismiss = useCallback(() => {
    setFlag(DISMISSED_KEY);
    setHidden(true);
  }, []);

  const install = useCallback(async () => {
    if (!promptEvent) return;
    await promptEvent.prompt();
    const { outcome } = await promptEvent.userChoice;
    setPromptEvent(null);
    if (outcome === 'accepted') {
      setFlag(INSTALLED_KEY);
      setHidden(true);
    }
  }, [promptEvent]);

  const shown = !(hidden || !stylesReady || editing);
  const card = useRef<HTMLDivElement | null>(null);
  // On a phone the card sits in the dock above the call bar; the page keeps its height free
  // (`--dock-extra`, global.css) so nothing is ever under it.
  useEffect(() => {
    const element = card.current;
    const root = document.documentElement;
    if (!shown || !element) return;
    const measure = () =>
      root.style.setProperty('--dock-extra', `${Math.ceil(element.offsetHeight)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--dock-extra');
    };
  }, [shown]);

  if (!shown) return null;

  return (
    <Paper
      ref={card}
      className={classes.installCard}
      shadow="lg"
      p="sm"
      withBorder
      role="region"
      aria-label="Install the app"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconDeviceMobileDown
            size={26}
            color="var(--mantine-color-ochre-8)"
            aria-hidden
            style={{ flexShrink: 0 }}
          />
          <div>
            <Text fw={700} size="sm">
              Install our app
            </Text>
            {ios ? (
              <Text size="sm">
                Tap Share{' '}
                <IconShare2 size={14} aria-label="Share icon" style={{ verticalAlign: 'middle' }} />
                , then &apos;Add to Home Screen&apos;.
              </Text>
            ) : promptEvent ? (
              <Text size="sm">
                Call, book and track your job in one tap, even on a weak signal.
              </Text>
            ) : (
              <Text size="sm">
                Open your browser menu and choose Install app or Add to Home screen.
              </Text>
            )}
          </div>
        </Group>
        <CloseButton aria-label="Dismiss install card" onClick={dismiss} size="lg" />
      </Group>
      {!ios && promptEvent && (
        <Button mt="xs" fullWidth onClick={() => void install()}>
          Install
        </Button>
      )}
    </Paper>
  );
}

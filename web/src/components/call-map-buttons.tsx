/**
 * One tap to ring a customer or open where they are: the two links a phone needs first,
 * on the staff job card and the driver's job card alike; and the public pages' "call us" buttons,
 * one per operator. Each screen sets its own size and look.
 */
import { Button, type ButtonProps } from '@mantine/core';
import { IconMapPin, IconPhone, IconPhoneCall } from '@tabler/icons-react';
import { mapsLink } from '@pilbara/shared-schema';
import { telHref } from '../lib/format';

interface LinkButtonProps extends Omit<ButtonProps, 'leftSection'> {
  /** What a screen reader says: who is called, or whose location the map shows. */
  label: string;
  iconSize?: number;
}

/** A tel: link showing the number. */
export function CallButton({
  phone,
  label,
  iconSize = 16,
  ...props
}: LinkButtonProps & { phone: string }) {
  return (
    <Button
      component="a"
      href={telHref(phone)}
      leftSection={<IconPhone size={iconSize} aria-hidden />}
      aria-label={label}
      {...props}
    >
      {phone}
    </Button>
  );
}

/** The location in the phone's maps app, in a new tab. */
export function MapButton({
  location,
  label,
  iconSize = 16,
  children,
  ...props
}: LinkButtonProps & { location: string; children: string }) {
  return (
    <Button
      component="a"
      href={mapsLink(location)}
      target="_blank"
      rel="noopener noreferrer"
      leftSection={<IconMapPin size={iconSize} aria-hidden />}
      aria-label={label}
      {...props}
    >
      {children}
    </Button>
  );
}

/** One tel: button per line, reading "Name: number" (the public pages' call-us blocks). */
export function CallLineButtons({
  lines,
  iconSize = 22,
  ...props
}: Omit<ButtonProps, 'leftSection'> & {
  lines: readonly { name: string; phone: string }[];
  iconSize?: number;
}) {
  return lines.map((line) => (
    <Button
      key={line.phone}
      component="a"
      href={telHref(line.phone)}
      leftSection={<IconPhoneCall size={iconSize} aria-hidden />}
      {...props}
    >
      {line.name}: {line.phone}
    </Button>
  ));
}

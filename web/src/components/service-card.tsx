/**
 * A service offered, as the Home and Services pages show it: icon, name, one line, ticked
 * features and, on Home, the action that goes with it.
 */
import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { IconTruck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FeatureList } from './page-hero';

/** A Tabler icon component; each card draws it at its own size. */
type MarketingIcon = typeof IconTruck;

export interface ServiceCardContent {
  title: string;
  icon: MarketingIcon;
  text: string;
  features: readonly string[];
}

export function ServiceCard({
  title,
  icon: Icon,
  text,
  features,
  children,
}: ServiceCardContent & { children?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" shadow="xs">
      <Stack gap="sm" h="100%">
        <ThemeIcon size={52} radius="md" color="ochre.8">
          <Icon size={28} aria-hidden />
        </ThemeIcon>
        <Title order={3}>{title}</Title>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        <FeatureList items={features} />
        {children}
      </Stack>
    </Card>
  );
}

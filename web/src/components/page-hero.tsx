import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page-hero.module.css';

/** The red-ochre banner at the top of each content page; `title` is the page's h1. */
export function PageHero({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box className={classes.hero}>
      <Container size="lg">
        <Stack gap="md">
          <Title order={1} className={classes.title} fz={{ base: 32, sm: 44 }}>
            {title}
          </Title>
          {subtitle && (
            <Text className={classes.subtitle} fz={{ base: 'md', sm: 'lg' }}>
              {subtitle}
            </Text>
          )}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

/** A section heading with an optional lead paragraph. */
export function SectionHeading({
  title,
  lead,
  id,
}: {
  title: string;
  lead?: ReactNode;
  id?: string;
}) {
  return (
    <Stack gap={6} mb="lg" ta="center" align="center">
      <Title order={2} id={id} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      {lead && (
        <Text c="dimmed" maw={680}>
          {lead}
        </Text>
      )}
    </Stack>
  );
}

/** A ticked feature list. */
export function FeatureList({ items }: { items: readonly string[] }) {
  return (
    <Box component="ul" m={0} pl={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Text component="li" key={item} size="sm" py={3} style={{ display: 'flex', gap: 8 }}>
          <span aria-hidden style={{ color: 'var(--mantine-color-ochre-8)', fontWeight: 800 }}>
            ✓
          </span>
          {item}
        </Text>
      ))}
    </Box>
  );
}

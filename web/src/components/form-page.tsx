/**
 * The frame of the public pages that are one form and what it leads to (Book a Service, Track
 * Your Job, Customer Feedback): the title, the line that says what to do, then the page.
 */
import type { ReactNode } from 'react';
import { Container, Stack } from '@mantine/core';
import { HeadingWithHint } from './heading-with-hint';

export function FormPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <HeadingWithHint order={1} title={title} hint={lead} gap={4} hintSize="md" />
        {children}
      </Stack>
    </Container>
  );
}

/**
 * A heading and the dimmed line under it that says what follows: a screen's title ("My Jobs"), a
 * section's ("Refunds owed"), a card's ("4x4 Recovery", its job id). One look for all of them, so
 * a change to how such a line reads is made once.
 */
import type { ReactNode } from 'react';
import { Stack, Text, Title, type MantineSpacing, type TitleProps } from '@mantine/core';

export function HeadingWithHint({
  title,
  hint,
  order,
  size,
  fz,
  id,
  gap,
  hintSize = 'sm',
}: {
  title: ReactNode;
  hint?: ReactNode;
  /** The heading level where it stands on its screen. */
  order: TitleProps['order'];
  size?: TitleProps['size'];
  fz?: TitleProps['fz'];
  /** For a section's `aria-labelledby`. */
  id?: string;
  /** Space between the heading and the line; none: the line sits right under it. */
  gap?: MantineSpacing | number;
  /** The public pages' page titles carry a full-size line; everything else a small one. */
  hintSize?: 'sm' | 'md';
}) {
  const lines = (
    <>
      <Title order={order} size={size} fz={fz} id={id}>
        {title}
      </Title>
      {hint ? (
        <Text size={hintSize} c="dimmed">
          {hint}
        </Text>
      ) : null}
    </>
  );
  // A plain block when the line sits right under the heading: as a flex item (a heading beside a
  // badge) it then narrows and wraps as it always did.
  return gap === undefined ? <div>{lines}</div> : <Stack gap={gap}>{lines}</Stack>;
}

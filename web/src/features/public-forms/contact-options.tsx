/**
 * The Contact page's three ways in (spec route table: message form, quote request, repair
 * scheduling): a message, a quote request (the same form with the vehicle and route, which staff
 * turn into a draft quote), or scheduling a repair, which is a booking for Automotive Repairs on
 * the booking form, where a day and time are picked. The message form is the one drawn first, so
 * the pre-rendered page (and a phone without script) has it.
 */
import { useState } from 'react';
import { Button, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ContactForm } from './contact-form';

type Way = 'message' | 'quote' | 'repair';

const WAYS: { value: Way; label: string; title: string; lead: string }[] = [
  {
    value: 'message',
    label: 'Message',
    title: 'Send us a Message',
    lead: 'Ask us anything. For an emergency, please call.',
  },
  {
    value: 'quote',
    label: 'Quote',
    title: 'Request a Quote',
    lead: 'Tell us the vehicle and where it is going; we send a written quote you can pay online.',
  },
  {
    value: 'repair',
    label: 'Repair',
    title: 'Schedule a Repair',
    lead: 'Book our mobile mechanic for a day and time that suits you; we come to you.',
  },
];

/** Where scheduling a repair leads: the booking form with the repair service chosen. */
const REPAIR_BOOKING_PATH = `/book-service?service=${encodeURIComponent('Automotive Repairs')}`;

export function ContactOptions() {
  const [way, setWay] = useState<Way>('message');
  const current = WAYS.find((option) => option.value === way) ?? WAYS[0]!;
  return (
    <Stack gap="xs">
      <SegmentedControl
        fullWidth
        value={way}
        onChange={(value) => setWay(value as Way)}
        aria-label="What would you like to do?"
        data={WAYS.map(({ value, label }) => ({ value, label }))}
        mb="xs"
      />
      <Title order={2} size="h3" id="contact-form-title">
        {current.title}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {current.lead}
      </Text>
      {way === 'repair' ? (
        <Button
          component={Link}
          to={REPAIR_BOOKING_PATH}
          size="md"
          leftSection={<IconCalendarEvent size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          Pick a day and time
        </Button>
      ) : (
        <ContactForm key={way} kind={way} />
      )}
    </Stack>
  );
}

/**
 * The Contact page's three ways in (spec route table: message form, quote request, repair
 * scheduling): a message, a quote request (the same form with the vehicle and route, which staff
 * turn into a draft quote), or scheduling a repair, which is a booking for Automotive Repairs on
 * the booking form, where a day and time are picked.
 *
 * The switch is three links (`/contact`, `/contact?kind=quote`, `/contact?kind=repair`), so it
 * works with no script: the server answers each address with its own pre-rendered page, and a
 * phone without script posts the message or quote form shown (docs/no-script-forms.md). With
 * script the same links switch the form in place.
 */
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { ContactForm } from './contact-form';
import classes from './contact-options.module.css';

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

/** The address of each way in: the page itself for a message. */
function wayHref(way: Way): string {
  return way === 'message' ? '/contact' : `/contact?kind=${way}`;
}

export function ContactOptions() {
  const [params] = useSearchParams();
  const current = WAYS.find((option) => option.value === params.get('kind')) ?? WAYS[0]!;
  const way = current.value;
  return (
    <Stack gap="xs">
      <nav aria-label="What would you like to do?" className={classes.ways}>
        {WAYS.map(({ value, label }) => (
          <Link
            key={value}
            to={wayHref(value)}
            replace
            preventScrollReset
            className={classes.way}
            aria-current={value === way ? 'page' : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
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

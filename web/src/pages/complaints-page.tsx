/**
 * How to complain (regs 15, 16 of WA's towing regulations: a written procedure anyone can reach
 * and use): what happens to a complaint and when, the other ways to make one, and the form.
 */
import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { COMPLAINT_PAGE_TEXT } from '@pilbara/shared-schema';
import { usePageTitle } from '../lib/use-page-title';
import { FormPage } from '../components/form-page';
import { useProfile } from '../components/profile-provider';
import { telHref } from '../lib/format';
import { ComplaintForm } from '../features/public-forms/complaint-form';

export function ComplaintsPage() {
  usePageTitle(COMPLAINT_PAGE_TEXT.title);
  const profile = useProfile();
  const phone = profile.owners[0]?.phone ?? profile.staffPhone;
  return (
    <FormPage title={COMPLAINT_PAGE_TEXT.title} lead={COMPLAINT_PAGE_TEXT.intro}>
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            What happens to your complaint
          </Title>
          <List spacing={4} size="sm">
            {COMPLAINT_PAGE_TEXT.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
          <Text size="sm">{COMPLAINT_PAGE_TEXT.other}</Text>
          {phone && (
            <Text size="sm">
              Phone: <Anchor href={telHref(phone)}>{phone}</Anchor>
              {profile.email ? (
                <>
                  {' '}
                  · Email: <Anchor href={`mailto:${profile.email}`}>{profile.email}</Anchor>
                </>
              ) : null}
            </Text>
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <ComplaintForm />
      </Card>
    </FormPage>
  );
}

import { Anchor, Box, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME, isValidAbn, serviceAreaText } from '@pilbara/shared-schema';
import { telHref } from '../lib/format';
import { useProfile } from '../components/profile-provider';
import classes from './layout.module.css';

const SERVICE_LINKS = [
  { label: 'Emergency Towing', to: '/services' },
  { label: '4x4 Recovery', to: '/services' },
  { label: 'Automotive Repairs', to: '/services' },
  { label: 'Book Service', to: '/booking' },
  { label: 'Track Job', to: '/customer-portal' },
  { label: 'Service History', to: '/service-history' },
  { label: 'Pricing Guide', to: '/pricing' },
  { label: 'Leave Feedback', to: '/feedback' },
  { label: 'Make a Complaint', to: '/complaints' },
];

/**
 * The footer of every page: the hours and the area served come from the
 * business profile (a 24/7 business says so, not the template's office hours).
 */
export function SiteFooter() {
  const profile = useProfile();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap={6}>
            <Text className={classes.footerHeading}>{PRODUCT_NAME}</Text>
            <Text size="sm">
              Locally owned towing, 4x4 recovery and mobile mechanic work across Karratha, Dampier,
              Roebourne, Wickham, Point Samson and the mine sites beyond.
            </Text>
            {/* A placeholder or mistyped ABN is never shown. */}
            {isValidAbn(profile.abn) && <Text size="xs">ABN {profile.abn}</Text>}
          </Stack>
          <Box component="nav" aria-label="Footer services">
            <Text className={classes.footerHeading}>Services</Text>
            <Stack gap={6}>
              {SERVICE_LINKS.map((link) => (
                <Anchor key={link.label} component={Link} to={link.to} size="sm">
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          </Box>
          <Stack gap={6}>
            <Text className={classes.footerHeading}>Contact</Text>
            {profile.owners.map((owner) => (
              <Text size="sm" key={owner.name}>
                {owner.name}:{' '}
                <Anchor href={telHref(owner.phone)} size="sm">
                  {owner.phone}
                </Anchor>
              </Text>
            ))}
            {profile.email && (
              <Anchor href={`mailto:${profile.email}`} size="sm">
                {profile.email}
              </Anchor>
            )}
          </Stack>
          <Stack gap={6}>
            <Text className={classes.footerHeading}>Hours</Text>
            <Text size="sm" fw={700}>
              {profile.hours}
            </Text>
            <Text size="sm" mt="xs">
              Serving {serviceAreaText(profile)}
            </Text>
          </Stack>
        </SimpleGrid>
        <Text size="xs" mt="xl" c="#c9bdb6">
          © {new Date().getFullYear()} {profile.tradingName}. Prices include GST.
        </Text>
      </Container>
    </Box>
  );
}

/**
 * A vehicle's checks, defects and services on one timeline, newest first, with the
 * link to its check and defect history as a PDF for a site audit (admins).
 */
import { Anchor, Badge, Group, Modal, Stack, Text, Timeline } from '@mantine/core';
import {
  PRESTART_TEXT,
  formatDateTime,
  vehicleTimeline,
  type PrestartCheck,
  type ServiceRecord,
  type Vehicle,
  type VehicleDefect,
} from '@pilbara/shared-schema';

const KIND_COLOURS = { check: 'blue', defect: 'red', resolved: 'green', service: 'grape' } as const;

export function VehicleTimelineDialog({
  vehicle,
  checks,
  defects,
  services,
  admin,
  onClose,
}: {
  vehicle: Vehicle;
  checks: readonly PrestartCheck[];
  defects: readonly VehicleDefect[];
  services: readonly ServiceRecord[];
  admin: boolean;
  onClose: () => void;
}) {
  const entries = vehicleTimeline(
    checks.filter((check) => check.vehicleId === vehicle.id),
    defects.filter((defect) => defect.vehicleId === vehicle.id),
    services.filter((service) => service.vehicleId === vehicle.id),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${PRESTART_TEXT.timeline} · ${vehicle.name || vehicle.registration}`}
    >
      <Stack gap="sm">
        {admin && (
          <Anchor
            href={`/api/vehicles/${vehicle.id}/history.pdf`}
            size="sm"
            data-testid="history-pdf"
          >
            {PRESTART_TEXT.historyPdf}
          </Anchor>
        )}
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing recorded yet.
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2} data-testid="vehicle-timeline">
            {entries.map((entry, index) => (
              <Timeline.Item
                key={`${entry.kind}-${entry.at}-${index}`}
                color={KIND_COLOURS[entry.kind]}
                data-testid="timeline-entry"
                data-kind={entry.kind}
                title={
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={600}>
                      {entry.title}
                    </Text>
                    <Badge size="xs" variant="light" color={KIND_COLOURS[entry.kind]}>
                      {entry.kind}
                    </Badge>
                  </Group>
                }
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.at)}
                </Text>
                <Text size="sm">{entry.detail}</Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Modal>
  );
}

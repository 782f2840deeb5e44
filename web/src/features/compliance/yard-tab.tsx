/**
 * The storage yard (Act ss. 15, 16; regs 10-12): each stored vehicle with its bay, time in,
 * holds and the storage accrued so far, its history of moves and visits, and once the charges
 * are paid the release deadline counting down in business hours. Released vehicles are kept
 * below, with who collected them.
 */
import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  documentRef,
  formatBusinessDuration,
  formatCents,
  formatStampTime,
  releaseCountdown,
  storageCharge,
  type YardEvent,
  type YardVehicle,
} from '@pilbara/shared-schema';
import { useNow, useYard } from './compliance-data';
import { YARD_TEXT } from './compliance-text';
import {
  AccessDialog,
  BookInDialog,
  HoldsDialog,
  MoveDialog,
  PaymentDialog,
  ReleaseDialog,
} from './yard-dialogs';

type Dialog = 'move' | 'access' | 'holds' | 'pay' | 'release';

function vehicleName(vehicle: YardVehicle): string {
  const what = [vehicle.make, vehicle.model, vehicle.colour].filter(Boolean).join(' ');
  return [vehicle.registration, what].filter(Boolean).join(' · ') || `Vehicle ${vehicle.id}`;
}

function Countdown({ vehicle, now }: { vehicle: YardVehicle; now: string }) {
  if (!vehicle.releaseDueAt) return null;
  const { businessMsLeft, overdue } = releaseCountdown(now, vehicle.releaseDueAt);
  return (
    <Stack gap={0} data-testid="release-countdown">
      <Text fw={700} c={overdue ? 'red.8' : 'orange.9'}>
        {YARD_TEXT.dueBy(formatStampTime(vehicle.releaseDueAt))}
      </Text>
      <Text size="sm" c={overdue ? 'red.8' : undefined}>
        {overdue ? YARD_TEXT.overdue : YARD_TEXT.left(formatBusinessDuration(businessMsLeft))}
      </Text>
    </Stack>
  );
}

function History({ events }: { events: readonly YardEvent[] }) {
  return (
    <Timeline bulletSize={12} lineWidth={2}>
      {events.map((event) => (
        <Timeline.Item key={event.id} title={event.detail ?? event.kind}>
          <Text size="xs" c="dimmed">
            {formatStampTime(event.at)} · {event.byName}
            {event.fromBay || event.toBay ? ` · ${event.fromBay ?? ''} → ${event.toBay ?? ''}` : ''}
            {event.reason ? ` · ${event.reason}` : ''}
            {event.visitorName ? ` · ${event.visitorName} (${event.visitorDocument ?? ''})` : ''}
            {event.itemsTaken ? ` · took ${event.itemsTaken}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function VehicleCard({
  vehicle,
  events,
  now,
  byName,
  jobRef,
}: {
  vehicle: YardVehicle;
  events: readonly YardEvent[];
  now: string;
  byName: string;
  /** The job it came from, by the number people know it by. */
  jobRef: string | null;
}) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const released = vehicle.status === 'released';
  // The screen's clock ticks every half minute: a vehicle booked in since counts from its day in.
  const until =
    vehicle.paidAt ?? (Date.parse(now) < Date.parse(vehicle.timeIn) ? vehicle.timeIn : now);
  const storage = storageCharge(vehicle.timeIn, until, vehicle.dailyFeeCents);
  const close = () => setDialog(null);
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="yard-vehicle"
      data-status={vehicle.status}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700}>{vehicleName(vehicle)}</Text>
          <Badge variant="light" color={released ? 'gray' : 'blue'}>
            {released ? YARD_TEXT.release : `Bay ${vehicle.bay}`}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {YARD_TEXT.in(formatStampTime(vehicle.timeIn))}
          {jobRef ? ` · ${jobRef}` : ''}
          {vehicle.ownerName ? ` · ${vehicle.ownerName}` : ''}
        </Text>
        <Text size="sm" data-testid="yard-accrued">
          {YARD_TEXT.accrued(storage.days, formatCents(storage.cents))}
        </Text>
        {(vehicle.policeHold || vehicle.insurerHold) && (
          <Group gap={6}>
            {vehicle.policeHold && <Badge color="red">{YARD_TEXT.policeHold}</Badge>}
            {vehicle.insurerHold && <Badge color="grape">{YARD_TEXT.insurerHold}</Badge>}
            {vehicle.holdNote && <Text size="xs">{vehicle.holdNote}</Text>}
          </Group>
        )}
        {vehicle.property && (
          <Text size="xs" c="dimmed">
            {YARD_TEXT.property}: {vehicle.property}
          </Text>
        )}
        {!released && <Countdown vehicle={vehicle} now={now} />}
        {released && vehicle.release && (
          <Text size="sm" c="green.8">
            {YARD_TEXT.releasedBy(
              vehicle.release.collectorName,
              formatStampTime(vehicle.releasedAt ?? ''),
            )}
          </Text>
        )}
        {!released && (
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing={6}>
            <Button size="xs" variant="default" onClick={() => setDialog('move')}>
              {YARD_TEXT.move}
            </Button>
            <Button size="xs" variant="default" onClick={() => setDialog('access')}>
              {YARD_TEXT.access}
            </Button>
            <Button size="xs" variant="default" onClick={() => setDialog('holds')}>
              {YARD_TEXT.holds}
            </Button>
            {vehicle.paidAt === null && (
              <Button size="xs" onClick={() => setDialog('pay')}>
                {YARD_TEXT.pay}
              </Button>
            )}
            <Button size="xs" color="green" onClick={() => setDialog('release')}>
              {YARD_TEXT.release}
            </Button>
          </SimpleGrid>
        )}
        <Button size="compact-xs" variant="subtle" onClick={() => setHistoryOpen((open) => !open)}>
          {YARD_TEXT.history} ({events.length})
        </Button>
        <Collapse expanded={historyOpen}>{historyOpen && <History events={events} />}</Collapse>
      </Stack>
      {dialog === 'move' && <MoveDialog vehicle={vehicle} byName={byName} onClose={close} />}
      {dialog === 'access' && <AccessDialog vehicle={vehicle} byName={byName} onClose={close} />}
      {dialog === 'holds' && <HoldsDialog vehicle={vehicle} byName={byName} onClose={close} />}
      {dialog === 'pay' && <PaymentDialog vehicle={vehicle} byName={byName} onClose={close} />}
      {dialog === 'release' && <ReleaseDialog vehicle={vehicle} byName={byName} onClose={close} />}
    </Card>
  );
}

export function YardTab({ byName }: { byName: string }) {
  const yard = useYard();
  const now = useNow();
  const [booking, setBooking] = useState(false);
  const [showReleased, setShowReleased] = useState(false);
  if (!yard) return null;
  const stored = yard.vehicles.filter((vehicle) => vehicle.status === 'stored');
  const released = yard.vehicles.filter((vehicle) => vehicle.status === 'released');
  const eventsOf = (id: number) => yard.events.filter((event) => event.yardVehicleId === id);
  const jobRefOf = (vehicle: YardVehicle) => {
    if (!vehicle.jobId) return null;
    const job = yard.jobs.get(vehicle.jobId);
    return job ? documentRef(job) : vehicle.jobId;
  };
  return (
    <Stack gap="sm">
      <Group>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setBooking(true)}>
          {YARD_TEXT.bookIn}
        </Button>
      </Group>
      {stored.length === 0 && <Text c="dimmed">{YARD_TEXT.empty}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {stored.map((vehicle) => (
          <VehicleCard
            key={vehicle.id}
            vehicle={vehicle}
            events={eventsOf(vehicle.id)}
            now={now}
            byName={byName}
            jobRef={jobRefOf(vehicle)}
          />
        ))}
      </SimpleGrid>
      {released.length > 0 && (
        <>
          <Button variant="subtle" onClick={() => setShowReleased((open) => !open)}>
            {YARD_TEXT.released(released.length)}
          </Button>
          <Collapse expanded={showReleased}>
            {showReleased && (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
                {released.map((vehicle) => (
                  <VehicleCard
                    key={vehicle.id}
                    vehicle={vehicle}
                    events={eventsOf(vehicle.id)}
                    now={now}
                    byName={byName}
                    jobRef={jobRefOf(vehicle)}
                  />
                ))}
              </SimpleGrid>
            )}
          </Collapse>
        </>
      )}
      {booking && <BookInDialog byName={byName} onClose={() => setBooking(false)} />}
    </Stack>
  );
}

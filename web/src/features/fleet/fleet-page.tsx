/**
 * The fleet management screen (spec staff §2 "Fleet management"): vehicle cards with the
 * service-progress rules, the Add Vehicle dialog, record dialogs, tick-box editors, removal after
 * a confirmation, cost per km over a chosen period and the fleet charts. It reads Dexie and
 * writes named mutations, so drivers log fuel and services with no signal; the app shell runs the
 * sync engine for a signed-in admin (app/staff-sync.tsx), so this screen only reads and writes.
 */
import { useMemo, useState, type ReactNode } from 'react';
import {
  Anchor,
  Button,
  Container,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useProfile } from '../../components/profile-provider';
import { displayName, useAuth } from '../../lib/auth';
import { usePageTitle } from '../../lib/use-page-title';
import { DueList } from '../../components/fleet/due-list';
import { usePrestartData } from '../../components/fleet/prestart-data';
import { useNow } from './use-now';
import { usePendingKeys, useSyncStatus } from '../../sync';
import {
  checkedToday,
  sortOpenDefects,
  type Vehicle,
  type VehicleDefect,
} from '@pilbara/shared-schema';
import { OpenDefectsList, ResolveDefectDialog } from './defects';
import { PrestartDialog } from './prestart-dialog';
import { VehicleTimelineDialog } from './vehicle-timeline';
import { removeVehicle } from './fleet-actions';
import { FleetCharts } from './fleet-charts';
import { vehicleLabel } from './fleet-figures';
import { COST_PERIODS, FLEET_TEXT } from './fleet-text';
import { ListDialog } from './list-dialog';
import { ExpenseDialog } from './expense-dialog';
import { FuelDialog } from './fuel-dialog';
import { MileageDialog } from './mileage-dialog';
import { ServiceDialog } from './service-dialog';
import { useFleetData } from './use-fleet-data';
import { VehicleCard, type VehicleAction } from './vehicle-card';
import { VehicleDialog } from './vehicle-dialog';

export interface FleetPageProps {
  /** The sync status chip the app layer hands in; a small pending count shows when absent. */
  syncStatus?: ReactNode;
  /** The list of changes the server refused (a registration another device took first, …). */
  syncIssues?: ReactNode;
}

function PendingCount() {
  const status = useSyncStatus();
  return (
    <Text size="sm" c="dimmed" data-testid="fleet-pending">
      {status.state === 'offline' ? 'Offline' : 'Online'}
      {status.pending > 0 ? ` · ${status.pending} pending` : ''}
    </Text>
  );
}

/** The name a check is stamped with: first and last name, or the username. */
function fullName(user: { username: string; firstName?: string | null; lastName?: string | null }) {
  return [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ') || user.username;
}

type Open = { action: Exclude<VehicleAction, 'remove'>; vehicleId: number } | null;

export function FleetPage({ syncStatus, syncIssues }: FleetPageProps) {
  usePageTitle(FLEET_TEXT.title);
  const { user } = useAuth();
  const profile = useProfile();
  const drivers = useMemo(() => {
    const names = profile.owners.map((owner) => owner.name.split(' ')[0] ?? owner.name);
    return [...new Set([...(user ? [displayName(user)] : []), ...names])];
  }, [profile, user]);
  const { vehicles, services, fuel, mileage, expenses } = useFleetData();
  const { checks, defects } = usePrestartData();
  const [resolving, setResolving] = useState<VehicleDefect | null>(null);
  // The defects a service form opened from a defect's Resolve starts with ticked.
  const [fixing, setFixing] = useState<number[]>([]);
  const openDefects = useMemo(() => sortOpenDefects(defects), [defects]);
  const pendingKeys = usePendingKeys();
  const now = useNow();
  const [period, setPeriod] = useState<string>('90');
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const [removing, setRemoving] = useState<Vehicle | null>(null);
  const [removingBusy, setRemovingBusy] = useState(false);
  const current = open ? vehicles.find((vehicle) => vehicle.id === open.vehicleId) : undefined;
  const close = () => setOpen(null);

  const onAction = (action: VehicleAction, vehicle: Vehicle) => {
    if (action === 'remove') setRemoving(vehicle);
    else setOpen({ action, vehicleId: vehicle.id });
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setRemovingBusy(true);
    const done = await removeVehicle(removing.id);
    setRemovingBusy(false);
    if (done) setRemoving(null);
  };

  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1}>{FLEET_TEXT.title}</Title>
          {syncStatus ?? <PendingCount />}
        </Group>
        <Anchor component={Link} to="/admin" size="sm" className="tap-link">
          {FLEET_TEXT.backToAdmin}
        </Anchor>
        {syncIssues}
        <Group justify="space-between" wrap="wrap" gap="sm" align="flex-end">
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
            {FLEET_TEXT.addVehicle}
          </Button>
          <Select
            label={FLEET_TEXT.costPeriod}
            data={COST_PERIODS.map((p) => ({ ...p }))}
            value={period}
            allowDeselect={false}
            onChange={(value) => setPeriod(value ?? '90')}
            w={170}
          />
        </Group>
        {vehicles.length > 0 && <DueList now={now} />}
        {vehicles.length > 0 && (
          <OpenDefectsList defects={defects} vehicles={vehicles} onResolve={setResolving} />
        )}
        {vehicles.length === 0 ? (
          <Text c="dimmed" data-testid="no-vehicles">
            {FLEET_TEXT.noVehicles}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="vehicle-list">
            {vehicles.map((vehicle) => (
              <VehicleCard
                key={vehicle.id}
                vehicle={vehicle}
                services={services}
                fuel={fuel}
                mileage={mileage}
                expenses={expenses}
                pendingKeys={pendingKeys}
                periodDays={Number(period)}
                now={now}
                onAction={onAction}
                openDefects={openDefects.filter((defect) => defect.vehicleId === vehicle.id)}
                checkedToday={checkedToday(vehicle.id, checks, now)}
                onResolveDefect={setResolving}
              />
            ))}
          </SimpleGrid>
        )}
        {vehicles.length > 0 && (
          <FleetCharts vehicles={vehicles} fuel={fuel} services={services} expenses={expenses} />
        )}
      </Stack>

      <VehicleDialog opened={adding} onClose={() => setAdding(false)} />
      {current && open?.action === 'prestart' && (
        <PrestartDialog
          vehicle={current}
          checkedByName={user ? fullName(user) : ''}
          onClose={close}
        />
      )}
      {current && open?.action === 'timeline' && (
        <VehicleTimelineDialog
          vehicle={current}
          checks={checks}
          defects={defects}
          services={services}
          admin={user?.role === 'admin'}
          onClose={close}
        />
      )}
      {resolving && (
        <ResolveDefectDialog
          defect={resolving}
          services={services}
          onClose={() => setResolving(null)}
          onNewService={(defect) => {
            setResolving(null);
            setFixing([defect.id]);
            setOpen({ action: 'service', vehicleId: defect.vehicleId });
          }}
        />
      )}
      {current && open?.action === 'fuel' && (
        <FuelDialog vehicle={current} vehicles={vehicles} drivers={drivers} onClose={close} />
      )}
      {current && open?.action === 'service' && (
        <ServiceDialog
          vehicle={current}
          vehicles={vehicles}
          openDefects={openDefects}
          resolving={fixing}
          onClose={() => {
            setFixing([]);
            close();
          }}
        />
      )}
      {current && open?.action === 'mileage' && (
        <MileageDialog vehicle={current} drivers={drivers} onClose={close} />
      )}
      {current && open?.action === 'expense' && <ExpenseDialog vehicle={current} onClose={close} />}
      {current && (open?.action === 'modifications' || open?.action === 'specialFeatures') && (
        <ListDialog
          key={`${current.id}-${open.action}`}
          vehicle={current}
          field={open.action}
          onClose={close}
        />
      )}
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={FLEET_TEXT.removeTitle}
      >
        <Stack gap="md">
          <Text size="sm">
            {removing
              ? FLEET_TEXT.removeBody(`${vehicleLabel(removing)} (${removing.registration})`)
              : ''}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {FLEET_TEXT.cancel}
            </Button>
            <Button color="red" loading={removingBusy} onClick={() => void confirmRemove()}>
              {FLEET_TEXT.removeConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}

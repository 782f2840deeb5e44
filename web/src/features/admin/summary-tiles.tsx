/** The five summary tiles of spec staff §2. */
import { NumberInput, Paper, SimpleGrid } from '@mantine/core';
import { LIVE_STATUS, type AdminDashboardStats } from '@pilbara/shared-schema';
import { ADMIN_TEXT } from './admin-text';
import classes from './admin.module.css';
import { Tile } from './tile';

export function SummaryTiles({
  stats,
  onDriversChange,
}: {
  stats: AdminDashboardStats;
  onDriversChange: (value: number) => void;
}) {
  const t = ADMIN_TEXT.tiles;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="summary-tiles">
      <Tile label={t.activeJobs} value={stats.activeJobs} testId="tile-active-jobs" />
      <Paper
        withBorder
        p="md"
        radius="md"
        className={classes.tile}
        data-testid="tile-available-drivers"
      >
        <NumberInput
          label={t.availableDrivers}
          value={stats.availableDrivers}
          min={LIVE_STATUS.minDrivers}
          max={LIVE_STATUS.maxDrivers}
          step={LIVE_STATUS.driversStep}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          onChange={(value) =>
            onDriversChange(typeof value === 'number' ? value : Number(value) || 0)
          }
          classNames={{ label: classes.driversLabel, input: classes.driversInput }}
        />
      </Paper>
      <Tile label={t.totalJobs} value={stats.totalJobs} testId="tile-total-jobs" />
      <Tile
        label={t.pendingBookings}
        value={stats.pendingBookings}
        testId="tile-pending-bookings"
      />
      <Tile
        label={t.emergencyJobs}
        value={stats.emergencyJobs}
        testId="tile-emergency-jobs"
        accent={stats.emergencyJobs > 0 ? 'red' : undefined}
      />
    </SimpleGrid>
  );
}

/** Fuel efficiency (L/100 km between full fills) and monthly fleet cost per vehicle charts. */
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import type { FleetExpense, FuelRecord, ServiceRecord, Vehicle } from '@pilbara/shared-schema';
import { SERIES_COLORS, efficiencyRows, monthlyCostRows, vehicleLabel } from './fleet-figures';
import { FLEET_TEXT } from './fleet-text';
import classes from './fleet.module.css';
import { ChartCard } from '../../components/chart-card';

export interface FleetChartsProps {
  vehicles: readonly Vehicle[];
  fuel: readonly FuelRecord[];
  services: readonly ServiceRecord[];
  expenses: readonly FleetExpense[];
}

export function FleetCharts({ vehicles, fuel, services, expenses }: FleetChartsProps) {
  const efficiency = efficiencyRows(vehicles, fuel);
  const monthly = monthlyCostRows(vehicles, fuel, services, expenses);
  const seriesOf = (rows: readonly Record<string, unknown>[]) => {
    const present = new Set(rows.flatMap((row) => Object.keys(row)));
    return [...new Set(vehicles.map(vehicleLabel))]
      .filter((name) => present.has(name))
      .map((name, index) => ({
        name,
        color: SERIES_COLORS[index % SERIES_COLORS.length] ?? 'blue.6',
      }));
  };

  // Both charts: one row per month or fill, one coloured series per vehicle, legend below.
  const chartOf = (rows: Record<string, unknown>[]) => ({
    h: 220,
    data: rows,
    dataKey: 'label',
    series: seriesOf(rows),
    withLegend: true,
    legendProps: { verticalAlign: 'bottom' as const },
  });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard
        titleOrder={2}
        className={classes.charts}
        testId="efficiency-chart"
        title={FLEET_TEXT.efficiencyChart}
        empty={efficiency.length === 0}
        emptyText={FLEET_TEXT.noEfficiency}
      >
        <LineChart
          {...chartOf(efficiency)}
          connectNulls
          curveType="monotone"
          unit=" L"
          yAxisProps={{ width: 44 }}
          xAxisProps={{ padding: { left: 12, right: 12 } }}
        />
      </ChartCard>
      <ChartCard
        titleOrder={2}
        className={classes.charts}
        testId="monthly-cost-chart"
        title={FLEET_TEXT.monthlyCostChart}
        empty={monthly.length === 0}
        emptyText={FLEET_TEXT.noCosts}
      >
        <BarChart
          {...chartOf(monthly)}
          valueFormatter={(value) => `$${value.toFixed(2)}`}
          yAxisProps={{ width: 56 }}
        />
      </ChartCard>
    </SimpleGrid>
  );
}

/** Fuel efficiency (L/100 km between full fills) and monthly fleet cost per vehicle charts. */
import '@mantine/charts/styles.css';
import type { ReactNode } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FleetExpense, FuelRecord, ServiceRecord, Vehicle } from '@pilbara/shared-schema';
import { SERIES_COLORS, efficiencyRows, monthlyCostRows, vehicleLabel } from './fleet-figures';
import { FLEET_TEXT } from './fleet-text';
import classes from './fleet.module.css';

export interface FleetChartsProps {
  vehicles: readonly Vehicle[];
  fuel: readonly FuelRecord[];
  services: readonly ServiceRecord[];
  expenses: readonly FleetExpense[];
}

/** A titled chart card; `emptyText` stands in for the chart while there is nothing to draw. */
function ChartCard({
  testId,
  title,
  empty,
  emptyText,
  children,
}: {
  testId: string;
  title: string;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" className={classes.charts} data-testid={testId}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {empty ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
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

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard
        testId="efficiency-chart"
        title={FLEET_TEXT.efficiencyChart}
        empty={efficiency.length === 0}
        emptyText={FLEET_TEXT.noEfficiency}
      >
        <LineChart
          h={220}
          data={efficiency}
          dataKey="label"
          series={seriesOf(efficiency)}
          connectNulls
          curveType="monotone"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          unit=" L"
          yAxisProps={{ width: 44 }}
          xAxisProps={{ padding: { left: 12, right: 12 } }}
        />
      </ChartCard>
      <ChartCard
        testId="monthly-cost-chart"
        title={FLEET_TEXT.monthlyCostChart}
        empty={monthly.length === 0}
        emptyText={FLEET_TEXT.noCosts}
      >
        <BarChart
          h={220}
          data={monthly}
          dataKey="label"
          series={seriesOf(monthly)}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={(value) => `$${value.toFixed(2)}`}
          yAxisProps={{ width: 56 }}
        />
      </ChartCard>
    </SimpleGrid>
  );
}

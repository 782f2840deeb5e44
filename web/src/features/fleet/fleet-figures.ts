/**
 * Chart and summary figures of the fleet screen, built from the shared fleet rules: fuel
 * efficiency points between full fills, monthly cost per vehicle, and cost per km over a period.
 */
import {
  costPerKm,
  perthDate,
  fuelEfficiency,
  monthlyCosts,
  type CostPerKm,
  type FleetExpense,
  type FuelRecord,
  type ServiceRecord,
  type Vehicle,
  formatWhen,
} from '@pilbara/shared-schema';

/** The label a vehicle goes by on cards and charts: its name, else make and model. */
export function vehicleLabel(vehicle: Pick<Vehicle, 'name' | 'make' | 'model'>): string {
  return vehicle.name.trim() || `${vehicle.make} ${vehicle.model}`.trim();
}

/** One chart row: the x label plus one value per vehicle label. */
export type ChartRow = { label: string } & Record<string, number | string | null>;

/**
 * Efficiency points (L/100 km) of every vehicle, one row per Perth day with a full fill that
 * closes a segment, in time order. A row carries the values of the vehicles filled that day
 * (the chart connects the gaps); two closing fills of one vehicle on one day are averaged. One
 * row per day, so the axis never shows a date twice (a row per fill would repeat it). Labels carry
 * the year only when the points span more than one.
 */
export function efficiencyRows(
  vehicles: readonly Vehicle[],
  fuel: readonly FuelRecord[],
): ChartRow[] {
  const points: { at: string; vehicle: string; value: number }[] = [];
  for (const vehicle of vehicles) {
    const records = fuel.filter((record) => record.vehicleId === vehicle.id);
    const byId = new Map(records.map((record) => [record.id, record]));
    for (const fill of fuelEfficiency(records).fills) {
      const record = byId.get(fill.id);
      if (record && fill.litresPer100Km !== null)
        points.push({
          at: record.dateTime,
          vehicle: vehicleLabel(vehicle),
          value: fill.litresPer100Km,
        });
    }
  }
  points.sort((a, b) => a.at.localeCompare(b.at));
  const years = new Set(points.map((point) => perthDate(point.at).slice(0, 4)));
  const labelStyle = years.size > 1 ? 'date' : 'dayMonth';
  const days = new Map<string, { label: string; values: Map<string, number[]> }>();
  for (const point of points) {
    const day = perthDate(point.at);
    const row = days.get(day) ?? { label: formatWhen(point.at, labelStyle), values: new Map() };
    row.values.set(point.vehicle, [...(row.values.get(point.vehicle) ?? []), point.value]);
    days.set(day, row);
  }
  return [...days.values()].map((row) => {
    const chartRow: ChartRow = { label: row.label };
    for (const [name, values] of row.values) {
      const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
      chartRow[name] = Math.round(mean * 10) / 10;
    }
    return chartRow;
  });
}

/** Monthly cost rows ('Dec 2026'), dollars per vehicle label, oldest month first. */
export function monthlyCostRows(
  vehicles: readonly Vehicle[],
  fuel: readonly FuelRecord[],
  services: readonly ServiceRecord[],
  expenses: readonly FleetExpense[],
): ChartRow[] {
  const names = new Map(vehicles.map((vehicle) => [vehicle.id, vehicleLabel(vehicle)]));
  const rows = new Map<string, ChartRow>();
  for (const cost of monthlyCosts(fuel, services, expenses)) {
    const name = names.get(cost.vehicleId);
    if (!name) continue;
    let row = rows.get(cost.month);
    if (!row) {
      row = { label: formatWhen(`${cost.month}-15`, 'month') } as ChartRow;
      rows.set(cost.month, row);
    }
    row[name] = Math.round(cost.totalCents) / 100;
  }
  const months = [...rows.keys()].sort();
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return [];
  // Months with no cost still get a (zero-height) place, so the time axis reads evenly.
  const out: ChartRow[] = [];
  for (let month = first; month <= last; month = nextMonth(month)) {
    out.push(rows.get(month) ?? ({ label: formatWhen(`${month}-15`, 'month') } as ChartRow));
  }
  return out;
}

/** 'YYYY-MM' → the month after it. */
function nextMonth(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/**
 * Cost per km of one vehicle over the last `days` days up to `now`. The screen's `now` is read
 * once a minute, so a fill logged a moment ago is later than it: the period runs to the newest
 * record when that is later, or the fill just logged would show as fuel $0.00 until a
 * reload.
 */
export function vehicleCostPerKm(
  vehicleId: number,
  fuel: readonly FuelRecord[],
  services: readonly ServiceRecord[],
  days: number,
  now: string,
): CostPerKm {
  const fills = fuel.filter((record) => record.vehicleId === vehicleId);
  const serviced = services.filter((record) => record.vehicleId === vehicleId);
  const end = Math.max(
    Date.parse(now),
    ...fills.map((record) => Date.parse(record.dateTime)),
    ...serviced.map((record) => Date.parse(record.invoiceDate)),
  );
  const to = new Date(end + 1).toISOString();
  const from = new Date(Date.parse(now) - days * 86_400_000).toISOString();
  return costPerKm(fills, serviced, from, to);
}

/** Mantine chart colours for vehicle series, in turn. */
export const SERIES_COLORS = [
  'blue.6',
  'orange.6',
  'teal.6',
  'grape.6',
  'red.6',
  'lime.7',
  'cyan.6',
  'pink.6',
] as const;

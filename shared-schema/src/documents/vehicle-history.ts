/**
 * A vehicle's check and defect history for a mine-site audit: the model the PDF lays
 * out. Each check with who made it, when (Perth time), the odometer and every failed item; each
 * defect with its severity, how and when it was resolved. Wording lives here, not in the PDF.
 */
import type { BusinessProfile } from '../constants/business-profile-schema';
import type { PrestartCheck, VehicleDefect } from '../entities/prestart';
import type { ServiceRecord } from '../entities/service-record';
import type { Vehicle } from '../entities/vehicle';
import { formatStampTime } from '../rules/field-record';
import { formatDate } from '../rules/date-format';
import { formatStatusLabel } from '../rules/fleet';
import { sellerBlock, type SellerBlock } from './quote-document';

/** One check line of the history. */
export interface HistoryCheck {
  time: string;
  by: string;
  odometer: string;
  outcome: string;
  /** `Item: note` of each failed item. */
  failures: string[];
}

/** One defect line of the history. */
export interface HistoryDefect {
  raised: string;
  severity: string;
  title: string;
  note: string;
  state: string;
}

/** The vehicle history document. */
export interface VehicleHistoryDocument {
  title: string;
  number: string;
  seller: SellerBlock;
  vehicle: string[];
  checks: HistoryCheck[];
  defects: HistoryDefect[];
  fileName: string;
}

/** Headings and empty-state texts of the history PDF. */
export const VEHICLE_HISTORY_TEXT = {
  title: 'Vehicle history',
  vehicle: 'Vehicle',
  checks: 'Pre-start checks',
  defects: 'Defects',
  noChecks: 'No pre-start checks recorded.',
  noDefects: 'No defects recorded.',
} as const;

/** The history document of one vehicle, checks and defects newest first. */
export function vehicleHistoryDocument(input: {
  vehicle: Vehicle;
  checks: readonly PrestartCheck[];
  defects: readonly VehicleDefect[];
  services: readonly Pick<ServiceRecord, 'id' | 'serviceType' | 'invoiceDate'>[];
  profile: BusinessProfile;
  printedAt: string;
}): VehicleHistoryDocument {
  const { vehicle } = input;
  const services = new Map(input.services.map((service) => [service.id, service]));
  const checks = [...input.checks]
    .sort((a, b) => b.checkedAt.localeCompare(a.checkedAt))
    .map((check) => ({
      time: formatStampTime(check.checkedAt),
      by: check.checkedByName,
      odometer: `${check.odometer} km`,
      outcome: check.failedCount === 0 ? 'All clear' : `${check.failedCount} failed`,
      failures: check.items
        .filter((item) => item.result === 'fail')
        .map((item) => `${item.label} (${item.severity ?? 'minor'}): ${item.note ?? ''}`),
    }));
  const defects = [...input.defects]
    .sort((a, b) => b.raisedAt.localeCompare(a.raisedAt))
    .map((defect) => {
      let state = 'Open';
      if (defect.status === 'resolved' && defect.resolvedAt) {
        const when = formatStampTime(defect.resolvedAt);
        const service =
          defect.serviceRecordId !== null ? services.get(defect.serviceRecordId) : undefined;
        state =
          defect.resolution === 'service'
            ? `Resolved ${when} by service${service ? `: ${service.serviceType} (${formatDate(service.invoiceDate)})` : ''}`
            : `Fixed ${when}: ${defect.resolutionNote ?? ''}`;
      }
      return {
        raised: `${formatStampTime(defect.raisedAt)}, ${defect.raisedByName}`,
        severity: defect.severity.toUpperCase(),
        title: defect.title,
        note: defect.note,
        state,
      };
    });
  return {
    title: VEHICLE_HISTORY_TEXT.title,
    number: vehicle.registration,
    seller: sellerBlock(input.profile),
    vehicle: [
      `${vehicle.name}: ${vehicle.year} ${vehicle.make} ${vehicle.model}`,
      `Registration ${vehicle.registration}${vehicle.vin ? `, VIN ${vehicle.vin}` : ''}`,
      `Type ${vehicle.type}, odometer ${vehicle.mileage} km, status ${formatStatusLabel(vehicle.status)}`,
      `Printed ${formatStampTime(input.printedAt)}`,
    ],
    checks,
    defects,
    fileName: `vehicle-history-${vehicle.registration.replace(/[^A-Za-z0-9-]/g, '')}.pdf`,
  };
}

/** REST shapes of the pre-start checks, defects and the fleet's due list. */
import { z } from 'zod';
import { DEFECT_STATUSES } from '../constants/prestart';
import { prestartCheckSchema, vehicleDefectSchema } from '../entities/prestart';
import { jobSchema } from '../entities/job';
import { MESSAGES } from '../messages';

/** `?vehicleId=&status=` of the defect list. */
export const defectFilterQuerySchema = z.object({
  vehicleId: z.coerce
    .number({ error: MESSAGES.VEHICLE_REQUIRED })
    .int(MESSAGES.VEHICLE_REQUIRED)
    .positive(MESSAGES.VEHICLE_REQUIRED)
    .optional(),
  status: z.enum(DEFECT_STATUSES).optional(),
});

/** GET /api/prestart-checks answer. */
export const prestartChecksResponseSchema = z.object({ checks: z.array(prestartCheckSchema) });
/** POST /api/prestart-checks answer: the check and the defects it raised. */
export const prestartCheckResponseSchema = z.object({
  check: prestartCheckSchema,
  defects: z.array(vehicleDefectSchema),
});
/** GET /api/vehicle-defects answer. */
export const vehicleDefectsResponseSchema = z.object({ defects: z.array(vehicleDefectSchema) });
/** POST /api/vehicle-defects/{id}/resolve answer. */
export const vehicleDefectResponseSchema = z.object({ defect: vehicleDefectSchema });

/** GET /api/fleet/due answer. */
export const fleetDueResponseSchema = z.object({
  items: z.array(
    z.object({
      vehicleId: z.number().int(),
      vehicleName: z.string(),
      kind: z.enum(['service', 'registration', 'insurance', 'prestart']),
      urgent: z.boolean(),
      text: z.string(),
    }),
  ),
});

/** PUT /api/jobs/{id}/vehicle body. */
export const jobVehicleInputSchema = z.object({
  vehicleId: z.number().int().positive().nullable(),
});
/** PUT /api/jobs/{id}/vehicle answer. */
export const jobVehicleResponseSchema = z.object({ job: jobSchema });

import { z } from 'zod';
import { intIdSchema, isoDateTimeSchema } from './common';

/** Table `contact_submissions`: a message sent through the contact form (all fields required). */
export const contactSubmissionSchema = z.object({
  id: intIdSchema,
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
  serviceNeeded: z.string(),
  message: z.string(),
  createdAt: isoDateTimeSchema,
});
/** A stored contact submission. */
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;

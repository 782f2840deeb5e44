import { createContext } from 'react';
import type { ReviewableJob } from '@pilbara/shared-schema';

/**
 * The jobs the feedback page's review form is drawn with at build time, as the template of the
 * server's answer to a lookup posted without script (src/prerender.tsx renders the page once so;
 * the server puts the person's own jobs in the sample's place). Null in the browser: the page
 * finds the jobs itself.
 */
export const ReviewTemplateJobs = createContext<ReviewableJob[] | null>(null);

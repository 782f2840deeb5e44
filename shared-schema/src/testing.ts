/**
 * Test support for the other packages (`@pilbara/shared-schema/testing`): the same plausible
 * entities the mutator tests use, so a server, device or benchmark test that needs "a job"
 * takes this one and states only what it changes. Production code never imports it (lint).
 */
export { aBooking, aJob, aQuote, aVehicle } from './sync/mutators/test-fixtures';

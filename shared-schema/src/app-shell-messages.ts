/**
 * The one message the web app's shell (the code every page loads first) needs, kept out of
 * messages.ts: the bundler ships a module whole, so importing it from there would put every
 * message of the product into every first visit (about 4 KB compressed).
 */

/** Spec §8: the auth helper used outside its provider. */
export const USE_AUTH_OUTSIDE_PROVIDER = 'useAuth must be used within an AuthProvider';

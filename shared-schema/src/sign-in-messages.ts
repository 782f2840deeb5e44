/**
 * The sign-in form's messages, kept out of messages.ts as app-shell-messages.ts is: the bundler
 * ships a module whole, and the form's check (rules/sign-in.ts) would otherwise bring every
 * message of the product (about 5 KB compressed) onto the sign-in page. MESSAGES holds them too.
 */
export const SIGN_IN_MESSAGES = {
  USERNAME_REQUIRED: 'Username is required',
  USERNAME_MAX: 'Username must be at most 50 characters',
  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_MAX: 'Password must be at most 255 characters',
} as const;
